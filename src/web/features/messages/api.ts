import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeResponse } from '../../../shared/auth';
import type {
  Conversation,
  InboxResponse,
  MarkedReadResponse,
  SendMessageInput,
  SentMessageResponse,
  ThreadResponse,
} from '../../../shared/messages';
import { api } from '../../lib/api';
import { meQueryKey } from '../../lib/session';

/** The spec's text when the inbox or a thread cannot be loaded. */
export const LOAD_ERROR = 'Failed to load messages';

/** Live 'messages' notices invalidate this key, threads included (lib/realtime.ts): new
 * messages appear by themselves. */
export const messagesKey = ['messages'] as const;
const threadKey = (otherId: string, subject: string) => [...messagesKey, 'thread', otherId, subject] as const;

export function useInbox() {
  return useQuery({
    queryKey: messagesKey,
    queryFn: () => api.get<InboxResponse>('/api/messages'),
  });
}

/** The open conversation's messages, loaded when it is opened. */
export function useThread(conversation: Conversation | undefined) {
  const otherId = conversation?.other.id ?? '';
  const subject = conversation?.subject ?? '';
  return useQuery({
    queryKey: threadKey(otherId, subject),
    queryFn: () =>
      api.get<ThreadResponse>(
        `/api/messages/thread?with=${encodeURIComponent(otherId)}&subject=${encodeURIComponent(subject)}`,
      ),
    enabled: Boolean(conversation),
  });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessageInput) => api.post<SentMessageResponse>('/api/messages', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesKey }),
  });
}

/** Opening a conversation marks it read: its highlight and the nav badge drop at once. */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ otherId, subject }: { otherId: string; subject: string; key: string }) =>
      api.post<MarkedReadResponse>('/api/messages/read', { with: otherId, subject }),
    onMutate: async ({ key }) => {
      await queryClient.cancelQueries({ queryKey: messagesKey, exact: true });
      const inbox = queryClient.getQueryData<InboxResponse>(messagesKey);
      const unread = inbox?.conversations.find((c) => c.key === key)?.unread ?? 0;
      if (inbox && unread > 0) {
        queryClient.setQueryData<InboxResponse>(messagesKey, {
          conversations: inbox.conversations.map((c) => (c.key === key ? { ...c, unread: 0 } : c)),
        });
        queryClient.setQueryData<MeResponse>(meQueryKey, (current) =>
          current?.user
            ? { user: { ...current.user, unreadMessages: Math.max(0, current.user.unreadMessages - unread) } }
            : current,
        );
      }
    },
    onError: (error) => console.error('Could not mark the conversation read', error),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      void queryClient.invalidateQueries({ queryKey: messagesKey, exact: true });
    },
  });
}

/** Hides a message from your side; it leaves the thread at once and comes back if that fails. */
export function useDeleteMessage() {
  const queryClient = useQueryClient();
  const threads = { queryKey: [...messagesKey, 'thread'] };
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/messages/${encodeURIComponent(id)}`),
    onMutate: async (id) => {
      await queryClient.cancelQueries(threads);
      const previous = queryClient.getQueriesData<ThreadResponse>(threads);
      queryClient.setQueriesData<ThreadResponse>(threads, (thread) =>
        thread ? { messages: thread.messages.filter((m) => m.id !== id) } : thread,
      );
      return { previous };
    },
    onError: (_error, _id, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => {
      // The list's preview, count and dates come from the server.
      void queryClient.invalidateQueries({ queryKey: messagesKey });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

export type Suggestion = { id: string; username: string; avatarUrl: string | null; fullName: string | null };

/** Usernames starting with what was typed in To (members only). */
export function useRecipientSuggestions(prefix: string) {
  return useQuery({
    queryKey: ['members', 'suggest', prefix.toLowerCase()],
    queryFn: () => api.get<{ members: Suggestion[] }>(`/api/members/suggest?q=${encodeURIComponent(prefix)}`),
    enabled: prefix.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
