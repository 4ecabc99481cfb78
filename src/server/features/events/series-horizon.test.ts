import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventAttendees, events, jobs as jobRuns, seriesMembers } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/harness';
import { createMembers } from '../../test/factories';
import { startWorker, type Worker } from '../../test/workers';
import { manualClock } from '../../platform/clock';
import { createJobs } from '../../platform/jobs';
import { seriesInput } from '../../../shared/series';
import { SERIES_HORIZON_JOB, createSeries, extendSeries, seriesHorizonJob } from './series-admin';

// The horizon job: dates made up to now + SERIES_HORIZON months, each exactly once however many
// processes run it, and the series' members registered on each new date once, honouring capacity.

const START = new Date('2026-01-15T15:00:00Z');
const DAY = 86_400_000;

const weeklyThursday = {
  event: {
    name: 'Coffee & Connections',
    location: 'Main Street Cafe',
    startTime: '2026-01-15T18:00',
    endTime: '2026-01-15T20:00',
    maxAttendees: 1,
  },
  repeat: { frequency: 'weekly', interval: 1, weekdays: [4], ends: { kind: 'never' } },
};

async function setUp(ctx: TestContext, now: Date) {
  const db = ctx.database.db;
  const { config, mailer } = ctx.app.services;
  const made = await createSeries({ db, config, mailer }, seriesInput.parse(weeklyThursday), now);
  const [first, second] = await createMembers(db, 2, 'horizon');
  // The first to join gets the one seat; the second waits.
  await db.insert(seriesMembers).values({ seriesId: made.seriesId, userId: first!.id, createdAt: new Date(now) });
  await db
    .insert(seriesMembers)
    .values({ seriesId: made.seriesId, userId: second!.id, createdAt: new Date(now.getTime() + 1000) });
  return { seriesId: made.seriesId, first: first!.id, second: second!.id };
}

/** Each date once, and per date who is registered how. */
async function state(db: Db, seriesId: string, after: string) {
  const perDay = await db
    .select({ day: events.seriesDate, n: count() })
    .from(events)
    .where(eq(events.seriesId, seriesId))
    .groupBy(events.seriesDate)
    .orderBy(asc(events.seriesDate));
  const registrations = await db
    .select({ day: events.seriesDate, userId: eventAttendees.userId, status: eventAttendees.status })
    .from(eventAttendees)
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .where(and(eq(events.seriesId, seriesId), gt(events.seriesDate, after)))
    .orderBy(asc(events.seriesDate), asc(eventAttendees.status));
  return { days: perDay.map((r) => r.day!), counts: perDay.map((r) => r.n), registrations };
}

function expectOnce(s: Awaited<ReturnType<typeof state>>, newDays: string[], ids: { first: string; second: string }) {
  expect(s.counts.every((n) => n === 1)).toBe(true);
  expect(s.days.slice(-newDays.length)).toEqual(newDays);
  expect(s.registrations).toEqual(
    newDays.flatMap((day) => [
      { day, userId: ids.first, status: 'attending' },
      { day, userId: ids.second, status: 'waitlisted' },
    ]),
  );
}

describe('the horizon job (PGlite, two job runners)', () => {
  const clock = manualClock(START);
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ JOBS_CHECK_MS: '3600000' }, { clock });
  });
  afterAll(async () => ctx?.close());

  it('makes each new date once and registers the members once, the second waitlisted when full', async () => {
    const db = ctx.database.db;
    const ids = await setUp(ctx, START);
    const before = await state(db, ids.seriesId, '2026-01-01');
    expect(before.days.at(-1)).toBe('2026-07-09');
    expect(before.registrations).toEqual([]);

    const { config, mailer } = ctx.app.services;
    const runner = () =>
      createJobs({
        db,
        clock,
        log: ctx.app.log,
        definitions: [seriesHorizonJob({ config, mailer })],
        checkEveryMs: 3_600_000,
        leaseMs: 60_000,
        retryBaseMs: 1_000,
      });
    const [a, b] = [runner(), runner()];
    clock.set(new Date(START.getTime() + 31 * DAY)); // 15 February: the horizon moves to 15 August
    await Promise.all([a.tick(), b.tick(), ctx.app.services.jobs.tick()]);
    await Promise.all([a.tick(), b.tick()]);
    const newDays = ['2026-07-16', '2026-07-23', '2026-07-30', '2026-08-06', '2026-08-13'];
    expectOnce(await state(db, ids.seriesId, '2026-07-09'), newDays, ids);
    const runs = await db.select().from(jobRuns).where(eq(jobRuns.name, SERIES_HORIZON_JOB));
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.every((r) => r.status === 'done')).toBe(true);

    // Called at once (as after a lease ran out): the series lock and the unique day keep it once.
    clock.set(new Date(START.getTime() + 45 * DAY)); // 1 March: to 1 September
    await Promise.all([extendSeries({ db, config }, clock.now()), extendSeries({ db, config }, clock.now())]);
    expectOnce(await state(db, ids.seriesId, '2026-07-09'), [...newDays, '2026-08-20', '2026-08-27'], ids);
  });
});

// Real concurrency needs the real server and real processes: PGlite is one connection.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('the horizon job across processes (PostgreSQL)', () => {
  const clock = manualClock(START);
  let ctx: TestContext;
  const workers: Worker[] = [];
  beforeAll(async () => {
    ctx = await createTestContext({ JOBS_CHECK_MS: '3600000' }, { clock });
  });
  afterAll(async () => {
    for (const w of workers) await w.close();
    await ctx?.close();
  });

  it('two processes ticking at once make each date once and register the members once', async () => {
    const db = ctx.database.db;
    const ids = await setUp(ctx, START);
    const later = new Date(START.getTime() + 31 * DAY);
    for (let i = 0; i < 2; i++) workers.push(await startWorker(ctx.databaseUrl!, { clock: later }));
    await Promise.all(workers.flatMap((w) => [w.tick(), w.tick()]));
    const newDays = ['2026-07-16', '2026-07-23', '2026-07-30', '2026-08-06', '2026-08-13'];
    expectOnce(await state(db, ids.seriesId, '2026-07-09'), newDays, ids);

    // The job itself, run by four connections at once (the lock on the series row decides).
    const { config } = ctx.app.services;
    const at = new Date(START.getTime() + 45 * DAY);
    const results = await Promise.all(Array.from({ length: 4 }, () => extendSeries({ db, config }, at)));
    expect(results.reduce((n, r) => n + r.dates, 0)).toBe(2);
    expectOnce(await state(db, ids.seriesId, '2026-07-09'), [...newDays, '2026-08-20', '2026-08-27'], ids);
  });
});
