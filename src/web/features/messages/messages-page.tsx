import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigationType, useSearchParams } from '../../lib/router';
import { ArrowLeft, Inbox, MessageSquare, SquarePen } from 'lucide-react';
import {
  MESSAGES_EMPTY_STATE,
  conversationKey,
  type Conversation,
  type SendMessageInput,
} from '../../../shared/messages';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { SearchInput } from '../../components/search-field';
import { Skeleton } from '../../components/skeleton';
import { LoadError } from '../../components/load-error';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { useMe } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LOAD_ERROR, useDeleteMessage, useInbox, useMarkConversationRead } from './api';
import { ComposeForm } from './compose-form';
import { ConversationList } from './conversation-list';
import { Thread } from './thread';

export const DELETE_ERROR = 'Failed to delete message';
export const CONVERSATION_NOT_FOUND = 'Conversation not found';

/** The compose form; `reply` keeps the open conversation to return to on Cancel. */
type Compose = { to: string; subject: string; reply: boolean; nonce: number };

/** The open conversation lives in the address (?with=<the other member's id>&subject=), so it can
 * be bookmarked, reloaded and left with the browser's Back. */
function openedKey(params: URLSearchParams): string | null {
  const otherId = params.get('with');
  return otherId ? conversationKey(otherId, params.get('subject') ?? '') : null;
}

/** A fresh compose form (a new key remounts it when one was already open). */
function nextCompose(current: Compose | null, to: string, subject: string, reply: boolean): Compose {
  return { to, subject, reply, nonce: current ? current.nonce + 1 : 0 };
}

/** Moves focus after React (and a closing dialog, which restores focus first) has settled; an
 * element still hidden (a pane about to open) is waited for, a frame at a time, up to 2 s. */
function focusSoon(find: () => HTMLElement | null, delay = 0) {
  const attempt = (framesLeft: number) => {
    const element = find();
    if (element && element.getClientRects().length > 0) element.focus();
    else if (framesLeft > 0) requestAnimationFrame(() => attempt(framesLeft - 1));
  };
  setTimeout(() => requestAnimationFrame(() => attempt(120)), delay);
}

