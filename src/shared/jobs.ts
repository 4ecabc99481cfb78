import { z } from 'zod';

// The admin's Jobs tab: every job the runner knows (platform/jobs.ts), how its runs went, and
// the recent runs themselves (the `jobs` table keeps a week of them).

export const JOBS_PAGE_SIZE = 25;
export const JOB_STATUSES = ['scheduled', 'running', 'done', 'failed'] as const;
export const jobStatus = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof jobStatus>;

/** Each status in words: the tab never says it by colour alone. */
export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  scheduled: 'Scheduled',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
};

export const jobsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  status: jobStatus.optional(),
});
export type JobsQuery = z.infer<typeof jobsQuery>;

/** One line per job name: recurring ones from the runner, one-off ones as they appear in runs. */
export const jobSummary = z.object({
  name: z.string(),
  /** Recurring: one run per this many seconds; null for a job that runs when enqueued. */
  everySeconds: z.number().int().nullable(),
  lastRun: z.object({ status: z.enum(['done', 'failed']), finishedAt: z.string() }).nullable(),
  lastFailure: z.object({ finishedAt: z.string(), error: z.string().nullable() }).nullable(),
  /** Runs that finished (done or failed) in the last 24 hours. */
  runsLast24h: z.number().int(),
  /** The earliest waiting run, or a recurring job's next period; null when nothing is due. */
  nextRunAt: z.string().nullable(),
});
export type JobSummary = z.infer<typeof jobSummary>;

export const jobRunItem = z.object({
  id: z.string(),
  name: z.string(),
  /** A recurring job's period start (ISO), or a one-off job's own key. */
  key: z.string(),
  status: jobStatus,
  attempts: z.number().int(),
  runAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** What a done run answered, in words ("deleted: 3"); null when it said nothing. */
  resultSummary: z.string().nullable(),
  /** The last failure's message (a run being retried keeps it until it succeeds). */
  error: z.string().nullable(),
});
export type JobRunItem = z.infer<typeof jobRunItem>;

export const jobsResponse = z.object({
  jobs: z.array(jobSummary),
  runs: z.array(jobRunItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  timeZone: z.string(),
});
export type JobsResponse = z.infer<typeof jobsResponse>;
