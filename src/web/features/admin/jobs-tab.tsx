import { useId } from 'react';
import { useSearchParams } from '../../lib/router';
import {
  JOB_STATUSES,
  JOB_STATUS_LABELS,
  type JobRunItem,
  type JobStatus,
  type JobSummary,
} from '../../../shared/jobs';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { EmptyState } from '../../components/empty-state';
import { Pagination } from '../../components/pagination';
import { SelectField } from '../../components/select-field';
import { PageSpinner } from '../../components/spinner';
import { paths } from '../../lib/paths';
import { formatShortTime } from './admin-time';
import { useJobs } from './jobs-api';

// The Jobs tab: what runs in the background (platform/jobs.ts). Above, one line per job with its
// last run, last failure, runs in the last 24 hours and next run; below, the recent runs. Every
// status is a word in a coloured badge, never a colour alone; times are the community's.

const STATUS_TONE: Record<JobStatus, 'neutral' | 'brand' | 'success' | 'danger'> = {
  scheduled: 'neutral',
  running: 'brand',
  done: 'success',
  failed: 'danger',
};

function JobStatusBadge({ status }: { status: JobStatus }) {
  return <Badge tone={STATUS_TONE[status]}>{JOB_STATUS_LABELS[status]}</Badge>;
}

const isStatus = (value: string | null): value is JobStatus => JOB_STATUSES.includes(value as JobStatus);

/** 3600 -> 'Every hour', 600 -> 'Every 10 minutes', 21600 -> 'Every 6 hours'. */
function everyText(seconds: number | null): string {
  if (seconds === null) return 'When asked';
  const [n, unit] =
    seconds % 86_400 === 0
      ? [seconds / 86_400, 'day']
      : seconds % 3600 === 0
        ? [seconds / 3600, 'hour']
        : seconds % 60 === 0
          ? [seconds / 60, 'minute']
          : [seconds, 'second'];
  return n === 1 ? `Every ${unit}` : `Every ${n} ${unit}s`;
}

