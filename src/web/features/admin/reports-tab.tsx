import { useState } from 'react';
import { Link, useSearchParams } from '../../lib/router';
import { Check, Trash2 } from 'lucide-react';
import {
  REPORT_RESOLVE_ERROR,
  REPORT_STATUSES,
  type AdminReport,
  type ReportStatus,
  type ReportTargetType,
} from '../../../shared/moderation';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Dialog, DialogClose } from '../../components/dialog';
import { Pagination } from '../../components/pagination';
import { TextLink } from '../../components/text-link';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { AdminList } from './admin-list';
import { useReports, useResolveReport } from './reports-api';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const TYPE_LABEL: Record<ReportTargetType, string> = { post: 'Post', reply: 'Reply', message: 'Message' };
const STATUS_LABEL: Record<ReportStatus, string> = { open: 'Open', removed: 'Removed', dismissed: 'Dismissed' };
const STATUS_TONE = { open: 'brand', removed: 'danger', dismissed: 'neutral' } as const;

const REMOVE_WHAT: Record<ReportTargetType, string> = {
  post: 'The post and all its replies will be deleted.',
  reply: 'The reply will be deleted.',
  message: 'The message will be deleted for both members.',
};

const reportsHref = (status: ReportStatus, page = 1) =>
  `${paths.adminTab('reports')}${status !== 'open' ? `&status=${status}` : ''}${page > 1 ? `&page=${page}` : ''}`;

/** Where the reported item can be read: forum posts and replies have a page; messages do not. */
function itemHref(report: AdminReport): string | null {
  const where = report.location;
  if (!where) return null;
  const post = paths.forumPost(where.forumId, where.postId);
  return where.replyId ? `${post}?reply=${encodeURIComponent(where.replyId)}` : post;
}

/** The Reports tab (moderation beyond the spec): members' reports on posts, replies and direct
 * messages; an admin removes the content or dismisses the report, and the reporters are told. */