export function MessagesPage() {
  const { me } = useMe();
  const inbox = useInbox();
  const markRead = useMarkConversationRead();
  const remove = useDeleteMessage();
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  const [searchParams, setSearchParams] = useSearchParams();
  const toParam = searchParams.get('to') ?? '';
  const openKey = openedKey(searchParams);
  const searchId = useId();
  const threadHeadingId = useId();
  const composeButtonId = useId();
  const [query, setQuery] = useState('');

  // ?to=username opens compose with the recipient filled in.
  const [compose, setCompose] = useState<Compose | null>(() =>
    toParam ? { to: toParam, subject: '', reply: false, nonce: 0 } : null,
  );
  const [seenTo, setSeenTo] = useState(toParam);
  if (toParam !== seenTo) {
    setSeenTo(toParam);
    if (toParam) setCompose((current) => nextCompose(current, toParam, '', false));
  }
  /** Just sent, by recipient and subject: opened once the inbox lists it (its key holds the id). */
  const [sent, setSent] = useState<SendMessageInput | null>(null);
  // The browser's Back and Forward show what the address says: a form left open would hide it.
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (location.key !== seenLocation) {
    setSeenLocation(location.key);
    if (navigationType === 'POP') {
      setCompose(null);
      setSent(null);
    }
  }

  const conversations = inbox.data?.conversations ?? [];
  const selected = openKey ? conversations.find((c) => c.key === openKey) : undefined;
  const sentTo = sent?.to.toLowerCase();
  const sentConversation = sent
    ? conversations.find((c) => c.other.username.toLowerCase() === sentTo && c.subject === sent.subject)
    : undefined;
  /** The conversation on screen (a reply's form hides it until Cancel or Send). */
  const onScreen = compose ? undefined : selected;
  const missing = Boolean(openKey && !selected && inbox.data && !compose && !sent);
  useDocumentTitle(
    selected && (!compose || compose.reply)
      ? `${selected.subject} · Messages`
      : missing
        ? `${CONVERSATION_NOT_FOUND} · Messages`
        : 'Messages',
  );

  // Opening a conversation (or a new message arriving in the open one) marks it read.
  const markReadMutate = markRead.mutate;
  const onScreenKey = onScreen?.key;
  const onScreenUnread = onScreen?.unread ?? 0;
  const otherId = onScreen?.other.id;
  const subject = onScreen?.subject;
  useEffect(() => {
    if (!onScreenKey || onScreenUnread === 0 || !otherId || subject === undefined) return;
    markReadMutate({ otherId, subject, key: onScreenKey });
  }, [onScreenKey, onScreenUnread, otherId, subject, markReadMutate]);

  // Focus goes to the conversation's heading. Opening one navigates first, so the heading may not
  // be there yet when asked for: it is then focused as soon as the conversation shows.
  const headingWanted = useRef(false);
  const focusThreadHeading = () => {
    headingWanted.current = true;
    focusSoon(() => {
      const heading = document.getElementById(threadHeadingId);
      if (heading) headingWanted.current = false;
      return heading;
    });
  };
  useEffect(() => {
    if (!onScreenKey || !headingWanted.current) return;
    headingWanted.current = false;
    document.getElementById(threadHeadingId)?.focus();
  }, [onScreenKey, threadHeadingId]);

  // Once a just-sent conversation shows up in the inbox, its address opens it (then it is an
  // ordinary open conversation).
  if (sent && sentConversation && sentConversation.key === openKey) setSent(null);
  const sentKey = sentConversation?.key;
  const sentUrl = sentConversation ? paths.conversation(sentConversation.other.id, sentConversation.subject) : null;
  useEffect(() => {
    if (!sentUrl || sentKey === openKey) return;
    headingWanted.current = true;
    void navigate(sentUrl);
  }, [sentUrl, sentKey, openKey, navigate]);

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
    setCompose(null);
    setSent(null);
    if (conversation.key !== openKey) void navigate(paths.conversation(conversation.other.id, conversation.subject));
    focusThreadHeading();
  };

  const openCompose = (to = '', subjectLine = '', reply = false) => {
    headingWanted.current = false;
    setSent(null);
    setCompose((current) => nextCompose(current, to, subjectLine, reply));
    // A new message leaves the open conversation (and its title) behind.
    if (!reply && openKey) void navigate(paths.messages);
  };

  const closeCompose = () => {
    clearToParam();
    setCompose(null);
    if (compose?.reply && selected) focusThreadHeading();
    else focusSoon(() => document.getElementById(composeButtonId));
  };

  const handleSent = (message: SendMessageInput) => {
    clearToParam();
    setCompose(null);
    setSent(message);
    // A reply stays in the open conversation: nothing to navigate, focus goes back to it.
    focusThreadHeading();
  };

  const backToList = () => {
    const key = openKey;
    headingWanted.current = false;
    setCompose(null);
    void navigate(paths.messages);
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
  const paneOpen = Boolean(compose || openKey || sent);
  const opening = (sent && inbox.isFetching) || (openKey && !selected && inbox.isPending);
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
                <LoadError title={LOAD_ERROR} query={inbox} />
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
              <ConversationList conversations={shown} selectedKey={onScreen?.key ?? null} onSelect={openThread} />
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
          {compose ? (
            <ComposeForm
              key={compose.nonce}
              initialTo={compose.to}
              initialSubject={compose.subject}
              onCancel={closeCompose}
              onSent={handleSent}
            />
          ) : onScreen ? (
            <Thread
              conversation={onScreen}
              meId={me.id}
              headingId={threadHeadingId}
              onBack={backToList}
              onReply={() => openCompose(onScreen.other.username, onScreen.subject, true)}
              onDelete={(message) => {
                // Its last message gone, the conversation is gone too: its address leads to the list.
                const last = onScreen.messageCount <= 1;
                remove.mutate(message.id, {
                  onSuccess: () => {
                    if (last) void navigate(paths.messages, { replace: true });
                  },
                });
                // The button that opened the dialog is gone with its message: keep focus in the
                // thread, or on Compose when the thread goes too.
                focusSoon(
                  () =>
                    (last ? null : document.getElementById(threadHeadingId)) ??
                    document.getElementById(composeButtonId),
                  50,
                );
              }}
            />
          ) : opening ? (
            <div role="status" className="flex flex-1 items-center justify-center text-sm text-fg-muted">
              Opening conversation…
            </div>
          ) : missing ? (
            <MissingConversation onBack={backToList} />
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

/** An address naming a conversation this member does not have (deleted, or never theirs). */
function MissingConversation({ onBack }: { onBack: () => void }) {
  return (
    <div className="flex flex-1 flex-col">
      <div className="border-b border-line px-3 py-3 md:hidden">
        <Button variant="ghost" size="sm" onClick={onBack} className="-ml-1 px-2">
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
      </div>
      <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-surface-2 text-fg-muted">
          <MessageSquare className="size-6" aria-hidden="true" />
        </span>
        <h2 className="text-base font-semibold text-fg">{CONVERSATION_NOT_FOUND}</h2>
        <p className="text-sm text-fg-muted">{MESSAGES_EMPTY_STATE}</p>
      </div>
    </div>
  );
}
