import { arrayContains, eq, or, param, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/query-values';
import { events } from '../../db/schema';
import { removeImage } from '../../platform/images';
import type { Storage } from '../../platform/storage';

// An event's stored images (issue 10): the gallery's uploads appended and taken out, and stored
// files removed once no event refers to them any more (a duplicate shares its source's files).

/** The images placed in rich content (the sanitiser keeps only our storage's). */
export const contentImages = (html: string | null) =>
  [...(html ?? '').matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

/** Every stored file an event refers to, its content's images included. */
export const imagesOf = (row: {
  imageUrl: string | null;
  galleryUrls: string[] | null;
  panelistsUrls: string[] | null;
  recapThumbnailUrl: string | null;
  content: string | null;
}) =>
  [
    row.imageUrl,
    ...(row.galleryUrls ?? []),
    ...(row.panelistsUrls ?? []),
    row.recapThumbnailUrl,
    ...contentImages(row.content),
  ].filter((u): u is string => !!u);

/** Removes the stored files among `urls` that are ours (bucket event-images) and that no event
 * refers to any more. A failure is logged: the database change it follows has committed. */
export async function removeUnreferencedImages(
  deps: { db: Db; storage: Storage; log: FastifyBaseLogger },
  urls: string[],
) {
  for (const url of new Set(urls)) {
    const location = deps.storage.locate(url);
    if (!location || location.bucket !== 'event-images') continue;
    if (await isReferenced(deps.db, url)) continue;
    await removeImage(deps.storage, location.bucket, location.key).catch((err) =>
      deps.log.warn({ err, url }, 'could not remove an event image'),
    );
  }
}

export async function isReferenced(db: Db, url: string): Promise<boolean> {
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(
      or(
        eq(events.imageUrl, url),
        eq(events.recapThumbnailUrl, url),
        arrayContains(events.galleryUrls, [url]),
        arrayContains(events.panelistsUrls, [url]),
        sql`strpos(${events.content}, ${`src="${url.replaceAll('&', '&amp;')}"`}) > 0`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Appends uploaded gallery images; null when the event is gone. */
export async function appendGallery(db: Db, id: string, urls: string[]): Promise<string[] | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .update(events)
    .set({
      galleryUrls: sql`${events.galleryUrls} || ${param(urls, events.galleryUrls)}::text[]`,
      updatedAt: sql`now()`,
    })
    .where(eq(events.id, id))
    .returning({ galleryUrls: events.galleryUrls });
  return row?.galleryUrls ?? null;
}

/** Takes one image out of the gallery; null when the event is gone, false when it was not there. */
export async function removeFromGallery(db: Db, id: string, url: string): Promise<string[] | null | false> {
  if (!isUuid(id)) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ galleryUrls: events.galleryUrls })
      .from(events)
      .where(eq(events.id, id))
      .for('update');
    if (!row) return null;
    if (!row.galleryUrls.includes(url)) return false;
    const [updated] = await tx
      .update(events)
      .set({ galleryUrls: sql`array_remove(${events.galleryUrls}, ${url})`, updatedAt: sql`now()` })
      .where(eq(events.id, id))
      .returning({ galleryUrls: events.galleryUrls });
    return updated!.galleryUrls;
  });
}
