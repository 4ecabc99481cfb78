import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { emailOutbox, rateLimits, scheduledJobs, session, verification } from '../db/schema';
import { buildApp, type App } from '../app';
import { createMembers } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { claimJob, housekeepingJobs, runDueJobs, type HousekeepingJob } from './housekeeping';

const DAY = 24 * 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A logger that keeps nothing (the app's own, silent in tests, has the same shape). */
const quiet = { info: () => undefined, error: () => undefined } as unknown as Parameters<typeof runDueJobs>[2];

function job(name: string): HousekeepingJob {
  const found = housekeepingJobs({ OUTBOX_RETENTION_DAYS: 30 }).find((j) => j.name === name);
  if (!found) throw new Error(`no job ${name}`);
  return found;
}

describe('housekeeping jobs', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The app's own timer stays out of the way: these tests run each job themselves.
    ctx = await createTestContext({ HOUSEKEEPING_CHECK_MS: String(3_600_000) });
  });
  afterAll(async () => ctx?.close());

  it('expired sessions go, live ones stay', async () => {
    const db = ctx.database.db;
    const [member] = await createMembers(db, 1, 'hk');
    const row = (id: string, expiresAt: Date) => ({ id, token: `token-${id}`, userId: member!.id, expiresAt });
    const [expired, live] = [randomUUID(), randomUUID()];
    await db.insert(session).values([row(expired, ago(60_000)), row(live, ago(-DAY))]);

    const deleted = await job('expired-sessions').run(db);
    expect(deleted.session).toBeGreaterThanOrEqual(1);
    const left = (await db.select({ id: session.id }).from(session)).map((s) => s.id);
    expect(left).toContain(live);
    expect(left).not.toContain(expired);
  });

  it('expired verification tokens go, valid ones stay', async () => {
    const db = ctx.database.db;
    const row = (id: string, expiresAt: Date) => ({ id, identifier: `reset:${id}`, value: 'x', expiresAt });
    const [expired, valid] = [randomUUID(), randomUUID()];
    await db.insert(verification).values([row(expired, ago(1_000)), row(valid, ago(-3_600_000))]);

    expect(await job('expired-verifications').run(db)).toEqual({ verification: 1 });
    const left = (await db.select({ id: verification.id }).from(verification)).map((v) => v.id);
    expect(left).toEqual([valid]);
  });

  it('rate-limit windows over an hour old go, current ones stay', async () => {
    const db = ctx.database.db;
    await db.insert(rateLimits).values([
      { key: 'hk:old', count: 3, resetAt: ago(2 * 3_600_000) },
      { key: 'hk:recent', count: 3, resetAt: ago(10 * 60_000) },
      { key: 'hk:current', count: 1, resetAt: ago(-60_000) },
    ]);

    expect(await job('rate-limit-windows').run(db)).toEqual({ rate_limits: 1 });
    const keys = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key).sort();
    expect(keys).toEqual(['hk:current', 'hk:recent']);
  });

  it('delivered mail past the retention goes; failed, pending and recent mail stays', async () => {
    const db = ctx.database.db;
    await db.delete(emailOutbox);
    const mail = (subject: string, status: string, createdAt: Date, sentAt: Date | null) => ({
      to: 'someone@example.com',
      subject,
      text: 'hello',
      status,
      createdAt,
      sentAt,
    });
    await db
      .insert(emailOutbox)
      .values([
        mail('old sent', 'sent', ago(40 * DAY), ago(40 * DAY)),
        mail('old captured', 'captured', ago(31 * DAY), null),
        mail('sent late', 'sent', ago(45 * DAY), ago(2 * DAY)),
        mail('recent sent', 'sent', ago(DAY), ago(DAY)),
        mail('recent captured', 'captured', ago(DAY), null),
        mail('old failed', 'failed', ago(90 * DAY), null),
        mail('old pending', 'pending', ago(40 * DAY), null),
      ]);

    // A longer retention keeps them all.
    const longer = housekeepingJobs({ OUTBOX_RETENTION_DAYS: 60 }).find((j) => j.name === 'delivered-mail')!;
    expect(await longer.run(db)).toEqual({ email_outbox: 0 });

    expect(await job('delivered-mail').run(db)).toEqual({ email_outbox: 2 });
    const subjects = (await db.select({ subject: emailOutbox.subject }).from(emailOutbox)).map((m) => m.subject);
    expect(subjects.sort()).toEqual(['old failed', 'old pending', 'recent captured', 'recent sent', 'sent late']);
  });

  it('OUTBOX_RETENTION_DAYS is read from the environment, 30 by default', () => {
    expect(loadConfig({}).OUTBOX_RETENTION_DAYS).toBe(30);
    expect(loadConfig({ OUTBOX_RETENTION_DAYS: '7' }).OUTBOX_RETENTION_DAYS).toBe(7);
    expect(() => loadConfig({ OUTBOX_RETENTION_DAYS: '0' })).toThrow(/OUTBOX_RETENTION_DAYS/);
  });

  it('a claim succeeds once per interval', async () => {
    const db = ctx.database.db;
    expect(await claimJob(db, 'hk-claim', 1)).toBe(true);
    expect(await claimJob(db, 'hk-claim', 1)).toBe(false);
    await sleep(1_100);
    expect(await claimJob(db, 'hk-claim', 1)).toBe(true);
    expect(await claimJob(db, 'hk-claim', 1)).toBe(false);
  });

  it('a job that fails is logged and the others still run', async () => {
    const errors: unknown[] = [];
    const log = { ...quiet, error: (o: unknown) => void errors.push(o) } as unknown as typeof quiet;
    const ran = await runDueJobs(
      ctx.database.db,
      [
        { name: 'hk-broken', everySeconds: 3600, run: () => Promise.reject(new Error('boom')) },
        { name: 'hk-fine', everySeconds: 3600, run: async () => ({}) },
      ],
      log,
    );
    expect(ran).toEqual(['hk-fine']);
    expect(errors).toHaveLength(1);
  });
});

