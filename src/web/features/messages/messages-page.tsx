import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Inbox, MessageSquare, RotateCw, SquarePen } from 'lucide-react';
import { MESSAGES_EMPTY_STATE, type Conversation, type SendMessageInput } from '../../../shared/messages';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { SearchInput } from '../../components/search-field';
import { Skeleton } from '../../components/skeleton';
import { cn } from '../../lib/cn';
import { useMe } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LOAD_ERROR, useDeleteMessage, useInbox, useMarkConversationRead } from './api';
import { ComposeForm } from './compose-form';
import { ConversationList } from './conversation-list';
import { Thread } from './thread';

export const DELETE_ERROR = 'Failed to delete message';

type View =
  | { kind: 'none' }
  /** A conversation, by key, or by member and subject right after sending (before its key is known). */
  | { kind: 'thread'; key: string | null; username?: string; subject?: string }
  /** `back` is the conversation to return to on Cancel (a reply). */
  | { kind: 'compose'; to: string; subject: string; back: string | null; nonce: number };

function findConversation(conversations: Conversation[], view: View): Conversation | undefined {
  if (view.kind !== 'thread') return undefined;
  if (view.key) return conversations.find((c) => c.key === view.key);
  const username = view.username?.toLowerCase();
  return conversations.find((c) => c.other.username.toLowerCase() === username && c.subject === view.subject);
}

/** A fresh compose form (a new key remounts it when one was already open). */
function composeView(current: View, to: string, subject: string, back: string | null): View {
  return { kind: 'compose', to, subject, back, nonce: current.kind === 'compose' ? current.nonce + 1 : 0 };
}

/** Moves focus after React (and a closing dialog, which restores focus first) has settled. */
function focusSoon(find: () => HTMLElement | null, delay = 0) {
  setTimeout(() => requestAnimationFrame(() => find()?.focus()), delay);
}

