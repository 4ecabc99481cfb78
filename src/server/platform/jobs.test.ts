import { and, asc, count as countRows, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { contactMessages, jobs as jobRuns } from '../db/schema';
import { createTestContext, type TestContext } from '../test/harness';
import { startWorker, type Worker } from '../test/workers';
import { manualClock } from './clock';
import { jobRetryDelayMs, MAX_JOB_ATTEMPTS, periodStart, type JobDefinition } from './jobs';

const MINUTE = 60_000;
const START = new Date('2026-11-20T15:00:30Z');

const rows = (db: Db, name: string) =>
  db
    .select({
      name: jobRuns.name,
      key: jobRuns.key,
      status: jobRuns.status,
      attempts: jobRuns.attempts,
      runAt: jobRuns.runAt,
      lockedBy: jobRuns.lockedBy,
      lastError: jobRuns.lastError,
      result: jobRuns.result,
    })
    .from(jobRuns)
    .where(eq(jobRuns.name, name))
    .orderBy(asc(jobRuns.runAt), asc(jobRuns.key));

describe('jobs: one run per period, retries, leases (controlled clock)', () => {
  const clock = manualClock(START);
  const counts = new Map<string, number>();
  const count = (name: string) => counts.get(name) ?? 0;
  let failUntil = 0;
  const definitions: JobDefinition[] = [
    {
      name: 'every-minute',
      everySeconds: 60,
      run: async () => {
        counts.set('every-minute', count('every-minute') + 1);
        return { n: count('every-minute') };
      },
    },
    {
      name: 'flaky',
      run: async () => {
        counts.set('flaky', count('flaky') + 1);
        if (count('flaky') <= failUntil) throw new Error(`SMTP said no (${count('flaky')})`);
        return { ok: true };
      },
    },
    {
      name: 'one-off',
      run: async ({ payload }) => {
        counts.set(`one-off:${String(payload?.mark)}`, count(`one-off:${String(payload?.mark)}`) + 1);
      },
    },
  ];
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(
      { JOBS_CHECK_MS: '3600000', JOB_RETRY_BASE_MS: '1000' },
      { clock, jobs: definitions },
    );
  });
  afterAll(async () => ctx?.close());
  const tick = () => ctx.app.services.jobs.tick();

  it('a recurring job runs once per period however often the fleet checks', async () => {
    await Promise.all([tick(), tick(), tick()]);
    await tick();
    expect(count('every-minute')).toBe(1);
    clock.advance(20_000); // still the same minute
    await tick();
    expect(count('every-minute')).toBe(1);
    clock.advance(MINUTE);
    await tick();
    await tick();
    expect(count('every-minute')).toBe(2);
    const runs = await rows(ctx.database.db, 'every-minute');
    expect(runs.map((r) => r.status)).toEqual(['done', 'done']);
    expect(runs.map((r) => r.key)).toEqual([
      periodStart(START, 60).toISOString(),
      periodStart(new Date(START.getTime() + 80_000), 60).toISOString(),
    ]);
    expect(runs[1]!.result).toEqual({ n: 2 });
  });

  it('periods missed while every process was down are not run late, one after another', async () => {
    const before = count('every-minute');
    clock.advance(3 * 60 * MINUTE);
    await tick();
    expect(count('every-minute')).toBe(before + 1);
  });

  it('a one-off job runs at its time, once for the same key', async () => {
    const jobs = ctx.app.services.jobs;
    const at = new Date(clock.now().getTime() + 10 * MINUTE);
    await jobs.enqueue('one-off', 'k1', at, { mark: 'a' });
    await jobs.enqueue('one-off', 'k1', at, { mark: 'a' });
    await tick();
    expect(count('one-off:a')).toBe(0);
    clock.advance(10 * MINUTE);
    await tick();
    await tick();
    expect(count('one-off:a')).toBe(1);
  });

  it('a failing job is tried again with a doubling wait, then marked failed with its error', async () => {
    failUntil = 100;
    const jobs = ctx.app.services.jobs;
    await jobs.enqueue('flaky', 'f1', clock.now());
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAX_JOB_ATTEMPTS; attempt++) {
      const [run] = (await tick()).filter((r) => r.name === 'flaky');
      expect(run?.attempts).toBe(attempt);
      const [row] = await rows(ctx.database.db, 'flaky');
      if (attempt < MAX_JOB_ATTEMPTS) {
        expect(row!.status).toBe('scheduled');
        const wait = row!.runAt.getTime() - clock.now().getTime();
        waits.push(wait);
        // Not before its time.
        clock.advance(wait - 1);
        expect((await tick()).filter((r) => r.name === 'flaky')).toEqual([]);
        clock.advance(1);
      } else {
        expect(row!.status).toBe('failed');
        expect(row!.lastError).toBe(`SMTP said no (${MAX_JOB_ATTEMPTS})`);
      }
    }
    expect(waits).toEqual([1, 2, 3, 4].map((n) => jobRetryDelayMs(n, 1000)));
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
    clock.advance(60 * MINUTE);
    await tick();
    expect(count('flaky')).toBe(MAX_JOB_ATTEMPTS);
  });

  it('a job held by a process that died is taken over once its lease runs out', async () => {
    const db = ctx.database.db;
    const leaseEnds = new Date(clock.now().getTime() + 5 * MINUTE);
    await db.insert(jobRuns).values({
      name: 'one-off',
      key: 'held',
      runAt: clock.now(),
      status: 'running',
      attempts: 1,
      lockedBy: 'gone:1:abc',
      lockedUntil: leaseEnds,
    });
    await tick();
    expect(count('one-off:undefined')).toBe(0);
    clock.set(leaseEnds);
    await tick();
    expect(count('one-off:undefined')).toBe(1);
    const [row] = (await rows(db, 'one-off')).filter((r) => r.key === 'held');
    expect(row).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
  });
});

