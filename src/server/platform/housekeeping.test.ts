import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { emailOutbox, rateLimits, session, verification } from '../db/schema';
import { createMembers } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { housekeepingJobs, type HousekeepingJob } from './housekeeping';

const DAY = 24 * 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

function job(name: string): HousekeepingJob {
  const found = housekeepingJobs({ OUTBOX_RETENTION_DAYS: 30 }).find((j) => j.name === name);
  if (!found) throw new Error(`no job ${name}`);
  return found;
}

describe('housekeeping jobs', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The app's own timer stays out of the way: these tests run each job themselves. Its first
    // pass starts with the app, so it is stopped (and waited for) before a test writes a row.
    ctx = await createTestContext({ JOBS_CHECK_MS: String(3_600_000) });
    await ctx.app.services.jobs.stop();
  });
  afterAll(async () => ctx?.close());

  it('expired sessions go, live ones stay', async () => {
    const db = ctx.database.db;
    const [member] = await createMembers(db, 1, 'hk');
    const row = (id: string, expiresAt: Date) => ({ id, token: `token-${id}`, userId: member!.id, expiresAt });
    const [expired, live] = [randomUUID(), randomUUID()];
    await db.insert(session).values([row(expired, ago(60_000)), row(live, ago(-DAY))]);

    const deleted = await job('expired-sessions').run({ db });
    expect(deleted.session).toBe(1);
    const left = (await db.select({ id: session.id }).from(session)).map((s) => s.id);
    expect(left).toContain(live);
    expect(left).not.toContain(expired);
  });

  it('expired verification tokens go, valid ones stay', async () => {
    const db = ctx.database.db;
    const row = (id: string, expiresAt: Date) => ({ id, identifier: `reset:${id}`, value: 'x', expiresAt });
    const [expired, valid] = [randomUUID(), randomUUID()];
    await db.insert(verification).values([row(expired, ago(1_000)), row(valid, ago(-3_600_000))]);

    expect(await job('expired-verifications').run({ db })).toEqual({ verification: 1 });
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

    expect(await job('rate-limit-windows').run({ db })).toEqual({ rate_limits: 1 });
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
    expect(await longer.run({ db })).toEqual({ email_outbox: 0 });

    expect(await job('delivered-mail').run({ db })).toEqual({ email_outbox: 2 });
    const subjects = (await db.select({ subject: emailOutbox.subject }).from(emailOutbox)).map((m) => m.subject);
    expect(subjects.sort()).toEqual(['old failed', 'old pending', 'recent captured', 'recent sent', 'sent late']);
  });

  it('OUTBOX_RETENTION_DAYS is read from the environment, 30 by default', () => {
    expect(loadConfig({}).OUTBOX_RETENTION_DAYS).toBe(30);
    expect(loadConfig({ OUTBOX_RETENTION_DAYS: '7' }).OUTBOX_RETENTION_DAYS).toBe(7);
    expect(() => loadConfig({ OUTBOX_RETENTION_DAYS: '0' })).toThrow(/OUTBOX_RETENTION_DAYS/);
  });
});
