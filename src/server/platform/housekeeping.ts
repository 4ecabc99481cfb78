import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { JobDefinition } from './jobs';
import { pruneRateLimits } from './rate-limit';

// Jobs that keep tables from growing without end: recurring jobs of platform/jobs.ts, so each
// runs once per interval across the whole fleet. Each answers how many rows went, per table.

export interface HousekeepingJob extends JobDefinition {
  everySeconds: number;
  run(ctx: { db: Db }): Promise<Record<string, number>>;
}

const HOUR = 3_600;

/** Runs a DELETE and counts its rows the same way on both drivers. */
async function deleteCounted(db: Db, statement: SQL): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`,
  );
  return Number(result.rows[0]!.n);
}

export function housekeepingJobs(config: Pick<Config, 'OUTBOX_RETENTION_DAYS'>): HousekeepingJob[] {
  return [
    {
      // better-auth deletes an expired session only when its cookie comes back; most never do.
      name: 'expired-sessions',
      everySeconds: HOUR,
      run: async ({ db }) => ({
        session: await deleteCounted(db, sql`delete from "session" where expires_at < now()`),
      }),
    },
    {
      // Password-reset tokens nobody used.
      name: 'expired-verifications',
      everySeconds: HOUR,
      run: async ({ db }) => ({
        verification: await deleteCounted(db, sql`delete from verification where expires_at < now()`),
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
          sql`delete from email_outbox where status in ('sent', 'captured')
            and coalesce(sent_at, created_at) < now() - make_interval(days => ${config.OUTBOX_RETENTION_DAYS})`,
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
          sql`delete from jobs where status in ('done', 'failed') and run_at < now() - interval '7 days'`,
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
          sql`delete from member_presence where seen_at < now() - interval '1 day'`,
        ),
      }),
    },
  ];
}