export default function ReportsTab() {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('status');
  const status = REPORT_STATUSES.find((s) => s === requested) ?? 'open';
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const reports = useReports(status, page);
  const resolve = useResolveReport();
  const [removing, setRemoving] = useState<AdminReport | null>(null);
  const [resolveError, setResolveError] = useState<string | null>(null);
  const data = reports.data;
  const pageCount = data ? Math.ceil(data.total / data.pageSize) : 0;

  async function handleResolve(report: AdminReport, action: 'remove' | 'dismiss') {
    setResolveError(null);
    try {
      await resolve.mutateAsync({ id: report.id, action });
    } catch (error) {
      setResolveError(errorMessage(error));
    } finally {
      setRemoving(null);
    }
  }

  const busy = (report: AdminReport, action: 'remove' | 'dismiss') =>
    resolve.isPending && resolve.variables?.id === report.id && resolve.variables.action === action;

  return (
    <>
      <AdminList
        tab="reports"
        query={reports}
        items={data?.reports}
        itemName={(r) => `report on ${TYPE_LABEL[r.targetType].toLowerCase()}`}
        toolbar={
          <div className="space-y-3">
            <nav aria-label="Report status">
              <ul className="flex flex-wrap gap-2">
                {REPORT_STATUSES.map((s) => (
                  <li key={s}>
                    <Link
                      to={reportsHref(s)}
                      aria-current={s === status ? 'page' : undefined}
                      className={cn(
                        'inline-flex h-9 items-center rounded-lg px-3 text-sm font-medium',
                        s === status
                          ? 'bg-brand text-on-brand hover:bg-brand-hover'
                          : 'border border-line bg-surface text-fg hover:bg-surface-2',
                      )}
                    >
                      {STATUS_LABEL[s]}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            {resolveError && (
              <Alert tone="error" title={REPORT_RESOLVE_ERROR}>
                {resolveError}
              </Alert>
            )}
          </div>
        }
        renderItem={(report) => (
          <ReportItem
            report={report}
            onRemove={() => setRemoving(report)}
            onDismiss={() => void handleResolve(report, 'dismiss')}
            dismissing={busy(report, 'dismiss')}
          />
        )}
        footer={
          <Pagination page={page} pageCount={pageCount} to={(n) => reportsHref(status, n)} label="Report pages" />
        }
      />
      <Dialog
        open={removing !== null}
        onOpenChange={(open) => !open && !resolve.isPending && setRemoving(null)}
        title={removing ? `Remove this ${TYPE_LABEL[removing.targetType].toLowerCase()}?` : 'Remove'}
        description={
          removing
            ? `${REMOVE_WHAT[removing.targetType]} Every member who reported it will be told. This cannot be undone.`
            : undefined
        }
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary" disabled={resolve.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button
              variant="danger"
              loading={removing !== null && busy(removing, 'remove')}
              onClick={() => removing && void handleResolve(removing, 'remove')}
            >
              Remove
            </Button>
          </>
        }
      />
    </>
  );
}

function ReportItem({
  report,
  onRemove,
  onDismiss,
  dismissing,
}: {
  report: AdminReport;
  onRemove: () => void;
  onDismiss: () => void;
  dismissing: boolean;
}) {
  const href = itemHref(report);
  const type = TYPE_LABEL[report.targetType];
  return (
    <article
      aria-label={`Report on ${type.toLowerCase()}${report.title ? ` “${report.title}”` : ''}`}
      className="space-y-2"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="neutral">{type}</Badge>
        <Badge tone={STATUS_TONE[report.status]}>{STATUS_LABEL[report.status]}</Badge>
        {report.title && <p className="min-w-0 font-medium break-words text-fg">{report.title}</p>}
        {report.openReports > 1 && (
          <span className="text-sm text-fg-muted">Reported by {report.openReports} members</span>
        )}
      </div>
      {report.excerpt !== null ? (
        <blockquote className="border-l-4 border-line-strong pl-3 text-sm break-words text-fg">
          {report.excerpt || <span className="text-fg-muted">(no text)</span>}
        </blockquote>
      ) : (
        <p className="text-sm text-fg-muted italic">The content no longer exists.</p>
      )}
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-fg-muted">Author</dt>
        <dd>
          {report.author ? (
            <TextLink to={paths.profile(report.author.username)}>{report.author.username}</TextLink>
          ) : (
            'Unknown'
          )}
        </dd>
        <dt className="text-fg-muted">Reported by</dt>
        <dd>
          {report.reporter ? (
            <TextLink to={paths.profile(report.reporter.username)}>{report.reporter.username}</TextLink>
          ) : (
            'Former member'
          )}{' '}
          <span className="text-fg-muted">
            on <time dateTime={report.createdAt}>{dateFormat.format(new Date(report.createdAt))}</time>
          </span>
        </dd>
        <dt className="text-fg-muted">Reason</dt>
        <dd className="break-words whitespace-pre-line">{report.reason}</dd>
        {report.resolvedAt && (
          <>
            <dt className="text-fg-muted">Resolved</dt>
            <dd>
              {report.resolvedBy ? `by ${report.resolvedBy.username} ` : ''}
              <span className="text-fg-muted">
                on <time dateTime={report.resolvedAt}>{dateFormat.format(new Date(report.resolvedAt))}</time>
              </span>
            </dd>
          </>
        )}
      </dl>
      <div className="flex flex-wrap items-center gap-2 pt-1">
        {href && (
          <TextLink to={href} className="mr-2 text-sm">
            View {type.toLowerCase()}
            <span className="sr-only">{report.title ? ` “${report.title}”` : ''}</span>
          </TextLink>
        )}
        {report.status === 'open' && (
          <>
            <Button variant="danger" size="sm" onClick={onRemove}>
              <Trash2 aria-hidden="true" />
              Remove {type.toLowerCase()}
            </Button>
            <Button variant="secondary" size="sm" onClick={onDismiss} loading={dismissing}>
              <Check aria-hidden="true" />
              Dismiss report
            </Button>
          </>
        )}
      </div>
    </article>
  );
}
