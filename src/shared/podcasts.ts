import { z } from 'zod';

export const MEDIA_TYPES = ['youtube', 'vimeo', 'direct'] as const;
export const LANDING_PODCASTS = 3;
export const PODCASTS_EMPTY = 'No podcasts found matching your search.';

export const podcast = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  mediaType: z.enum(MEDIA_TYPES),
  videoUrl: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  guests: z.array(z.string()),
  tags: z.array(z.string()),
  publishedAt: z.string(),
});
export type Podcast = z.infer<typeof podcast>;

export const podcastsQuery = z.object({ q: z.string().trim().max(100).optional() });
export const podcastsResponse = z.object({ podcasts: z.array(podcast) });
export type PodcastsResponse = z.infer<typeof podcastsResponse>;

/** The spec's rule: a YouTube link counts when it yields an 11-character video id. */
export function youtubeId(url: string | null | undefined): string | null {
  if (!url) return null;
  const match = url.match(
    /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/|v\/)|youtu\.be\/)([A-Za-z0-9_-]+)/,
  );
  const id = match?.[1];
  return id && id.length === 11 ? id : null;
}

export const youtubeThumbnail = (id: string) => `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;

export function vimeoId(url: string | null | undefined): string | null {
  const match = url?.match(/vimeo\.com\/(?:video\/)?(\d+)/);
  return match?.[1] ?? null;
}

/** 'coming' (or nothing) means the episode is announced but not out yet. */
export const isComingSoon = (p: Pick<Podcast, 'videoUrl' | 'mediaUrl' | 'mediaType'>) =>
  p.videoUrl === 'coming' || (p.mediaType === 'direct' ? !p.mediaUrl : !p.videoUrl);
