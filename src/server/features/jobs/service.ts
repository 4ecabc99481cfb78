import { and, count, desc, eq, gte, inArray, isNotNull, min, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import { periodStart } from '../../platform/jobs';
import { JOBS_PAGE_SIZE, type JobRunItem, type JobStatus, type JobSummary, type JobsQuery } from '../../../shared/jobs';

// What the Jobs tab reads from the `jobs` table: one summary per job name and the recent runs.

const DAY_MS = 24 * 60 * 60_000;

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

/** One line per job: the runner's jobs (recurring and one-off) and any other name the table holds
 * (a one-off job of another version). `now` is the clock's, as the runner's. */
export async function summariseJobs(
  db: Db,
  schedule: { name: string; everySeconds: number | null }[],
  now: Date,
): Promise<JobSummary[]> {
  const j = alias(jobs, 'j');
  const n = db.selectDistinct({ name: jobs.name }).from(jobs).as('n');
  // Each name's latest finished run and latest failure.
  const last = db
    .select({ status: j.status, finishedAt: j.finishedAt })
    .from(j)
    .where(and(eq(j.name, n.name), inArray(j.status, ['done', 'failed']), isNotNull(j.finishedAt)))
    .orderBy(desc(j.finishedAt))
    .limit(1)
    .as('last');
  const failed = db
    .select({ finishedAt: j.finishedAt, lastError: j.lastError })
    .from(j)
    .where(and(eq(j.name, n.name), eq(j.status, 'failed')))
    .orderBy(sql`${j.finishedAt} desc nulls last`)
    .limit(1)
    .as('failed');
  const runs24h = db
    .select({ n: count() })
    .from(j)
    .where(
      and(
        eq(j.name, n.name),
        inArray(j.status, ['done', 'failed']),
        gte(j.finishedAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  const nextRun = db
    .select({ at: min(j.runAt) })
    .from(j)
    .where(and(eq(j.name, n.name), inArray(j.status, ['scheduled', 'running'])));
  const rows = await db
    .select({
      name: n.name,
      lastStatus: last.status,
      lastFinishedAt: last.finishedAt,
      failedAt: failed.finishedAt,
      failedError: failed.lastError,
      runs24h: sql<number>`(${runs24h})`.mapWith(Number),
      nextRunAt: sql<Date | null>`(${nextRun})`.mapWith(j.runAt),
    })
    .from(n)
    .leftJoinLateral(last, sql`true`)
    .leftJoinLateral(failed, sql`true`);
  const byName = new Map(rows.map((r) => [r.name, r]));
  const known = new Map(schedule.map((s) => [s.name, s.everySeconds]));
  const names = [...schedule.map((s) => s.name), ...[...byName.keys()].filter((n) => !known.has(n)).sort()];
  return names.map((name) => {
    const r = byName.get(name);
    const everySeconds = known.get(name) ?? null;
    let nextRunAt = r?.nextRunAt?.toISOString() ?? null;
    if (!nextRunAt && everySeconds) {
      // Nothing waiting: the next period's row is offered when that period starts.
      nextRunAt = new Date(periodStart(now, everySeconds).getTime() + everySeconds * 1000).toISOString();
    }
    return {
      name,
      everySeconds,
      lastRun:
        r?.lastStatus && r.lastFinishedAt
          ? { status: r.lastStatus as 'done' | 'failed', finishedAt: r.lastFinishedAt.toISOString() }
          : null,
      lastFailure: r?.failedAt ? { finishedAt: r.failedAt.toISOString(), error: r.failedError } : null,
      runsLast24h: r?.runs24h ?? 0,
      nextRunAt,
    };
  });
}
