import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles';
import { tsvector, weightedDocument } from './search-vector';

export const forums = pgTable(
  'forums',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''), // sanitised HTML
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Kept by triggers (migration 0006) so the list never counts 100,000 posts.
    postCount: integer('post_count').notNull().default(0),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
  },
  (t) => [index('forums_created_idx').on(t.createdAt.desc())],
);

export const forumPosts = pgTable(
  'forum_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    forumId: uuid('forum_id')
      .notNull()
      .references(() => forums.id, { onDelete: 'cascade' }),
    // A departed member's discussions stay; the author shows as removed.
    authorId: text('author_id').references(() => profiles.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    content: text('content').notNull(), // sanitised HTML
    excerpt: text('excerpt').notNull().default(''), // plain text for lists
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    // Kept by triggers (migration 0006).
    replyCount: integer('reply_count').notNull().default(0),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    // One search (features/search): the title above the body.
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(() => weightedDocument({ A: ['title'], C: ['content'] })),
  },
  (t) => [
    index('forum_posts_search_vector_idx').using('gin', t.searchVector),
    // Typos and partial words in a title ("mortage rates").
    index('forum_posts_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    index('forum_posts_forum_created_idx').on(t.forumId, t.createdAt.desc()),
    // The search's newest matches of a common word, across all forums (features/search).
    index('forum_posts_created_idx').on(t.createdAt),
    index('forum_posts_author_idx').on(t.authorId),
  ],
);

export const forumReplies = pgTable(
  'forum_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => forumPosts.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => profiles.id, { onDelete: 'set null' }),
    content: text('content').notNull(), // sanitised HTML
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(() => weightedDocument({ C: ['content'] })),
  },
  (t) => [
    index('forum_replies_search_vector_idx').using('gin', t.searchVector),
    // With the id: a page deep in a long thread is read from the index alone.
    index('forum_replies_post_created_idx').on(t.postId, t.createdAt, t.id),
    index('forum_replies_author_idx').on(t.authorId),
    // Replies of the last hours, for the notification e-mails' minute sweep.
    index('forum_replies_created_idx').on(t.createdAt),
  ],
);
