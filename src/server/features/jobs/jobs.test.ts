import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { manualClock } from '../../platform/clock';
import { Client, createTestContext, type TestContext } from '../../test/harness';
import { adminClient, createMembers, signIn } from '../../test/factories';
import type { JobRunItem, JobSummary } from '../../../shared/jobs';

// The Jobs tab's API on a clock the test holds: the runner's own runs at start, plus a failed
// and a done run written straight into `jobs`.

const NOW = new Date('2026-11-20T15:00:30Z');
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestContext(
    { JOBS_CHECK_MS: '3600000' },
    { clock: manualClock(NOW), jobs: [{ name: 'digest', everySeconds: 3600, run: async () => ({ sent: 2 }) }] },
  );
  // The pass the app starts when ready: the recurring jobs of this period run and are done.
  await ctx.app.services.jobs.tick();
  admin = (await adminClient(ctx.app)).client;
  const db = ctx.database.db;
  await db.insert(jobs).values([
    {
      name: 'digest',
      key: ago(2 * HOUR).toISOString(),
      status: 'failed',
      runAt: ago(2 * HOUR),
      attempts: 5,
      startedAt: ago(2 * HOUR - 60_000),
      finishedAt: ago(2 * HOUR - 61_500),
      lastError: 'SMTP said no',
    },
    {
      name: 'import-feed',
      key: 'feed-42',
      status: 'done',
      runAt: ago(30 * HOUR),
      attempts: 1,
      startedAt: ago(30 * HOUR),
      finishedAt: ago(30 * HOUR - 2_000),
      result: { imported: 3, sources: ['a', 'b'] },
    },
    { name: 'import-feed', key: 'feed-43', status: 'scheduled', runAt: new Date(NOW.getTime() + 2 * HOUR) },
  ]);
});
afterAll(async () => ctx?.close());

describe('GET /api/admin/jobs', () => {
  it('refuses a visitor (401) and a member (403), answers an admin (200)', async () => {
    expect((await new Client(ctx.app).get('/api/admin/jobs')).statusCode).toBe(401);
    const [m] = await createMembers(ctx.database.db, 1, 'jobsmember');
    const member = await signIn(ctx.app, m!);
    expect((await member.get('/api/admin/jobs')).statusCode).toBe(403);
    const res = await admin.get('/api/admin/jobs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('sums up each job: last run, last failure with its error, runs in 24 hours, next run', async () => {
    const body = (await admin.get('/api/admin/jobs')).json();
    expect(body).toMatchObject({ page: 1, pageSize: 25, timeZone: 'America/New_York' });
    const byName = new Map((body.jobs as JobSummary[]).map((j) => [j.name, j]));
    // The runner's jobs first (housekeeping among them), then names only the table knows.
    expect([...byName.keys()]).toContain('expired-sessions');
    expect((body.jobs as JobSummary[]).at(-1)!.name).toBe('import-feed');
    expect(byName.get('digest')).toEqual({
      name: 'digest',
      everySeconds: 3600,
      lastRun: { status: 'done', finishedAt: NOW.toISOString() },
      lastFailure: { finishedAt: ago(2 * HOUR - 61_500).toISOString(), error: 'SMTP said no' },
      runsLast24h: 2,
      // This period is done: the next starts on the hour.
      nextRunAt: '2026-11-20T16:00:00.000Z',
    });
    expect(byName.get('import-feed')).toEqual({
      name: 'import-feed',
      everySeconds: null,
      lastRun: { status: 'done', finishedAt: ago(30 * HOUR - 2_000).toISOString() },
      lastFailure: null,
      runsLast24h: 0,
      nextRunAt: new Date(NOW.getTime() + 2 * HOUR).toISOString(),
    });
  });

  it('lists the runs newest first with period, status, attempts, times, duration and result or error', async () => {
    const body = (await admin.get('/api/admin/jobs')).json();
    const runs = body.runs as JobRunItem[];
    expect(runs[0]).toMatchObject({ name: 'import-feed', key: 'feed-43', status: 'scheduled', startedAt: null });
    expect(runs.find((r) => r.status === 'failed')).toEqual({
      id: expect.any(String),
      name: 'digest',
      key: ago(2 * HOUR).toISOString(),
      status: 'failed',
      attempts: 5,
      runAt: ago(2 * HOUR).toISOString(),
      startedAt: ago(2 * HOUR - 60_000).toISOString(),
      finishedAt: ago(2 * HOUR - 61_500).toISOString(),
      durationMs: 1_500,
      resultSummary: null,
      error: 'SMTP said no',
    });
    expect(runs.find((r) => r.key === 'feed-42')).toMatchObject({
      status: 'done',
      durationMs: 2_000,
      // In jsonb's own key order (shorter keys first).
      resultSummary: 'sources: ["a","b"], imported: 3',
      error: null,
    });
    expect(runs.find((r) => r.name === 'digest' && r.status === 'done')).toMatchObject({
      key: '2026-11-20T15:00:00.000Z',
      resultSummary: 'sent: 2',
    });
    expect(body.total).toBe(runs.length);
  });

  it('filters by status and pages', async () => {
    const failed = (await admin.get('/api/admin/jobs?status=failed')).json();
    expect(failed.total).toBe(1);
    expect(failed.runs.map((r: JobRunItem) => r.name)).toEqual(['digest']);
    // The summaries do not depend on the filter.
    expect(failed.jobs.length).toBeGreaterThan(2);
    expect((await admin.get('/api/admin/jobs?page=2')).json().runs).toEqual([]);
  });

  it.each(['?page=0', '?page=abc', '?status=broken', '?page=1000000'])(
    'refuses %s with 422 and a message',
    async (query) => {
      const res = await admin.get(`/api/admin/jobs${query}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toMatch(/\w/);
    },
  );
});
