import { Fragment, useState } from 'react';
import { Inbox, RefreshCw } from 'lucide-react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Skeleton } from '../../components/skeleton';
import { TextLink } from '../../components/text-link';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMailbox } from './api';
import { Linkified } from './linkify';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The outbox, newest first (password reset links among them): admins only, like its API. */
export function MailboxPage() {
  useDocumentTitle('Developer mailbox');
  const mailbox = useMailbox();
  const messages = mailbox.data?.messages ?? [];
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = messages.find((m) => m.id === selectedId) ?? messages[0];

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight text-fg">Developer mailbox</h1>
          <p className="mt-1 text-sm text-fg-muted">
            Emails the site sent, newest first. Without a mail server they are only kept here. Delivery status and
            retries are in the <TextLink to={paths.adminTab('outbox')}>Outbox</TextLink> of the admin dashboard.
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => void mailbox.refetch()} loading={mailbox.isFetching}>
          {!mailbox.isFetching && <RefreshCw aria-hidden="true" />}
          Refresh
        </Button>
      </div>

      <div className="mt-8">
        {mailbox.isPending ? (
          <div role="status" className="grid gap-4 md:grid-cols-[20rem_1fr]">
            <span className="sr-only">Loading</span>
            <div className="space-y-2">
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
            </div>
            <Skeleton className="h-64" />
          </div>
        ) : mailbox.isError ? (
          <Alert tone="error">{errorMessage(mailbox.error)}</Alert>
        ) : messages.length === 0 ? (
          <Card className="flex flex-col items-center gap-2 py-12 text-center">
            <Inbox className="size-6 text-fg-muted" aria-hidden="true" />
            <p className="font-medium text-fg">No emails yet</p>
            <p className="text-sm text-fg-muted">Request a password reset and the email will appear here.</p>
          </Card>
        ) : (
          <div className="grid gap-4 md:grid-cols-[20rem_1fr]">
            <ul aria-label="Emails" className="flex flex-col gap-1">
              {messages.map((message) => {
                const isSelected = message.id === selected?.id;
                return (
                  <li key={message.id}>
                    <button
                      type="button"
                      onClick={() => setSelectedId(message.id)}
                      aria-current={isSelected || undefined}
                      className={cn(
                        'w-full rounded-lg border px-3 py-2.5 text-left transition-colors',
                        isSelected ? 'border-line bg-surface shadow-sm' : 'border-transparent hover:bg-surface-2',
                      )}
                    >
                      <span className="block truncate text-sm font-medium text-fg">{message.subject}</span>
                      <span className="mt-0.5 flex justify-between gap-2 text-xs text-fg-muted">
                        <span className="truncate">{message.to}</span>
                        <time dateTime={message.createdAt} className="shrink-0">
                          {dateFormat.format(new Date(message.createdAt))}
                        </time>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>

            {selected && (
              <Card className="min-w-0">
                <h2 className="text-lg font-semibold text-fg">{selected.subject}</h2>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-fg-muted">To</dt>
                  <dd className="break-all text-fg">{selected.to}</dd>
                  <dt className="text-fg-muted">Sent</dt>
                  <dd className="text-fg">
                    <time dateTime={selected.createdAt}>{dateFormat.format(new Date(selected.createdAt))}</time>
                  </dd>
                  {selected.attachments && selected.attachments.length > 0 && (
                    <>
                      <dt className="text-fg-muted">Attached</dt>
                      <dd className="break-all text-fg">{selected.attachments.map((a) => a.filename).join(', ')}</dd>
                    </>
                  )}
                  {Object.entries(selected.headers ?? {}).map(([name, value]) => (
                    <Fragment key={name}>
                      <dt className="text-fg-muted">{name}</dt>
                      <dd className="break-all text-fg">
                        <Linkified text={value} />
                      </dd>
                    </Fragment>
                  ))}
                </dl>
                <div className="mt-4 border-t border-line pt-4 text-sm leading-relaxed whitespace-pre-wrap text-fg">
                  <Linkified text={selected.text} />
                </div>
              </Card>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
