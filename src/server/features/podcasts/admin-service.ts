import { eq, sql, type Column } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { podcasts } from '../../db/schema';
import type { PodcastDetail, podcastInput } from '../../../shared/podcasts';
import { isUuid } from '../../db/query-values';

type PodcastValues = z.output<typeof podcastInput>;

const columns = {
  id: podcasts.id,
  title: podcasts.title,
  description: podcasts.description,
  mediaType: podcasts.mediaType,
  videoUrl: podcasts.videoUrl,
  mediaUrl: podcasts.mediaUrl,
  thumbnailUrl: podcasts.thumbnailUrl,
  guests: podcasts.guests,
  tags: podcasts.tags,
  transcript: podcasts.transcript,
  showNotes: podcasts.showNotes,
  publishedAt: podcasts.publishedAt,
  viewCount: podcasts.viewCount,
  likesCount: podcasts.likesCount,
  durationSeconds: podcasts.durationSeconds,
  mediaBytes: podcasts.mediaBytes,
  mediaMime: podcasts.mediaMime,
};

type Row = { [K in keyof typeof columns]: (typeof podcasts.$inferSelect)[K] };

const toDetail = (row: Row): PodcastDetail => ({
  ...row,
  mediaType: row.mediaType as PodcastDetail['mediaType'],
  publishedAt: row.publishedAt.toISOString(),
});

/** The columns a write sets; an absent publishedAt is now for a new episode, unchanged for an edit. */
function toColumns({ publishedAt, ...rest }: PodcastValues) {
  return { ...rest, ...(publishedAt ? { publishedAt: new Date(publishedAt) } : {}) };
}

/** What is known of an uploaded file holds only while the media URL is still that file's. */
const keptWhileSameUrl = (column: Column, url: string | null) =>
  sql`case when ${podcasts.mediaUrl} is not distinct from ${url} then ${column} end`;

export async function findPodcastDetail(db: Db, id: string): Promise<PodcastDetail | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select(columns).from(podcasts).where(eq(podcasts.id, id));
  return row ? toDetail(row) : null;
}

export async function createPodcast(db: Db, values: PodcastValues): Promise<PodcastDetail> {
  const [row] = await db.insert(podcasts).values(toColumns(values)).returning(columns);
  return toDetail(row!);
}

export async function updatePodcast(db: Db, id: string, values: PodcastValues): Promise<PodcastDetail | null> {
  if (!isUuid(id)) return null;
  const url = values.mediaUrl ?? null;
  const [row] = await db
    .update(podcasts)
    .set({
      ...toColumns(values),
      mediaBytes: keptWhileSameUrl(podcasts.mediaBytes, url),
      mediaMime: keptWhileSameUrl(podcasts.mediaMime, url),
      durationSeconds: keptWhileSameUrl(podcasts.durationSeconds, url),
    })
    .where(eq(podcasts.id, id))
    .returning(columns);
  return row ? toDetail(row) : null;
}

export interface StoredAudio {
  url: string;
  bytes: number;
  mime: string;
  durationSeconds: number;
}

/** Makes the file the episode's media (Direct), or clears it (null), and returns the media URL it
 * replaced (`undefined` when the episode is missing). */
export async function setPodcastAudio(db: Db, id: string, audio: StoredAudio | null) {
  if (!isUuid(id)) return undefined;
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select({ mediaUrl: podcasts.mediaUrl, mediaBytes: podcasts.mediaBytes })
      .from(podcasts)
      .where(eq(podcasts.id, id))
      .for('update');
    if (!old) return undefined;
    await tx
      .update(podcasts)
      .set(
        audio
          ? {
              mediaType: 'direct',
              mediaUrl: audio.url,
              mediaBytes: audio.bytes,
              mediaMime: audio.mime,
              durationSeconds: audio.durationSeconds,
            }
          : { mediaUrl: null, mediaBytes: null, mediaMime: null, durationSeconds: null },
      )
      .where(eq(podcasts.id, id));
    return old.mediaUrl;
  });
}

/** Deletes the episode and returns what it was (for its thumbnail file); null when missing. */
export async function deletePodcast(db: Db, id: string): Promise<PodcastDetail | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.delete(podcasts).where(eq(podcasts.id, id)).returning(columns);
  return row ? toDetail(row) : null;
}

/** Sets the thumbnail and returns the one it replaced (`undefined` when the episode is missing). */
export async function setPodcastThumbnail(db: Db, id: string, thumbnailUrl: string | null) {
  if (!isUuid(id)) return undefined;
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select({ thumbnailUrl: podcasts.thumbnailUrl })
      .from(podcasts)
      .where(eq(podcasts.id, id))
      .for('update');
    if (!old) return undefined;
    await tx.update(podcasts).set({ thumbnailUrl }).where(eq(podcasts.id, id));
    return old.thumbnailUrl;
  });
}
