import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { iso } from '../../db/rows';
import { notFound, unprocessable } from '../../platform/errors';
import {
  RECIPIENT_NOT_FOUND,
  conversationKey,
  type Conversation,
  type Message,
  type SendMessageInput,
} from '../../../shared/messages';
import { isUuid } from '../events/service';

// Direct messages. A conversation is the other member plus the subject. Deleting hides a
// message from the deleting member only (like e-mail); the row goes when both sides deleted it.

/** The newest messages a member can see; older ones are beyond any inbox screen. */
export const INBOX_LIMIT = 500;

type Row = {
  id: string;
  subject: string;
  content: string;
  created_at: Date | string;
  read_at: Date | string | null;
  sender_id: string;
  recipient_id: string;
};

export async function inbox(db: Db, viewerId: string): Promise<Conversation[]> {
  // Two index-backed halves (sent, received) rather than one OR, so each uses its own index.
  const result =
    await db.execute<Row>(sql`select m.id, m.subject, m.content, m.created_at, m.read_at, m.sender_id, m.recipient_id
    from (
      (select id, subject, content, created_at, read_at, sender_id, recipient_id from messages
        where sender_id = ${viewerId} and sender_deleted_at is null order by created_at desc limit ${INBOX_LIMIT})
      union all
      (select id, subject, content, created_at, read_at, sender_id, recipient_id from messages
        where recipient_id = ${viewerId} and recipient_deleted_at is null order by created_at desc limit ${INBOX_LIMIT})
    ) m
    order by m.created_at asc, m.id`);
  // The people involved are few: look each up once, not once per message.
  const ids = [...new Set(result.rows.flatMap((r) => [r.sender_id, r.recipient_id]))];
  const people = new Map<string, Message['sender']>();
  if (ids.length > 0) {
    const found = await db.execute<{ id: string; username: string; avatar_url: string | null }>(
      sql`select id, username, avatar_url from profiles where id in ${ids}`,
    );
    for (const p of found.rows) people.set(p.id, { id: p.id, username: p.username, avatarUrl: p.avatar_url });
  }
  const person = (id: string) => people.get(id) ?? { id, username: 'former member', avatarUrl: null };

  const conversations = new Map<string, Conversation>();
  for (const row of result.rows) {
    const message: Message = {
      id: row.id,
      subject: row.subject,
      content: row.content,
      createdAt: iso(row.created_at),
      readAt: row.read_at ? iso(row.read_at) : null,
      sender: person(row.sender_id),
      recipient: person(row.recipient_id),
    };
    const other = row.sender_id === viewerId ? message.recipient : message.sender;
    const key = conversationKey(other.id, row.subject);
    let c = conversations.get(key);
    if (!c) {
      c = {
        key,
        other,
        subject: row.subject,
        startedAt: message.createdAt,
        lastAt: message.createdAt,
        preview: '',
        unread: 0,
        messages: [],
      };
      conversations.set(key, c);
    }
    c.messages.push(message);
    c.lastAt = message.createdAt;
    c.preview = message.content.slice(0, 140);
    if (row.recipient_id === viewerId && !row.read_at) c.unread++;
  }
  // Most recent activity first.
  return [...conversations.values()].sort((a, b) => b.lastAt.localeCompare(a.lastAt));
}

export async function sendMessage(
  db: Db,
  viewerId: string,
  input: SendMessageInput,
): Promise<{ id: string; recipientId: string }> {
  const found = await db.execute<{ id: string }>(
    sql`select id from profiles where lower(username) = lower(${input.to})`,
  );
  const recipientId = found.rows[0]?.id;
  if (!recipientId) throw unprocessable('RECIPIENT_NOT_FOUND', RECIPIENT_NOT_FOUND);
  if (recipientId === viewerId) throw unprocessable('SELF_MESSAGE', 'You cannot send a message to yourself.');
  const inserted = await db.execute<{ id: string }>(sql`insert into messages (sender_id, recipient_id, subject, content)
    values (${viewerId}, ${recipientId}, ${input.subject}, ${input.content}) returning id`);
  return { id: inserted.rows[0]!.id, recipientId };
}

/** Marks read the unread messages the other member sent the viewer under that subject. */
export async function markConversationRead(
  db: Db,
  viewerId: string,
  otherId: string,
  subject: string,
): Promise<{ count: number; senderIds: string[] }> {
  const result = await db.execute<{ sender_id: string }>(sql`update messages set read_at = now()
    where recipient_id = ${viewerId} and sender_id = ${otherId} and subject = ${subject}
      and read_at is null and recipient_deleted_at is null
    returning sender_id`);
  return { count: result.rows.length, senderIds: [...new Set(result.rows.map((r) => r.sender_id))] };
}

export async function markMessageRead(db: Db, viewerId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('Message not found.');
  const result = await db.execute(sql`update messages set read_at = coalesce(read_at, now())
    where id = ${id} and recipient_id = ${viewerId} and recipient_deleted_at is null returning id`);
  if (result.rows.length === 0) throw notFound('Message not found.');
}

/** Hides the message from the viewer's side; the other member keeps theirs. */
export async function deleteMessage(db: Db, viewerId: string, id: string): Promise<{ otherId: string }> {
  if (!isUuid(id)) throw notFound('Message not found.');
  return db.transaction(async (tx) => {
    const found = await tx.execute<{
      sender_id: string;
      recipient_id: string;
      sender_deleted_at: unknown;
      recipient_deleted_at: unknown;
    }>(
      sql`select sender_id, recipient_id, sender_deleted_at, recipient_deleted_at from messages where id = ${id} for update`,
    );
    const row = found.rows[0];
    const isSender = row?.sender_id === viewerId && !row.sender_deleted_at;
    const isRecipient = row?.recipient_id === viewerId && !row.recipient_deleted_at;
    if (!row || (!isSender && !isRecipient)) throw notFound('Message not found.');
    const otherGone = isSender ? row.recipient_deleted_at : row.sender_deleted_at;
    if (otherGone) {
      await tx.execute(sql`delete from messages where id = ${id}`);
    } else if (isSender) {
      await tx.execute(sql`update messages set sender_deleted_at = now() where id = ${id}`);
    } else {
      await tx.execute(sql`update messages set recipient_deleted_at = now() where id = ${id}`);
    }
    return { otherId: isSender ? row.recipient_id : row.sender_id };
  });
}