function durationText(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

const isPeriod = (key: string) => /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(key);

function Time({ iso, timeZone }: { iso: string | null; timeZone: string }) {
  if (!iso) return <>—</>;
  return <time dateTime={iso}>{formatShortTime(iso, timeZone)}</time>;
}

export default function JobsTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const requested = searchParams.get('status');
  const status = isStatus(requested) ? requested : null;
  const jobs = useJobs(page, status);
  const data = jobs.data;
  const timeZone = data?.timeZone ?? 'America/New_York';
  const pageCount = data ? Math.ceil(data.total / data.pageSize) : 0;
  const runsHeading = useId();

  const handleStatus = (value: string) => {
    const next = new URLSearchParams({ tab: 'jobs' });
    if (isStatus(value)) next.set('status', value);
    setSearchParams(next);
  };
  const pageTo = (n: number) =>
    `${paths.adminTab('jobs')}${status ? `&status=${status}` : ''}${n > 1 ? `&page=${n}` : ''}`;

  if (jobs.isPending) return <PageSpinner label="Loading jobs" />;
  if (jobs.isError || !data) return <Alert tone="error">Failed to load jobs</Alert>;

  return (
    <div className="space-y-8">
      <p className="text-sm text-fg-muted">
        What the site runs in the background, once across all its processes. Runs are kept for a week. Times are in the
        community's time zone ({timeZone}).
      </p>

      <section aria-labelledby="jobs-summary-heading" className="space-y-3">
        <h2 id="jobs-summary-heading" className="text-lg font-semibold">
          All jobs
        </h2>
        {data.jobs.length === 0 ? (
          <EmptyState title="No jobs found" />
        ) : (
          <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
            {data.jobs.map((job) => (
              <JobLine key={job.name} job={job} timeZone={timeZone} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={runsHeading} className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id={runsHeading} className="text-lg font-semibold">
            Recent runs
          </h2>
          <SelectField
            label="Status"
            name="status"
            value={status ?? ''}
            onChange={(e) => handleStatus(e.target.value)}
            className="w-44"
          >
            <option value="">All</option>
            {JOB_STATUSES.map((s) => (
              <option key={s} value={s}>
                {JOB_STATUS_LABELS[s]}
              </option>
            ))}
          </SelectField>
        </div>
        {data.runs.length === 0 ? (
          <EmptyState title="No runs found" />
        ) : (
          // Scrolls sideways inside its own region on a narrow screen. A scrolling region must take
          // focus so a keyboard can scroll it (WCAG 2.1.1; axe's scrollable-region-focusable).
          <div
            role="region"
            aria-label="Recent runs table"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            className="overflow-x-auto rounded-xl border border-line bg-surface"
          >
            <table className="w-full min-w-[56rem] text-left text-sm">
              <thead className="border-b border-line text-xs text-fg-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Job
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Period or key
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Attempts
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Started
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Finished
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Duration
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Result or error
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {data.runs.map((run) => (
                  <RunRow key={run.id} run={run} timeZone={timeZone} />
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination page={page} pageCount={pageCount} to={pageTo} label="Job run pages" />
      </section>
    </div>
  );
}

function JobLine({ job, timeZone }: { job: JobSummary; timeZone: string }) {
  return (
    <li className="px-4 py-3">
      <p className="flex flex-wrap items-baseline gap-x-3">
        <span className="font-mono text-sm font-medium break-all text-fg">{job.name}</span>
        <span className="text-xs text-fg-muted">{everyText(job.everySeconds)}</span>
      </p>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-fg-muted">Last run</dt>
        <dd className="flex flex-wrap items-center gap-2 text-fg">
          {job.lastRun ? (
            <>
              <JobStatusBadge status={job.lastRun.status} />
              <Time iso={job.lastRun.finishedAt} timeZone={timeZone} />
            </>
          ) : (
            'Not run yet'
          )}
        </dd>
        <dt className="text-fg-muted">Last failure</dt>
        <dd className="text-fg">
          {job.lastFailure ? (
            <>
              <Time iso={job.lastFailure.finishedAt} timeZone={timeZone} />
              {job.lastFailure.error && (
                <span className="block break-all text-danger-text">{job.lastFailure.error}</span>
              )}
            </>
          ) : (
            'None'
          )}
        </dd>
        <dt className="text-fg-muted">Runs in the last 24 hours</dt>
        <dd className="text-fg tabular-nums">{job.runsLast24h}</dd>
        <dt className="text-fg-muted">Next run</dt>
        <dd className="text-fg">
          {job.nextRunAt ? <Time iso={job.nextRunAt} timeZone={timeZone} /> : 'None scheduled'}
        </dd>
      </dl>
    </li>
  );
}

function RunRow({ run, timeZone }: { run: JobRunItem; timeZone: string }) {
  return (
    <tr className="align-top">
      <th scope="row" className="px-3 py-2 font-mono text-xs font-medium whitespace-nowrap text-fg">
        {run.name}
      </th>
      {/* A recurring run's key is its period's start, shown as a time; a one-off's key as it is. */}
      <td className="px-3 py-2 text-fg">
        {isPeriod(run.key) ? (
          <span className="whitespace-nowrap">
            <Time iso={run.key} timeZone={timeZone} />
          </span>
        ) : (
          <span className="break-all">{run.key}</span>
        )}
      </td>
      <td className="px-3 py-2">
        <JobStatusBadge status={run.status} />
      </td>
      <td className="px-3 py-2 text-right text-fg tabular-nums">{run.attempts}</td>
      <td className="px-3 py-2 whitespace-nowrap text-fg">
        <Time iso={run.startedAt} timeZone={timeZone} />
      </td>
      <td className="px-3 py-2 whitespace-nowrap text-fg">
        <Time iso={run.finishedAt} timeZone={timeZone} />
      </td>
      <td className="px-3 py-2 text-right whitespace-nowrap text-fg tabular-nums">{durationText(run.durationMs)}</td>
      <td className="max-w-xs px-3 py-2 break-words">
        {run.error ? (
          <span className="text-danger-text">
            {run.status === 'failed' ? 'Error: ' : 'Last error: '}
            {run.error}
          </span>
        ) : (
          <span className="text-fg">{run.resultSummary ?? '—'}</span>
        )}
      </td>
    </tr>
  );
}
