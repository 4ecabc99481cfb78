import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import {
  OUTBOX_NOT_FAILED,
  OUTBOX_NOT_FOUND,
  OUTBOX_PAGE_SIZE,
  type OutboxItem,
  type OutboxMessage,
  type OutboxResponse,
  type OutboxStatus,
} from '../../../shared/outbox';
import { isUuid } from '../../db/query-values';

type OutboxRow = typeof emailOutbox.$inferSelect;

const toItem = (m: OutboxRow): OutboxItem => ({
  id: m.id,
  to: m.to,
  subject: m.subject,
  status: m.status as OutboxStatus,
  attempts: m.attempts,
  lastError: m.lastError,
  createdAt: m.createdAt.toISOString(),
  sentAt: m.sentAt ? m.sentAt.toISOString() : null,
});

/** The outbox newest first, a page at a time, optionally one status only. */
export async function listOutbox(db: Db, query: { page: number; status?: OutboxStatus }): Promise<OutboxResponse> {
  const where: SQL | undefined = query.status ? eq(emailOutbox.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(OUTBOX_PAGE_SIZE)
      .offset((query.page - 1) * OUTBOX_PAGE_SIZE),
    db.select({ n: count() }).from(emailOutbox).where(where),
  ]);
  return { messages: rows.map(toItem), total: Number(total?.n ?? 0), page: query.page, pageSize: OUTBOX_PAGE_SIZE };
}

export async function findOutboxMessage(db: Db, id: string): Promise<OutboxMessage> {
  const [row] = isUuid(id) ? await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)) : [];
  if (!row) throw notFound(OUTBOX_NOT_FOUND);
  return {
    ...toItem(row),
    text: row.text,
    html: row.html,
    attachments: (row.attachments ?? []).map(({ filename, contentType }) => ({ filename, contentType })),
  };
}

/** A failed delivery goes back to pending with a fresh count of attempts; the mailer sends it. */
export async function retryOutboxMessage(db: Db, id: string): Promise<{ before: OutboxStatus }> {
  const existing = isUuid(id) ? await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)) : [];
  if (!existing[0]) throw notFound(OUTBOX_NOT_FOUND);
  const updated = await db
    .update(emailOutbox)
    .set({ status: 'pending', attempts: 0 })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed')))
    .returning({ id: emailOutbox.id });
  if (updated.length === 0) throw conflict('NOT_FAILED', OUTBOX_NOT_FAILED);
  return { before: 'failed' };
}
