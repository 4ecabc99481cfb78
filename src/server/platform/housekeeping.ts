import { and, count, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { emailOutbox, jobs, memberPresence, session, verification } from '../db/schema';
import type { JobDefinition } from './jobs';
import { pruneRateLimits } from './rate-limit';

// Jobs that keep tables from growing without end: recurring jobs of platform/jobs.ts, so each
// runs once per interval across the whole fleet. Each answers how many rows went, per table.

export interface HousekeepingJob extends JobDefinition {
  everySeconds: number;
  run(ctx: { db: Db }): Promise<Record<string, number>>;
}

const HOUR = 3_600;

/** Deletes `table`'s rows that match `where` and counts them the same way on both drivers (their
 * own affected-row counts differ), without sending the rows back. */
async function deleteCounted(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const gone = db.$with('gone').as(
    db
      .delete(table)
      .where(where)
      .returning({ one: sql<number>`1`.as('one') }),
  );
  const [row] = await db.with(gone).select({ n: count() }).from(gone);
  return row!.n;
}

export function housekeepingJobs(config: Pick<Config, 'OUTBOX_RETENTION_DAYS'>): HousekeepingJob[] {
  return [
    {
      // better-auth deletes an expired session only when its cookie comes back; most never do.
      name: 'expired-sessions',
      everySeconds: HOUR,
      run: async ({ db }) => ({
        session: await deleteCounted(db, session, lt(session.expiresAt, sql`now()`)),
      }),
    },
    {
      // Password-reset tokens nobody used.
      name: 'expired-verifications',
      everySeconds: HOUR,
      run: async ({ db }) => ({
        verification: await deleteCounted(db, verification, lt(verification.expiresAt, sql`now()`)),
      }),
    },
    {
      name: 'rate-limit-windows',
      everySeconds: 10 * 60,
      run: async ({ db }) => ({ rate_limits: await pruneRateLimits(db) }),
    },
    {
      // Delivered (or, without SMTP, captured) mail; failed mail stays for the admins' outbox view.
      name: 'delivered-mail',
      everySeconds: 6 * HOUR,
      run: async ({ db }) => ({
        email_outbox: await deleteCounted(
          db,
          emailOutbox,
          and(
            inArray(emailOutbox.status, ['sent', 'captured']),
            sql`coalesce(${emailOutbox.sentAt}, ${emailOutbox.createdAt}) < now() - make_interval(days => ${config.OUTBOX_RETENTION_DAYS})`,
          ),
        ),
      }),
    },
    {
      // Finished runs of every job, kept a week for the admins' Jobs view.
      name: 'old-job-runs',
      everySeconds: 6 * HOUR,
      run: async ({ db }) => ({
        jobs: await deleteCounted(
          db,
          jobs,
          and(inArray(jobs.status, ['done', 'failed']), lt(jobs.runAt, sql`now() - interval '7 days'`)),
        ),
      }),
    },
    {
      // Streams whose process died without saying goodbye.
      name: 'stale-presence',
      everySeconds: HOUR,
      run: async ({ db }) => ({
        member_presence: await deleteCounted(
          db,
          memberPresence,
          lt(memberPresence.seenAt, sql`now() - interval '1 day'`),
        ),
      }),
    },
  ];
}
