import { z } from 'zod';
import { emptyToNull, isHttpUrl } from './sponsors';
import { SEARCH_QUERY_MAX_LENGTH } from './search-texts';
import { safeText } from './text';
import { vimeoId, youtubeId } from './video-links';

export { vimeoId, youtubeId } from './video-links';
export * from './podcast-texts';

export const MEDIA_TYPES = ['youtube', 'vimeo', 'direct'] as const;
export const LANDING_PODCASTS = 3;
export const PODCAST_TITLE_MAX = 200;
export const PODCAST_DESCRIPTION_MAX = 5000;

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
  /** Read from an uploaded audio file; null for links and typed URLs. */
  durationSeconds: z.number().int().nullable(),
});
export type Podcast = z.infer<typeof podcast>;

export const podcastsQuery = z.object({ q: z.string().trim().max(SEARCH_QUERY_MAX_LENGTH).optional() });
export const podcastsResponse = z.object({ podcasts: z.array(podcast) });
export type PodcastsResponse = z.infer<typeof podcastsResponse>;

// The admin's create and edit form (spec 2 sections 3 and 5), and the body of POST and PUT
// /api/podcasts. The thumbnail is set by its own upload route.

export const MEDIA_TYPE_LABELS: Record<(typeof MEDIA_TYPES)[number], string> = {
  youtube: 'YouTube',
  vimeo: 'Vimeo',
  direct: 'Direct',
};
/** The value of video_url for an episode that is announced but not out yet. */
export const COMING_SOON = 'coming';
export const NOT_YOUTUBE_LINK =
  'The video URL is not a YouTube link with a video id (like https://www.youtube.com/watch?v=dQw4w9WgXcQ)';
export const NOT_VIMEO_LINK = 'The video URL is not a Vimeo link with a video number (like https://vimeo.com/76979871)';

/** Comma-separated text (the form) or a list (other callers): trimmed, empty entries dropped. */
export const splitList = (value: string | string[]) =>
  (Array.isArray(value) ? value : value.split(',')).map((entry) => entry.trim()).filter((entry) => entry !== '');

const list = (label: string) =>
  z
    .union([safeText.max(2000, `${label} must be 2,000 characters or fewer`), z.array(safeText.max(200)).max(50)])
    .default('')
    .transform(splitList)
    .refine(
      (entries) => entries.every((entry) => entry.length <= 200),
      `Each of the ${label.toLowerCase()} must be 200 characters or fewer`,
    );

/** A file uploaded here is a path on this site (`/uploads/...`); anything else is a whole URL. */
const OWN_UPLOAD = /^\/uploads\/[a-zA-Z0-9][a-zA-Z0-9/_.-]*$/;

const url = (label: string) =>
  safeText
    .trim()
    .max(1000, `${label} must be 1,000 characters or fewer`)
    .default('')
    .refine(
      (v) => v === '' || isHttpUrl(v) || (OWN_UPLOAD.test(v) && !v.includes('..')),
      `${label} must be a URL starting with http:// or https://`,
    )
    .transform(emptyToNull);

const longText = (label: string) =>
  safeText.trim().max(100_000, `${label} must be 100,000 characters or fewer`).default('').transform(emptyToNull);

export const podcastInput = z
  .object({
    title: safeText
      .trim()
      .min(1, 'Title is required')
      .max(PODCAST_TITLE_MAX, `Title must be ${PODCAST_TITLE_MAX} characters or fewer`),
    description: safeText
      .trim()
      .max(
        PODCAST_DESCRIPTION_MAX,
        `Description must be ${PODCAST_DESCRIPTION_MAX.toLocaleString('en-US')} characters or fewer`,
      )
      .default('')
      .transform(emptyToNull),
    mediaType: z.enum(MEDIA_TYPES, { message: 'Media type must be youtube, vimeo or direct' }).default('youtube'),
    videoUrl: safeText
      .trim()
      .max(1000, 'Video URL must be 1,000 characters or fewer')
      .default('')
      .refine(
        (v) => v === '' || v === COMING_SOON || isHttpUrl(v),
        `Video URL must be a URL starting with http:// or https:// (or "${COMING_SOON}" for an announced episode)`,
      )
      .transform(emptyToNull),
    mediaUrl: url('Media URL'),
    guests: list('Guests'),
    tags: list('Tags'),
    transcript: longText('Transcript'),
    showNotes: longText('Show notes'),
    /** Absent: now for a new episode, unchanged for an edit. */
    publishedAt: z.iso.datetime({ offset: true, message: 'Published date must be a date and time' }).optional(),
  })
  .superRefine((value, ctx) => {
    const link = value.videoUrl && value.videoUrl !== COMING_SOON ? value.videoUrl : null;
    if (!link) return;
    if (value.mediaType === 'youtube' && !youtubeId(link)) {
      ctx.addIssue({ code: 'custom', path: ['videoUrl'], message: NOT_YOUTUBE_LINK });
    }
    if (value.mediaType === 'vimeo' && !vimeoId(link)) {
      ctx.addIssue({ code: 'custom', path: ['videoUrl'], message: NOT_VIMEO_LINK });
    }
  });
export type PodcastInput = z.input<typeof podcastInput>;

/** Everything an admin edits, plus the counters. */
export const podcastDetail = podcast.extend({
  transcript: z.string().nullable(),
  showNotes: z.string().nullable(),
  viewCount: z.number().int(),
  likesCount: z.number().int(),
  /** The uploaded audio file's size and type (the feed's enclosure); null for a typed URL. */
  mediaBytes: z.number().int().nullable(),
  mediaMime: z.string().nullable(),
});
export type PodcastDetail = z.infer<typeof podcastDetail>;
export const podcastResponse = z.object({ podcast: podcastDetail });
export type PodcastResponse = z.infer<typeof podcastResponse>;
export const podcastThumbnailResponse = z.object({ thumbnailUrl: z.string().nullable() });
export type PodcastThumbnailResponse = z.infer<typeof podcastThumbnailResponse>;

// An episode's own page (issue 36): /podcasts/<id>, from GET /api/podcasts/:id/episode.

/** A guest by name, with their profile's username when exactly one member has that name. */
export const episodeGuest = z.object({ name: z.string(), username: z.string().nullable() });
export type EpisodeGuest = z.infer<typeof episodeGuest>;

export const episode = podcast.extend({
  /** The show notes as sanitised HTML (plain text becomes paragraphs); null without any. */
  showNotesHtml: z.string().nullable(),
  transcript: z.string().nullable(),
  guestProfiles: z.array(episodeGuest),
});
export type Episode = z.infer<typeof episode>;
export const episodeResponse = z.object({ episode });
export type EpisodeResponse = z.infer<typeof episodeResponse>;

// An episode's audio file and the podcast feed (issue 36).

export const MAX_AUDIO_BYTES = 100 * 1024 * 1024;
export const AUDIO_TOO_LARGE = `Audio files must be ${MAX_AUDIO_BYTES / 1024 / 1024} MB or smaller.`;
export const NOT_EPISODE_AUDIO = 'Choose an MP3 or M4A audio file.';
/** The file picker's filter: the types browsers report for MP3 and M4A, and the extensions. */
export const AUDIO_ACCEPT = 'audio/mpeg,audio/mp4,audio/x-m4a,.mp3,.m4a';
export const TRANSCRIPT_NOT_FOUND = 'This episode has no transcript.';
