import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Podcast } from '../../../shared/podcasts';
import { containsPattern } from '../../db/query-values';

type Row = {
  id: string;
  title: string;
  description: string | null;
  media_type: Podcast['mediaType'];
  video_url: string | null;
  media_url: string | null;
  thumbnail_url: string | null;
  guests: string[];
  tags: string[];
  published_at: Date | string;
};

const toPodcast = (r: Row): Podcast => ({
  id: r.id,
  title: r.title,
  description: r.description,
  mediaType: r.media_type,
  videoUrl: r.video_url,
  mediaUrl: r.media_url,
  thumbnailUrl: r.thumbnail_url,
  guests: r.guests ?? [],
  tags: r.tags ?? [],
  publishedAt: new Date(r.published_at).toISOString(),
});

/** Newest first; `q` matches title, description or any guest, ignoring case. */
export async function listPodcasts(db: Db, q?: string, limit = 500): Promise<Podcast[]> {
  const filter = q
    ? sql`lower(title || ' ' || coalesce(description, '') || ' ' || array_to_string(guests, ' ')) like ${containsPattern(q)}`
    : sql`true`;
  const result =
    await db.execute<Row>(sql`select id, title, description, media_type, video_url, media_url, thumbnail_url,
      guests, tags, published_at from podcasts where ${filter} order by published_at desc, id limit ${limit}`);
  return result.rows.map(toPodcast);
}
