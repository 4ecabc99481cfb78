import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import { iso } from '../../db/rows';
import { periodStart } from '../../platform/jobs';
import { JOBS_PAGE_SIZE, type JobRunItem, type JobStatus, type JobSummary, type JobsQuery } from '../../../shared/jobs';

// What the Jobs tab reads from the `jobs` table: one summary per job name and the recent runs.

const DAY_MS = 24 * 60 * 60_000;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

const runColumns = {
  id: jobs.id,
  name: jobs.name,
  key: jobs.key,
  status: jobs.status,
  attempts: jobs.attempts,
  runAt: jobs.runAt,
  startedAt: jobs.startedAt,
  finishedAt: jobs.finishedAt,
  lastError: jobs.lastError,
  result: jobs.result,
};
type RunRow = Pick<typeof jobs.$inferSelect, keyof typeof runColumns>;

const MAX_SUMMARY = 300;

/** A run's answer in words: `deleted: 3, kept: 1`; nested values as JSON. */
export function summariseResult(result: Record<string, unknown> | string | null): string | null {
  const value = typeof result === 'string' ? (JSON.parse(result) as unknown) : result;
  if (!value || typeof value !== 'object') return null;
  const parts = Object.entries(value as Record<string, unknown>).map(
    ([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`,
  );
  if (parts.length === 0) return null;
  const text = parts.join(', ');
  return text.length > MAX_SUMMARY ? `${text.slice(0, MAX_SUMMARY - 1)}…` : text;
}

function toRun(r: RunRow): JobRunItem {
  return {
    id: r.id,
    name: r.name,
    key: r.key,
    status: r.status as JobStatus,
    attempts: r.attempts,
    runAt: r.runAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
    durationMs: r.startedAt && r.finishedAt ? Math.max(0, r.finishedAt.getTime() - r.startedAt.getTime()) : null,
    resultSummary: r.status === 'done' ? summariseResult(r.result) : null,
    error: r.lastError,
  };
}

/** The recent runs, newest first (by when they were due), a page at a time, optionally one status. */
export async function listJobRuns(db: Db, query: JobsQuery) {
  const where = query.status ? eq(jobs.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(runColumns)
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.runAt), desc(jobs.id))
      .limit(JOBS_PAGE_SIZE)
      .offset((query.page - 1) * JOBS_PAGE_SIZE),
    db.select({ n: count() }).from(jobs).where(where),
  ]);
  return { runs: rows.map(toRun), total: total?.n ?? 0 };
}

type SummaryRow = {
  name: string;
  last_status: 'done' | 'failed' | null;
  last_finished_at: Date | string | null;
  failed_at: Date | string | null;
  failed_error: string | null;
  runs_24h: number;
  next_run_at: Date | string | null;
};

/** One line per job: the runner's jobs (recurring and one-off) and any other name the table holds
 * (a one-off job of another version). `now` is the clock's, as the runner's. */
export async function summariseJobs(
  db: Db,
  schedule: { name: string; everySeconds: number | null }[],
  now: Date,
): Promise<JobSummary[]> {
  // Raw: each name's latest run and latest failure are lateral joins over the table's names.
  const result = await db.execute<SummaryRow>(sql`select n.name,
      last.status as last_status, last.finished_at as last_finished_at,
      failed.finished_at as failed_at, failed.last_error as failed_error,
      (select count(*)::int from jobs j where j.name = n.name and j.status in ('done', 'failed')
        and j.finished_at >= ${ts(new Date(now.getTime() - DAY_MS))}) as runs_24h,
      (select min(j.run_at) from jobs j where j.name = n.name and j.status in ('scheduled', 'running')) as next_run_at
    from (select distinct name from jobs) n
    left join lateral (select j.status, j.finished_at from jobs j
      where j.name = n.name and j.status in ('done', 'failed') and j.finished_at is not null
      order by j.finished_at desc limit 1) last on true
    left join lateral (select j.finished_at, j.last_error from jobs j
      where j.name = n.name and j.status = 'failed'
      order by j.finished_at desc nulls last limit 1) failed on true`);
  const byName = new Map(result.rows.map((r) => [r.name, r]));
  const known = new Map(schedule.map((s) => [s.name, s.everySeconds]));
  const names = [...schedule.map((s) => s.name), ...[...byName.keys()].filter((n) => !known.has(n)).sort()];
  return names.map((name) => {
    const r = byName.get(name);
    const everySeconds = known.get(name) ?? null;
    let nextRunAt = r?.next_run_at ? iso(r.next_run_at) : null;
    if (!nextRunAt && everySeconds) {
      // Nothing waiting: the next period's row is offered when that period starts.
      nextRunAt = new Date(periodStart(now, everySeconds).getTime() + everySeconds * 1000).toISOString();
    }
    return {
      name,
      everySeconds,
      lastRun:
        r?.last_status && r.last_finished_at ? { status: r.last_status, finishedAt: iso(r.last_finished_at) } : null,
      lastFailure: r?.failed_at ? { finishedAt: iso(r.failed_at), error: r.failed_error } : null,
      runsLast24h: Number(r?.runs_24h ?? 0),
      nextRunAt,
    };
  });
}
