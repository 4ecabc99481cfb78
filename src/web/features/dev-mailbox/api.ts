import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type MailboxMessage = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments?: Array<{ filename: string; contentType: string }>;
  /** Extra header lines: List-Unsubscribe and List-Unsubscribe-Post on notification mail. */
  headers?: Record<string, string>;
  createdAt: string;
};

export function useMailbox() {
  return useQuery({
    queryKey: ['dev-mailbox'],
    queryFn: () => api.get<{ messages: MailboxMessage[] }>('/api/dev/mailbox'),
    staleTime: 0,
  });
}
