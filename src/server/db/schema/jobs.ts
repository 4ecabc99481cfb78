import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Everything that runs later or repeatedly (platform/jobs.ts): one row per run. A recurring job
 * gets one row per period, keyed by the period's start, so however many processes offer it, the
 * unique (name, key) lets one row exist and `FOR UPDATE SKIP LOCKED` lets one process run it. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** A recurring job's period start (ISO), or a one-off job's own key. */
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    status: text('status').notNull().default('scheduled'),
    /** Not before this: the period's start, or the next try after a failure. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The process running it, and until when its claim holds (then another takes it over). */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    lastError: text('last_error'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('jobs_status_check', sql`${t.status} in ('scheduled', 'running', 'done', 'failed')`),
    uniqueIndex('jobs_name_key_idx').on(t.name, t.key),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} in ('scheduled', 'running')`),
    index('jobs_name_run_at_idx').on(t.name, t.runAt.desc()),
  ],
);
