import { asc, desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { podcasts } from '../../db/schema';
import type { Podcast } from '../../../shared/podcasts';
import { containsPattern } from '../../db/query-values';

export const podcastColumns = {
  id: podcasts.id,
  title: podcasts.title,
  description: podcasts.description,
  mediaType: podcasts.mediaType,
  videoUrl: podcasts.videoUrl,
  mediaUrl: podcasts.mediaUrl,
  thumbnailUrl: podcasts.thumbnailUrl,
  guests: podcasts.guests,
  tags: podcasts.tags,
  publishedAt: podcasts.publishedAt,
  durationSeconds: podcasts.durationSeconds,
};

type Row = Pick<typeof podcasts.$inferSelect, keyof typeof podcastColumns>;

export const toPodcast = (r: Row): Podcast => ({
  ...r,
  // A check constraint allows only the shared media types.
  mediaType: r.mediaType as Podcast['mediaType'],
  guests: r.guests ?? [],
  tags: r.tags ?? [],
  publishedAt: r.publishedAt.toISOString(),
});

/** Newest first; `q` matches title, description or any guest, ignoring case. */
export async function listPodcasts(db: Db, q?: string, limit = 500): Promise<Podcast[]> {
  const filter = q
    ? sql`lower(${podcasts.title} || ' ' || coalesce(${podcasts.description}, '') || ' ' || array_to_string(${podcasts.guests}, ' ')) like ${containsPattern(q)}`
    : undefined;
  const rows = await db
    .select(podcastColumns)
    .from(podcasts)
    .where(filter)
    .orderBy(desc(podcasts.publishedAt), asc(podcasts.id))
    .limit(limit);
  return rows.map(toPodcast);
}