describe('the housekeeping timer of a running app', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ HOUSEKEEPING_CHECK_MS: '50' });
  });
  afterAll(async () => ctx?.close());

  it('runs every job on its own and records it in scheduled_jobs', async () => {
    const db = ctx.database.db;
    const [member] = await createMembers(db, 1, 'hktimer');
    const id = randomUUID();
    await db.insert(session).values({ id, token: `t-${id}`, userId: member!.id, expiresAt: ago(1_000) });
    // The timer may have run every job already (an hour's claim): forget the claims, as if an hour passed.
    await db.delete(scheduledJobs);

    const until = Date.now() + 15_000;
    let names: string[] = [];
    let left = 1;
    while ((names.length < 4 || left > 0) && Date.now() < until) {
      await sleep(50);
      names = (await db.select({ name: scheduledJobs.name }).from(scheduledJobs)).map((j) => j.name);
      left = (await db.select().from(session).where(eq(session.id, id))).length;
    }
    expect(names.sort()).toEqual(['delivered-mail', 'expired-sessions', 'expired-verifications', 'rate-limit-windows']);
    expect(left).toBe(0);
  });
});

// Real concurrency needs the real server: PGlite is one connection in one process.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('housekeeping across several processes (PostgreSQL)', () => {
  const name = `pm_test_housekeeping_${process.pid}_${Date.now()}`;
  const databases: Database[] = [];
  const apps: App[] = [];
  const logLines: string[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(serverUrl!);
    u.pathname = `/${name}`;
    for (let i = 0; i < 2; i++) databases.push(await openDatabase(u.toString()));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const d of databases) await d.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('of many concurrent claims from two processes exactly one wins, once per interval', async () => {
    const claims = () =>
      Promise.all(Array.from({ length: 20 }, (_, i) => claimJob(databases[i % 2]!.db, 'hk-race', 1)));
    expect((await claims()).filter(Boolean)).toHaveLength(1);
    expect((await claims()).filter(Boolean)).toHaveLength(0);
    await sleep(1_100);
    expect((await claims()).filter(Boolean)).toHaveLength(1);
  });

  it('concurrent checks in two processes run a job once', async () => {
    let runs = 0;
    const counted: HousekeepingJob = {
      name: 'hk-counted',
      everySeconds: 3600,
      run: async () => {
        runs++;
        await sleep(20);
        return {};
      },
    };
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => runDueJobs(databases[i % 2]!.db, [counted], quiet)),
    );
    expect(runs).toBe(1);
    expect(results.flat()).toEqual(['hk-counted']);
  });

  it('two app instances checking every 25 ms run each job exactly once', async () => {
    for (let i = 0; i < 2; i++) {
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        PUBLIC_URL: 'http://localhost:3000',
        HOUSEKEEPING_CHECK_MS: '25',
      });
      const logStream = { write: (line: string) => void logLines.push(line) };
      const app = await buildApp({ config, database: databases[i]!, webRoot: null, logStream });
      await app.ready();
      apps.push(app);
    }
    const runs = () =>
      logLines
        .map((line) => JSON.parse(line) as { msg?: string; job?: string })
        .filter((entry) => entry.msg === 'housekeeping job ran')
        .map((entry) => entry.job)
        .sort();
    const until = Date.now() + 10_000;
    while (runs().length < 4 && Date.now() < until) await sleep(25);
    // Then about 40 more checks per process, none of which may run a job again.
    await sleep(1_000);
    expect(runs()).toEqual(['delivered-mail', 'expired-sessions', 'expired-verifications', 'rate-limit-windows']);
  });
});
