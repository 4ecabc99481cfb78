import { z } from 'zod';

// The admin's Outbox: every e-mail the product wrote, with how its delivery went.

export const OUTBOX_PAGE_SIZE = 20;
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'captured'] as const;
export const outboxStatus = z.enum(OUTBOX_STATUSES);
export type OutboxStatus = z.infer<typeof outboxStatus>;
export const OUTBOX_NOT_FOUND = 'Message not found';
export const OUTBOX_NOT_FAILED = 'Only a failed delivery can be retried.';

export const outboxQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  status: outboxStatus.optional(),
});

export const outboxItem = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  status: outboxStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxItem = z.infer<typeof outboxItem>;

export const outboxResponse = z.object({
  messages: z.array(outboxItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OutboxResponse = z.infer<typeof outboxResponse>;

export const outboxMessage = outboxItem.extend({
  text: z.string(),
  html: z.string().nullable(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;
/** One mail of the outbox, read or retried. */
export const outboxMessageResponse = z.object({ message: outboxMessage });
export type OutboxMessageResponse = z.infer<typeof outboxMessageResponse>;
