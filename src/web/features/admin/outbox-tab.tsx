import { useState } from 'react';
import { Mail, RotateCw } from 'lucide-react';
import { useSearchParams } from '../../lib/router';
import type { OutboxItem, OutboxStatus } from '../../../shared/outbox';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/api';
import { paths } from '../../lib/paths';
import { AdminList } from './admin-list';
import { useOutbox, useOutboxMessage, useRetryDelivery } from './outbox-api';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const STATUS_TONE: Record<OutboxStatus, 'neutral' | 'brand' | 'success' | 'danger'> = {
  captured: 'neutral',
  pending: 'brand',
  sent: 'success',
  failed: 'danger',
};

const STATUS_LABEL: Record<OutboxStatus, string> = {
  captured: 'Captured',
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
};

export function StatusBadge({ status }: { status: OutboxStatus }) {
  return <Badge tone={STATUS_TONE[status]}>{STATUS_LABEL[status]}</Badge>;
}

/** The Outbox tab: every mail the product wrote, newest first, with its delivery; retry failed ones. */
export default function OutboxTab() {
  const [searchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const outbox = useOutbox(page);
  const retry = useRetryDelivery();
  const [openId, setOpenId] = useState<string | null>(null);
  const [retryError, setRetryError] = useState<string | null>(null);
  const data = outbox.data;
  const pageCount = data ? Math.ceil(data.total / data.pageSize) : 0;

  const handleRetry = (item: OutboxItem) => {
    setRetryError(null);
    retry.mutate(item.id, { onError: (error) => setRetryError(errorMessage(error)) });
  };

  return (
    <>
      <AdminList
        tab="mail"
        query={outbox}
        items={data?.messages}
        itemName={(m) => m.subject}
        toolbar={
          <div className="space-y-3">
            <p className="text-sm text-fg-muted">
              Every e-mail the site wrote, newest first. Without a mail server they are captured here only.
            </p>
            {retryError && (
              <Alert tone="error" title="Failed to retry delivery">
                {retryError}
              </Alert>
            )}
          </div>
        }
        renderItem={(m) => (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <div className="min-w-48 flex-1">
              <p className="font-medium text-fg">{m.subject}</p>
              <p className="text-sm break-all text-fg-muted">To {m.to}</p>
              <p className="text-xs text-fg-muted">
                <time dateTime={m.createdAt}>{dateFormat.format(new Date(m.createdAt))}</time>
                {m.attempts > 0 && ` · ${m.attempts === 1 ? '1 attempt' : `${m.attempts} attempts`}`}
              </p>
              {m.lastError && m.status !== 'sent' && (
                <p className="mt-1 text-xs break-all text-danger-text">Last error: {m.lastError}</p>
              )}
            </div>
            <StatusBadge status={m.status} />
            <Button variant="secondary" size="sm" onClick={() => setOpenId(m.id)} aria-label={`Open ${m.subject}`}>
              <Mail aria-hidden="true" />
              Open
            </Button>
            {m.status === 'failed' && (
              <Button
                size="sm"
                onClick={() => handleRetry(m)}
                loading={retry.isPending && retry.variables === m.id}
                aria-label={`Retry ${m.subject}`}
              >
                <RotateCw aria-hidden="true" />
                Retry
              </Button>
            )}
          </div>
        )}
        footer={
          <Pagination
            page={page}
            pageCount={pageCount}
            to={(n) => `${paths.adminTab('outbox')}${n > 1 ? `&page=${n}` : ''}`}
            label="Outbox pages"
          />
        }
      />
      <MessageDialog id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}

function MessageDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const message = useOutboxMessage(id);
  const m = message.data?.message;
  return (
    <Dialog
      open={id !== null}
      onOpenChange={(open) => !open && onClose()}
      title={m?.subject ?? 'E-mail'}
      className="max-w-2xl"
    >
      {message.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading e-mail" />
        </div>
      ) : message.isError || !m ? (
        <Alert tone="error">Failed to load e-mail</Alert>
      ) : (
        <div className="space-y-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-fg-muted">To</dt>
            <dd className="break-all text-fg">{m.to}</dd>
            <dt className="text-fg-muted">Written</dt>
            <dd className="text-fg">
              <time dateTime={m.createdAt}>{dateFormat.format(new Date(m.createdAt))}</time>
            </dd>
            <dt className="text-fg-muted">Status</dt>
            <dd>
              <StatusBadge status={m.status} />
            </dd>
            <dt className="text-fg-muted">Attempts</dt>
            <dd className="text-fg">{m.attempts}</dd>
            {m.sentAt && (
              <>
                <dt className="text-fg-muted">Sent</dt>
                <dd className="text-fg">
                  <time dateTime={m.sentAt}>{dateFormat.format(new Date(m.sentAt))}</time>
                </dd>
              </>
            )}
            {m.lastError && (
              <>
                <dt className="text-fg-muted">Last error</dt>
                <dd className="break-all text-danger-text">{m.lastError}</dd>
              </>
            )}
            {m.attachments.length > 0 && (
              <>
                <dt className="text-fg-muted">Attached</dt>
                <dd className="break-all text-fg">{m.attachments.map((a) => a.filename).join(', ')}</dd>
              </>
            )}
          </dl>
          <div className="border-t border-line pt-4 text-sm leading-relaxed break-words whitespace-pre-wrap text-fg">
            {m.text}
          </div>
        </div>
      )}
    </Dialog>
  );
}
