import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tsvector, weightedDocument } from './search-vector';

export const podcasts = pgTable(
  'podcasts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description'),
    mediaType: text('media_type').notNull().default('youtube'),
    videoUrl: text('video_url'), // a URL, or 'coming' for an announced episode
    mediaUrl: text('media_url'),
    // Known for a file uploaded here (the feed's enclosure and duration); null for a typed URL.
    mediaBytes: integer('media_bytes'),
    mediaMime: text('media_mime'),
    durationSeconds: integer('duration_seconds'),
    thumbnailUrl: text('thumbnail_url'),
    guests: text('guests')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    transcript: text('transcript'),
    showNotes: text('show_notes'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    viewCount: integer('view_count').notNull().default(0),
    likesCount: integer('likes_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // One search (features/search). pm_words joins a text array (array_to_string is not immutable).
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(() =>
        weightedDocument({
          A: ['title'],
          B: [sql`pm_words(guests)`, sql`pm_words(tags)`],
          C: ['description', 'show_notes'],
          D: ['transcript'],
        }),
      ),
  },
  (t) => [
    index('podcasts_search_vector_idx').using('gin', t.searchVector),
    check('podcasts_media_type_check', sql`${t.mediaType} in ('youtube', 'vimeo', 'direct')`),
    // Search runs over at most a few thousand episodes: a scan is cheaper than a trigram index.
    index('podcasts_published_at_idx').on(t.publishedAt.desc()),
  ],
);
