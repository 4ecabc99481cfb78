import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Clock } from './clock';

// Everything that runs later or repeatedly, across any number of processes, on one table
// (`jobs`). A run is a row: a recurring job gets one per period, keyed by the period's start, so
// every process may offer it and the unique (name, key) keeps one. A process takes a due row with
// FOR UPDATE SKIP LOCKED and holds it for a lease; if it dies, the lease runs out and another
// process takes the row over. A failure is retried with backoff, then marked failed. Rows stay a
// week for the admins' Jobs view. The time is the clock's, never the database's, so tests move it.

export interface JobContext {
  db: Db;
  /** The clock's time when the run started. */
  now: Date;
  log: FastifyBaseLogger;
  /** What a one-off job was enqueued with. */
  payload: Record<string, unknown> | null;
}

export interface JobDefinition {
  name: string;
  /** Recurring: one run per this many seconds, fleet-wide. Unset: runs only when enqueued. */
  everySeconds?: number;
  /** Answers what it did (counts), kept on the row for the Jobs view. Must be safe to run twice
   * (a process can pass its lease mid-run): the work it does is keyed in the data it writes. */
  run(ctx: JobContext): Promise<Record<string, unknown> | void>;
}

export interface JobRun {
  id: string;
  name: string;
  key: string;
  status: 'done' | 'scheduled' | 'failed';
  attempts: number;
  error?: string;
}

export interface Jobs {
  /** Offers this period's recurring runs, then runs due jobs until none is left (or a pass's
   * limit); joins a pass under way. Answers the runs this process finished in it. */
  tick(): Promise<JobRun[]>;
  /** A one-off run of `name` at `runAt`; the same key twice is one run. Inside `tx` when given,
   * so it commits with the change that asked for it. */
  enqueue(name: string, key: string, runAt: Date, payload?: Record<string, unknown>, tx?: Db): Promise<void>;
  /** The timer: a pass now and every `checkEveryMs`. */
  start(): void;
  /** A pass now (work a write just made due), when the timer runs and the runner is `eager`. */
  soon(): void;
  /** Stops the timer and waits for a pass under way, so the database can close after. */
  stop(): Promise<void>;
  /** This process's name on the rows it holds. */
  readonly worker: string;
  /** The jobs this runner knows, each with its period (null: runs only when enqueued). */
  readonly schedule: { name: string; everySeconds: number | null }[];
}

export const MAX_JOB_ATTEMPTS = 5;
const MAX_RUNS_PER_PASS = 50;
const MAX_RETRY_DELAY_MS = 60 * 60_000;

/** Wait before the next try after `attempts` failures: base, 2×base, 4×base… at most an hour. */
export function jobRetryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

/** The start of the period `at` falls in: periods are counted from the epoch, so every process
 * names the same one. */
export function periodStart(at: Date, everySeconds: number): Date {
  const ms = everySeconds * 1000;
  return new Date(Math.floor(at.getTime() / ms) * ms);
}

type ClaimedRow = {
  id: string;
  name: string;
  key: string;
  payload: Record<string, unknown> | string | null;
  attempts: number;
};

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export interface JobOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  definitions: JobDefinition[];
  checkEveryMs: number;
  leaseMs: number;
  retryBaseMs: number;
  /** Whether soon() runs a pass: not where a test moves the clock and steps the passes itself. */
  eager?: boolean;
}