export function MessagesPage() {
  useDocumentTitle('Messages');
  const { me } = useMe();
  const inbox = useInbox();
  const markRead = useMarkConversationRead();
  const remove = useDeleteMessage();
  const [searchParams, setSearchParams] = useSearchParams();
  const toParam = searchParams.get('to') ?? '';
  const searchId = useId();
  const threadHeadingId = useId();
  const composeButtonId = useId();
  const [query, setQuery] = useState('');

  // ?to=username opens compose with the recipient filled in.
  const [view, setView] = useState<View>(() =>
    toParam ? { kind: 'compose', to: toParam, subject: '', back: null, nonce: 0 } : { kind: 'none' },
  );
  const [seenTo, setSeenTo] = useState(toParam);
  if (toParam !== seenTo) {
    setSeenTo(toParam);
    if (toParam) setView((current) => composeView(current, toParam, '', null));
  }

  const conversations = inbox.data?.conversations ?? [];
  const selected = findConversation(conversations, view);
  // Once a just-sent conversation shows up, remember it by key.
  if (view.kind === 'thread' && !view.key && selected) setView({ kind: 'thread', key: selected.key });

  // Opening a conversation (or a new message arriving in the open one) marks it read.
  const markReadMutate = markRead.mutate;
  const selectedKey = selected?.key;
  const selectedUnread = selected?.unread ?? 0;
  const otherId = selected?.other.id;
  const subject = selected?.subject;
  useEffect(() => {
    if (!selectedKey || selectedUnread === 0 || !otherId || subject === undefined) return;
    markReadMutate({ otherId, subject, key: selectedKey });
  }, [selectedKey, selectedUnread, otherId, subject, markReadMutate]);

  const clearToParam = () => {
    if (!searchParams.has('to')) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('to');
        return next;
      },
      { replace: true },
    );
  };

  const openThread = (conversation: Conversation) => {
    remove.reset();
    setView({ kind: 'thread', key: conversation.key });
    focusSoon(() => document.getElementById(threadHeadingId));
  };

  const openCompose = (to = '', subjectLine = '', back: string | null = null) => {
    setView((current) => composeView(current, to, subjectLine, back));
  };

  const closeCompose = () => {
    clearToParam();
    if (view.kind === 'compose' && view.back) {
      const back = view.back;
      setView({ kind: 'thread', key: back });
      focusSoon(() => document.getElementById(threadHeadingId));
    } else {
      setView({ kind: 'none' });
      focusSoon(() => document.getElementById(composeButtonId));
    }
  };

  const handleSent = (sent: SendMessageInput) => {
    clearToParam();
    setView({ kind: 'thread', key: null, username: sent.to, subject: sent.subject });
    focusSoon(() => document.getElementById(threadHeadingId));
  };

  const backToList = () => {
    const key = selected?.key;
    setView({ kind: 'none' });
    focusSoon(() => (key ? document.querySelector<HTMLElement>(`[data-conversation="${CSS.escape(key)}"]`) : null));
  };

  const needle = query.trim().toLowerCase();
  const shown = needle
    ? conversations.filter(
        (c) =>
          c.other.username.toLowerCase().includes(needle) ||
          c.subject.toLowerCase().includes(needle) ||
          c.preview.toLowerCase().includes(needle),
      )
    : conversations;

  // Small screens show one pane at a time.
  const paneOpen = view.kind === 'compose' || (view.kind === 'thread' && Boolean(selected));
  const waitingForSent = view.kind === 'thread' && !view.key && !selected;
  const unreadTotal = conversations.reduce((sum, c) => sum + c.unread, 0);

  if (!me) return null;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight text-fg">Messages</h1>
          <p className="mt-1 text-sm text-fg-muted">
            {unreadTotal > 0 ? `${unreadTotal} unread` : 'Direct messages with other members.'}
          </p>
        </div>
      </div>

      <div className="mt-6 grid h-[calc(100dvh-13rem)] min-h-[28rem] overflow-hidden rounded-xl border border-line bg-surface shadow-sm grid-cols-1 md:grid-cols-[20rem_minmax(0,1fr)] lg:grid-cols-[22rem_minmax(0,1fr)]">
        {/* Left: conversations */}
        <section
          aria-labelledby={`${searchId}-heading`}
          className={cn('min-h-0 flex-col border-line md:flex md:border-r', paneOpen ? 'hidden' : 'flex')}
        >
          <h2 id={`${searchId}-heading`} className="sr-only">
            Conversations
          </h2>
          <div className="space-y-3 border-b border-line p-3">
            <Button id={composeButtonId} className="w-full" onClick={() => openCompose()}>
              <SquarePen aria-hidden="true" />
              Compose
            </Button>
            <SearchInput
              id={searchId}
              label="Search messages"
              value={query}
              onChange={setQuery}
              placeholder="Search messages"
            />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {inbox.isPending ? (
              <div role="status" className="divide-y divide-line">
                <span className="sr-only">Loading messages</span>
                {[0, 1, 2, 3].map((i) => (
                  <div key={i} className="flex gap-3 px-4 py-3">
                    <Skeleton className="size-10 rounded-full" />
                    <div className="flex-1 space-y-2">
                      <Skeleton className="h-3.5 w-1/2" />
                      <Skeleton className="h-3.5 w-4/5" />
                      <Skeleton className="h-3 w-full" />
                    </div>
                  </div>
                ))}
              </div>
            ) : inbox.isError && !inbox.data ? (
              <div className="p-3">
                <Alert tone="error" title={LOAD_ERROR}>
                  <Button
                    variant="secondary"
                    size="sm"
                    className="mt-2"
                    loading={inbox.isFetching}
                    onClick={() => void inbox.refetch()}
                  >
                    {!inbox.isFetching && <RotateCw aria-hidden="true" />}
                    Retry
                  </Button>
                </Alert>
              </div>
            ) : conversations.length === 0 ? (
              <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
                <Inbox className="size-8 text-fg-muted" aria-hidden="true" />
                <p className="text-sm font-medium text-fg">No messages yet</p>
                <p className="text-sm text-fg-muted">Start a conversation with Compose.</p>
              </div>
            ) : shown.length === 0 ? (
              <p role="status" className="px-6 py-12 text-center text-sm text-fg-muted">
                No conversations match your search
              </p>
            ) : (
              <ConversationList
                conversations={shown}
                selectedKey={view.kind === 'thread' ? (selected?.key ?? null) : null}
                onSelect={openThread}
              />
            )}
          </div>
        </section>

        {/* Right: the thread, the compose form, or the empty state */}
        <div className={cn('min-h-0 flex-col md:flex', paneOpen ? 'flex' : 'hidden')}>
          {remove.isError && (
            <Alert tone="error" title={DELETE_ERROR} className="m-3 mb-0">
              {remove.error.message}
            </Alert>
          )}
          {view.kind === 'compose' ? (
            <ComposeForm
              key={view.nonce}
              initialTo={view.to}
              initialSubject={view.subject}
              onCancel={closeCompose}
              onSent={handleSent}
            />
          ) : selected ? (
            <Thread
              conversation={selected}
              meId={me.id}
              headingId={threadHeadingId}
              onBack={backToList}
              onReply={() => openCompose(selected.other.username, selected.subject, selected.key)}
              onDelete={(message) => {
                remove.mutate(message.id);
                // The button that opened the dialog is gone with its message: keep focus in the thread.
                focusSoon(
                  () => document.getElementById(threadHeadingId) ?? document.getElementById(composeButtonId),
                  50,
                );
              }}
            />
          ) : waitingForSent && inbox.isFetching ? (
            <div role="status" className="flex flex-1 items-center justify-center text-sm text-fg-muted">
              Opening conversation…
            </div>
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-surface-2 text-fg-muted">
                <MessageSquare className="size-6" aria-hidden="true" />
              </span>
              <p className="text-sm text-fg-muted">{MESSAGES_EMPTY_STATE}</p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
