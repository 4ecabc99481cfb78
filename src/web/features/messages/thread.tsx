import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from '../../lib/router';
import { ArrowLeft, Reply, Trash2 } from 'lucide-react';
import {
  DELETE_MESSAGE_CONFIRM,
  DELETE_MESSAGE_TITLE,
  FORMER_MEMBER_ID,
  type Conversation,
  type Message,
} from '../../../shared/messages';
import { Avatar } from '../../components/avatar';
import { BlockButton } from '../../components/block-button';
import { Button } from '../../components/button';
import { ReportButton } from '../../components/report-button';
import { Dialog, DialogClose } from '../../components/dialog';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { Skeleton } from '../../components/skeleton';
import { LoadError } from '../../components/load-error';
import { LOAD_ERROR, useThread } from './api';

function messageTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: new Date(iso).getFullYear() === new Date().getFullYear() ? undefined : 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** One conversation: its bubbles (yours on the right), Reply, and a delete button per message. */
export function Thread({
  conversation,
  meId,
  headingId,
  onBack,
  onReply,
  onDelete,
}: {
  conversation: Conversation;
  meId: string;
  headingId: string;
  onBack: () => void;
  onReply: () => void;
  onDelete: (message: Message) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const { other } = conversation;
  const former = other.id === FORMER_MEMBER_ID;
  const thread = useThread(conversation);
  const messages = thread.data?.messages;

  // Open at the newest message, and follow new ones as they arrive.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [conversation.key, messages?.length]);

  return (
    <section aria-labelledby={headingId} className="flex min-h-0 flex-1 flex-col">
      {/* Wraps instead of truncating: on a narrow phone the subject, the other member and every
          action stay whole and reachable (WCAG 1.4.10), their focus rings unclipped. */}
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2 border-b border-line px-3 py-3 sm:px-5 md:items-center">
        <Button variant="ghost" size="sm" onClick={onBack} className="-ml-1 px-2 md:hidden">
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        {former ? (
          <span aria-hidden="true" className="hidden sm:block">
            <Avatar name={other.username} src={null} size="md" />
          </span>
        ) : (
          <Link to={paths.profile(other.username)} tabIndex={-1} aria-hidden="true" className="hidden sm:block">
            <Avatar name={other.username} src={other.avatarUrl} size="md" />
          </Link>
        )}
        <div className="min-w-0 flex-[1_1_12rem]">
          <h2 id={headingId} tabIndex={-1} className="rounded-sm text-base font-semibold break-words text-fg">
            {conversation.subject}
          </h2>
          <p className="text-sm break-words text-fg-muted">
            with{' '}
            {former ? (
              <span className="font-medium italic">{other.username}</span>
            ) : (
              <Link to={paths.profile(other.username)} className="rounded-sm font-medium text-link hover:underline">
                {other.username}
              </Link>
            )}
          </p>
        </div>
        {/* A former member deleted their account: there is no one to reply to. */}
        {!former && (
          <div className="ml-auto flex flex-wrap items-center gap-2">
            <Button variant="secondary" size="sm" onClick={onReply}>
              <Reply aria-hidden="true" />
              Reply
            </Button>
            <BlockButton username={other.username} />
          </div>
        )}
      </div>

      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-5">
        {messages ? (
          <ol aria-label="Messages" className="flex flex-col gap-4">
            {messages.map((message) => (
              <MessageBubble
                key={message.id}
                message={message}
                mine={message.sender.id === meId}
                onDelete={() => onDelete(message)}
              />
            ))}
          </ol>
        ) : thread.isError ? (
          <LoadError title={LOAD_ERROR} query={thread} />
        ) : (
          <div role="status" className="flex flex-col gap-4">
            <span className="sr-only">Loading messages</span>
            {Array.from({ length: Math.min(conversation.messageCount, 4) || 1 }, (_, i) => (
              <Skeleton key={i} className={cn('h-12 w-2/3 rounded-2xl', i % 2 === 1 && 'self-end')} />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

function MessageBubble({ message, mine, onDelete }: { message: Message; mine: boolean; onDelete: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const deleteButton = (
    <Dialog
      open={confirming}
      onOpenChange={setConfirming}
      title={DELETE_MESSAGE_TITLE}
      description={DELETE_MESSAGE_CONFIRM}
      trigger={
        <button
          type="button"
          aria-label="Delete message"
          title="Delete message"
          className="inline-flex size-8 items-center justify-center rounded-md text-fg-muted transition-colors hover:bg-surface-2 hover:text-danger-text"
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      }
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button
            variant="danger"
            onClick={() => {
              setConfirming(false);
              onDelete();
            }}
          >
            Delete
          </Button>
        </>
      }
    />
  );
  return (
    <li className={cn('flex max-w-[85%] flex-col gap-1 sm:max-w-[75%]', mine ? 'items-end self-end' : 'items-start')}>
      <div
        className={cn(
          'rounded-2xl px-4 py-2.5 text-sm leading-relaxed break-words whitespace-pre-wrap shadow-sm',
          mine ? 'rounded-br-md bg-brand text-on-brand' : 'rounded-bl-md border border-line bg-surface-2 text-fg',
        )}
      >
        <span className="sr-only">{mine ? 'You' : message.sender.username}: </span>
        {message.content}
      </div>
      <div className="flex items-center gap-1 text-xs text-fg-muted">
        {mine && deleteButton}
        <time dateTime={message.createdAt}>{messageTime(message.createdAt)}</time>
        {mine && message.readAt && <span>· Read</span>}
        {!mine && deleteButton}
        {!mine && <ReportButton targetType="message" targetId={message.id} appearance="icon" />}
      </div>
    </li>
  );
}
