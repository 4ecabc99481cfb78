import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { iso } from '../../db/rows';
import { notFound, unprocessable } from '../../platform/errors';
import {
  FORMER_MEMBER,
  FORMER_MEMBER_ID,
  RECIPIENT_NOT_FOUND,
  conversationKey,
  type Conversation,
  type Message,
  type SendMessageInput,
} from '../../../shared/messages';
import { isUuid } from '../../db/query-values';
import { assertNotBlocked } from '../moderation/service';

// Direct messages. A conversation is the other member plus the subject. Deleting hides a
// message from the deleting member only (like e-mail); the row goes when both sides deleted it.

/** The most recent conversations the inbox lists; older ones come back when a message arrives. */
export const INBOX_CONVERSATIONS = 200;

type SummaryRow = {
  other_id: string | null;
  subject: string;
  started_at: Date | string;
  last_at: Date | string;
  unread: number;
  message_count: number;
  preview: string;
  username: string | null;
  avatar_url: string | null;
};

/** A sender who deleted their account (sender_id set null): all of them share one id. */
const formerMember = () => ({ id: FORMER_MEMBER_ID, username: FORMER_MEMBER, avatarUrl: null });

/** The messages `otherId` sent: a former member's have no sender left. */
const sentBy = (otherId: string) =>
  otherId === FORMER_MEMBER_ID ? sql`sender_id is null` : sql`sender_id = ${otherId}`;

/** The conversation list: one row per other member and subject, summarised in SQL, so the
 * inbox costs the same whether a member has ten messages or ten thousand. */
export async function inbox(db: Db, viewerId: string): Promise<Conversation[]> {
  // Two index-backed halves (sent, received) rather than one OR, so each uses its own index.
  const result = await db.execute<SummaryRow>(sql`with mine as (
      select recipient_id as other_id, subject, content, created_at, false as unread from messages
        where sender_id = ${viewerId} and sender_deleted_at is null
      union all
      select sender_id, subject, content, created_at, read_at is null from messages
        where recipient_id = ${viewerId} and recipient_deleted_at is null
    ), c as (
      select other_id, subject, min(created_at) as started_at, max(created_at) as last_at,
        (count(*) filter (where unread))::int as unread, count(*)::int as message_count,
        (array_agg(left(content, 140) order by created_at desc))[1] as preview
      from mine group by other_id, subject
      order by last_at desc, other_id, subject
      limit ${INBOX_CONVERSATIONS}
    )
    select c.*, p.username, p.avatar_url from c left join profiles p on p.id = c.other_id
    order by c.last_at desc, c.other_id, c.subject`);
  return result.rows.map((r) => ({
    key: conversationKey(r.other_id ?? FORMER_MEMBER_ID, r.subject),
    other:
      r.other_id && r.username ? { id: r.other_id, username: r.username, avatarUrl: r.avatar_url } : formerMember(),
    subject: r.subject,
    startedAt: iso(r.started_at),
    lastAt: iso(r.last_at),
    preview: r.preview,
    unread: Number(r.unread),
    messageCount: Number(r.message_count),
  }));
}

type MessageRow = {
  id: string;
  subject: string;
  content: string;
  created_at: Date | string;
  read_at: Date | string | null;
  sender_id: string | null;
  recipient_id: string;
  sender_username: string | null;
  sender_avatar: string | null;
  recipient_username: string | null;
  recipient_avatar: string | null;
};

/** One conversation's messages on the viewer's side, oldest first. Only the viewer's own
 * messages can be read: both halves name the viewer. */
export async function conversationMessages(
  db: Db,
  viewerId: string,
  otherId: string,
  subject: string,
): Promise<Message[]> {
  const result = await db.execute<MessageRow>(sql`select m.id, m.subject, m.content, m.created_at, m.read_at,
      m.sender_id, m.recipient_id, s.username as sender_username, s.avatar_url as sender_avatar,
      r.username as recipient_username, r.avatar_url as recipient_avatar
    from (
      select * from messages
        where sender_id = ${viewerId} and recipient_id = ${otherId} and subject = ${subject} and sender_deleted_at is null
      union all
      select * from messages
        where ${sentBy(otherId)} and recipient_id = ${viewerId} and subject = ${subject} and recipient_deleted_at is null
    ) m
    left join profiles s on s.id = m.sender_id
    left join profiles r on r.id = m.recipient_id
    order by m.created_at, m.id`);
  const person = (id: string | null, username: string | null, avatarUrl: string | null) =>
    id && username ? { id, username, avatarUrl } : formerMember();
  return result.rows.map((r) => ({
    id: r.id,
    subject: r.subject,
    content: r.content,
    createdAt: iso(r.created_at),
    readAt: r.read_at ? iso(r.read_at) : null,
    sender: person(r.sender_id, r.sender_username, r.sender_avatar),
    recipient: person(r.recipient_id, r.recipient_username, r.recipient_avatar),
  }));
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
  if (!recipientId) throw unprocessable('RECIPIENT_NOT_FOUND', RECIPIENT_NOT_FOUND, 'to');
  if (recipientId === viewerId) throw unprocessable('SELF_MESSAGE', 'You cannot send a message to yourself.');
  await assertNotBlocked(db, viewerId, recipientId, 'message');
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
  const result = await db.execute<{ sender_id: string | null }>(sql`update messages set read_at = now()
    where recipient_id = ${viewerId} and ${sentBy(otherId)} and subject = ${subject}
      and read_at is null and recipient_deleted_at is null
    returning sender_id`);
  const senderIds = result.rows.map((r) => r.sender_id).filter((id): id is string => id !== null);
  return { count: result.rows.length, senderIds: [...new Set(senderIds)] };
}

export async function markMessageRead(db: Db, viewerId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('Message not found.');
  const result = await db.execute(sql`update messages set read_at = coalesce(read_at, now())
    where id = ${id} and recipient_id = ${viewerId} and recipient_deleted_at is null returning id`);
  if (result.rows.length === 0) throw notFound('Message not found.');
}

/** Hides the message from the viewer's side; the other member keeps theirs. */
export async function deleteMessage(db: Db, viewerId: string, id: string): Promise<{ otherId: string | null }> {
  if (!isUuid(id)) throw notFound('Message not found.');
  return db.transaction(async (tx) => {
    const found = await tx.execute<{
      sender_id: string | null;
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
    // A former member (sender_id null) has no side left to keep the message on.
    const otherGone = isSender ? row.recipient_deleted_at : row.sender_deleted_at || row.sender_id === null;
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
