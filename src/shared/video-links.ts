// Video links of YouTube and Vimeo, without zod: the event page shows recap videos and must not
// wait for the validation library. shared/podcasts.ts re-exports them.

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
