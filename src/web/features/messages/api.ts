import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeResponse } from '../../../shared/auth';
import type { InboxResponse, SendMessageInput } from '../../../shared/messages';
import { api } from '../../lib/api';
import { meQueryKey } from '../../lib/session';

/** Live 'messages' notices invalidate this key (lib/realtime.ts): new messages appear by themselves. */
export const messagesKey = ['messages'] as const;

export function useInbox() {
  return useQuery({
    queryKey: messagesKey,
    queryFn: () => api.get<InboxResponse>('/api/messages'),
  });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessageInput) => api.post<{ id: string }>('/api/messages', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesKey }),
  });
}

/** Opening a conversation marks it read: its highlight and the nav badge drop at once. */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ otherId, subject }: { otherId: string; subject: string; key: string }) =>
      api.post<{ marked: number }>('/api/messages/read', { with: otherId, subject }),
    onMutate: async ({ key }) => {
      await queryClient.cancelQueries({ queryKey: messagesKey });
      const inbox = queryClient.getQueryData<InboxResponse>(messagesKey);
      const unread = inbox?.conversations.find((c) => c.key === key)?.unread ?? 0;
      if (inbox && unread > 0) {
        const now = new Date().toISOString();
        queryClient.setQueryData<InboxResponse>(messagesKey, {
          conversations: inbox.conversations.map((c) =>
            c.key === key
              ? { ...c, unread: 0, messages: c.messages.map((m) => ({ ...m, readAt: m.readAt ?? now })) }
              : c,
          ),
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
      void queryClient.invalidateQueries({ queryKey: messagesKey });
    },
  });
}

/** Hides a message from your side; it leaves the thread at once and comes back if that fails. */
export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/messages/${encodeURIComponent(id)}`),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: messagesKey });
      const previous = queryClient.getQueryData<InboxResponse>(messagesKey);
      if (previous) {
        queryClient.setQueryData<InboxResponse>(messagesKey, {
          conversations: previous.conversations
            .map((c) => {
              if (!c.messages.some((m) => m.id === id)) return c;
              const messages = c.messages.filter((m) => m.id !== id);
              const last = messages.at(-1);
              return {
                ...c,
                messages,
                preview: last ? last.content.slice(0, 140) : '',
                lastAt: last?.createdAt ?? c.lastAt,
                startedAt: messages[0]?.createdAt ?? c.startedAt,
              };
            })
            .filter((c) => c.messages.length > 0),
        });
      }
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(messagesKey, context.previous);
    },
    onSettled: () => {
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
