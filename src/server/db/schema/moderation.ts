import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles';

/** A member's report of a forum post, a reply or a direct message, for the admins to resolve
 * by removing the content or dismissing the report. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    targetType: text('target_type').$type<'post' | 'reply' | 'message'>().notNull(),
    // No foreign key: the content may be deleted while the report stays as a record.
    targetId: uuid('target_id').notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<'open' | 'removed' | 'dismissed'>().notNull().default('open'),
    resolvedById: text('resolved_by_id').references(() => profiles.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reports_target_type_check', sql`${t.targetType} in ('post', 'reply', 'message')`),
    check('reports_status_check', sql`${t.status} in ('open', 'removed', 'dismissed')`),
    // One report per member and item: reporting twice changes nothing.
    uniqueIndex('reports_reporter_target_idx').on(t.reporterId, t.targetType, t.targetId),
    index('reports_status_created_idx').on(t.status, t.createdAt.desc()),
    index('reports_target_idx').on(t.targetType, t.targetId),
  ],
);

/** A member who blocked another: no messages or connection requests from them. */
export const memberBlocks = pgTable(
  'member_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    check('member_blocks_not_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
    index('member_blocks_blocked_idx').on(t.blockedId),
  ],
);

/** Every admin write: who, what, when; flags carry their before and after. Kept when the
 * actor's account goes (the name is copied). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(), // the route's operationId, e.g. updateEvent
    method: text('method').notNull(),
    path: text('path').notNull(), // the route's pattern with its ids, no query string
    targetId: text('target_id'),
    // What the item was called when the write happened (an event's name, a member's username):
    // the item itself may be gone.
    targetLabel: text('target_label'),
    changes: jsonb('changes').$type<Record<string, { before: unknown; after: unknown }>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc())],
);
