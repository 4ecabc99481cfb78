import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { pruneRateLimits } from './rate-limit';

// Jobs that keep tables from growing without end. Every process checks each minute or so, but
// each job runs once per interval across the whole fleet: the process whose claim on the job's
// `scheduled_jobs` row succeeds runs it, the others see no row come back and skip.

export interface HousekeepingJob {
  name: string;
  /** How often the fleet as a whole runs it. */
  everySeconds: number;
  /** Deletes what is due; answers how many rows went, per table (for the log). */
  run(db: Db): Promise<Record<string, number>>;
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
      run: async (db) => ({ session: await deleteCounted(db, sql`delete from "session" where expires_at < now()`) }),
    },
    {
      // Password-reset tokens nobody used.
      name: 'expired-verifications',
      everySeconds: HOUR,
      run: async (db) => ({
        verification: await deleteCounted(db, sql`delete from verification where expires_at < now()`),
      }),
    },
    {
      name: 'rate-limit-windows',
      everySeconds: 10 * 60,
      run: async (db) => ({ rate_limits: await pruneRateLimits(db) }),
    },
    {
      // Delivered (or, without SMTP, captured) mail; failed mail stays for the admins' outbox view.
      name: 'delivered-mail',
      everySeconds: 6 * HOUR,
      run: async (db) => ({
        email_outbox: await deleteCounted(
          db,
          sql`delete from email_outbox where status in ('sent', 'captured')
            and coalesce(sent_at, created_at) < now() - make_interval(days => ${config.OUTBOX_RETENTION_DAYS})`,
        ),
      }),
    },
  ];
}

/** True for the one caller that may run `name` now: its row is new, or its last run is at least
 * `everySeconds` old. Concurrent claims serialise on the row; the losers get no row back. */
export async function claimJob(db: Db, name: string, everySeconds: number): Promise<boolean> {
  const result = await db.execute(sql`
    insert into scheduled_jobs (name, last_run_at) values (${name}, now())
    on conflict (name) do update set last_run_at = now()
    where scheduled_jobs.last_run_at <= now() - make_interval(secs => ${everySeconds})
    returning name`);
  return result.rows.length > 0;
}

/** Claims and runs each due job; answers the names of those this process ran. A failed job is
 * logged and waits for its next interval (its claim stands). */
export async function runDueJobs(db: Db, jobs: HousekeepingJob[], log: FastifyBaseLogger): Promise<string[]> {
  const ran: string[] = [];
  for (const job of jobs) {
    try {
      if (!(await claimJob(db, job.name, job.everySeconds))) continue;
      const started = Date.now();
      const deleted = await job.run(db);
      ran.push(job.name);
      log.info({ job: job.name, deleted, ms: Date.now() - started }, 'housekeeping job ran');
    } catch (err) {
      log.error({ err, job: job.name }, 'housekeeping job failed');
    }
  }
  return ran;
}

export interface Housekeeping {
  /** Runs the due jobs now (or joins the check under way). */
  check(): Promise<string[]>;
  /** Stops the timer and waits for a check under way, so the database can close after. */
  stop(): Promise<void>;
}

/** A timer per process: the first check one period after start, then every `checkEveryMs`. */
export function startHousekeeping(
  db: Db,
  jobs: HousekeepingJob[],
  log: FastifyBaseLogger,
  checkEveryMs: number,
): Housekeeping {
  let running: Promise<string[]> | null = null;
  let stopped = false;
  const check = () => {
    if (stopped) return Promise.resolve([]);
    running ??= runDueJobs(db, jobs, log).finally(() => (running = null));
    return running;
  };
  const timer = setInterval(() => void check(), checkEveryMs);
  timer.unref();
  return {
    check,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