export function createJobs(options: JobOptions): Jobs {
  const { db, clock, log, definitions, leaseMs, retryBaseMs } = options;
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const names = [...byName.keys()];
  const recurring = definitions.filter((d) => d.everySeconds);
  const worker = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

  async function offerRecurring(now: Date) {
    if (recurring.length === 0) return;
    const rows = recurring.map((d) => {
      const start = periodStart(now, d.everySeconds!);
      return sql`(${d.name}, ${start.toISOString()}, ${ts(start)})`;
    });
    // Raw (as all of this file): a few statements on one table, kept word for word as the
    // architecture describes them, run identically on PGlite and PostgreSQL; the claim's
    // `for update skip locked` inside a sub-select is not the builder's to say.
    await db.execute(sql`insert into jobs (name, key, run_at) values ${sql.join(rows, sql`, `)}
      on conflict (name, key) do nothing`);
    // A period nobody ran (every process was down, or the one holding it died) is replaced by
    // the current one: recurring work looks at the data as it is now.
    const current = recurring.map((d) => sql`(${d.name}, ${ts(periodStart(now, d.everySeconds!))})`);
    await db.execute(sql`update jobs set status = 'done', finished_at = ${ts(now)}, locked_by = null,
        locked_until = null, result = '{"skipped":"a later run replaced it"}'::jsonb
      from (values ${sql.join(current, sql`, `)}) as cur(name, period)
      where jobs.name = cur.name and jobs.run_at < cur.period
        and (jobs.status = 'scheduled' or (jobs.status = 'running' and jobs.locked_until <= ${ts(now)}))`);
  }

  /** One due row for this process, held until the lease ends: scheduled and due, or running
   * under a lease that ran out (its process died). Rows another process is claiming are skipped. */
  async function claim(now: Date): Promise<ClaimedRow | null> {
    const result = await db.execute<ClaimedRow>(sql`update jobs set status = 'running', attempts = attempts + 1,
        locked_by = ${worker}, locked_until = ${ts(new Date(now.getTime() + leaseMs))}, started_at = ${ts(now)}
      where id = (
        select id from jobs
        where name in (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )})
          and ((status = 'scheduled' and run_at <= ${ts(now)})
            or (status = 'running' and locked_until <= ${ts(now)}))
        order by run_at
        limit 1
        for update skip locked)
      returning id, name, key, payload, attempts`);
    return result.rows[0] ?? null;
  }

  async function runOne(row: ClaimedRow, now: Date): Promise<JobRun> {
    const definition = byName.get(row.name)!;
    const payload =
      typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload;
    const started = Date.now();
    // Only the holder may finish a row: one that lost its lease to another process changes nothing.
    const mine = sql`id = ${row.id} and locked_by = ${worker} and attempts = ${row.attempts}`;
    try {
      const result = (await definition.run({ db, now, log, payload })) ?? {};
      await db.execute(sql`update jobs set status = 'done', finished_at = ${ts(clock.now())}, locked_by = null,
          locked_until = null, last_error = null, result = ${JSON.stringify(result)}::jsonb
        where ${mine}`);
      log.info({ job: row.name, key: row.key, result, ms: Date.now() - started }, 'job ran');
      return { id: row.id, name: row.name, key: row.key, status: 'done', attempts: row.attempts };
    } catch (err) {
      const failed = row.attempts >= MAX_JOB_ATTEMPTS;
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      log[failed ? 'error' : 'warn']({ err, job: row.name, key: row.key, attempts: row.attempts }, 'job failed');
      const retryAt = new Date(clock.now().getTime() + jobRetryDelayMs(row.attempts, retryBaseMs));
      await db.execute(sql`update jobs set status = ${failed ? 'failed' : 'scheduled'}, last_error = ${error},
          locked_by = null, locked_until = null, finished_at = ${failed ? ts(clock.now()) : sql`null`},
          run_at = ${failed ? sql`run_at` : ts(retryAt)}
        where ${mine}`);
      return {
        id: row.id,
        name: row.name,
        key: row.key,
        status: failed ? 'failed' : 'scheduled',
        attempts: row.attempts,
        error,
      };
    }
  }

  async function pass(): Promise<JobRun[]> {
    const runs: JobRun[] = [];
    if (names.length === 0) return runs;
    await offerRecurring(clock.now());
    for (let n = 0; n < MAX_RUNS_PER_PASS && !stopped; n++) {
      const now = clock.now();
      const row = await claim(now);
      if (!row) break;
      runs.push(await runOne(row, now));
    }
    return runs;
  }

  let running: Promise<JobRun[]> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const tick = () => {
    if (stopped) return Promise.resolve([]);
    running ??= pass().finally(() => (running = null));
    return running;
  };

  const safeTick = () => void tick().catch((err: unknown) => log.error({ err }, 'job pass failed'));

  return {
    worker,
    soon() {
      // A pass under way may have looked already: the next one follows it.
      if (options.eager && timer && !stopped) void (running ?? Promise.resolve()).then(safeTick, safeTick);
    },
    schedule: definitions.map((d) => ({ name: d.name, everySeconds: d.everySeconds ?? null })),
    tick,
    async enqueue(name, key, runAt, payload, tx) {
      await (tx ?? db).execute(sql`insert into jobs (name, key, run_at, payload)
        values (${name}, ${key}, ${ts(runAt)}, ${payload ? JSON.stringify(payload) : null}::jsonb)
        on conflict (name, key) do nothing`);
    },
    start() {
      if (timer || stopped) return;
      safeTick();
      timer = setInterval(safeTick, options.checkEveryMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