// Real concurrency needs the real server and real processes: PGlite is one connection.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('jobs across processes (PostgreSQL)', () => {
  let ctx: TestContext;
  const workers: Worker[] = [];
  const clock = manualClock(START);
  beforeAll(async () => {
    ctx = await createTestContext({ JOBS_CHECK_MS: '3600000' }, { clock });
  });
  afterAll(async () => {
    for (const w of workers) await w.close();
    await ctx?.close();
  });
  const marks = async (mark: string) =>
    (
      await ctx.database.db
        .select({ n: countRows() })
        .from(contactMessages)
        .where(and(eq(contactMessages.subject, 'test-hold ran'), eq(contactMessages.message, mark)))
    )[0]!.n;

  it('three processes ticking at once run a job once', async () => {
    for (let i = 0; i < 3; i++) workers.push(await startWorker(ctx.databaseUrl!, { clock: START }));
    for (let n = 0; n < 5; n++) {
      await ctx.app.services.jobs.enqueue('test-hold', `race-${n}`, START, { mark: `race-${n}` });
    }
    await Promise.all(workers.flatMap((w) => [w.tick(), w.tick()]));
    for (let n = 0; n < 5; n++) expect(await marks(`race-${n}`)).toBe(1);
  });

  it('a process killed while holding a job: another does it, once, after the lease', async () => {
    const holder = await startWorker(ctx.databaseUrl!, { clock: START, hold: true });
    await ctx.app.services.jobs.enqueue('test-hold', 'killed', START, { mark: 'killed' });
    holder.tickInBackground();
    const until = Date.now() + 15_000;
    let lockedBy: string | null = null;
    while (lockedBy !== holder.name && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      lockedBy = (await rows(ctx.database.db, 'test-hold')).find((r) => r.key === 'killed')?.lockedBy ?? null;
    }
    expect(lockedBy).toBe(holder.name);
    holder.kill();

    const [other] = workers;
    // Within the lease nobody else takes it.
    expect((await other!.tick()).filter((r) => r.key === 'killed')).toEqual([]);
    await other!.setClock(new Date(START.getTime() + 5 * MINUTE));
    const runs = (await other!.tick()).filter((r) => r.key === 'killed');
    expect(runs).toMatchObject([{ status: 'done', attempts: 2 }]);
    await workers[1]!.setClock(new Date(START.getTime() + 60 * MINUTE));
    await workers[1]!.tick();
    expect(await marks('killed')).toBe(1);
  });
});
