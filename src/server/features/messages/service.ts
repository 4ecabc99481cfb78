import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { iso } from '../../db/rows';
import { messages, profiles } from '../../db/schema';
import {
  memberSummaryColumns,
  memberSummaryColumnsOf,
  presentMemberSummary,
  type MemberSummaryRow,
} from '../../platform/presenters';
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

/** A sender who deleted their account (sender_id set null): all of them share one id. */
const formerMember = () => ({ id: FORMER_MEMBER_ID, username: FORMER_MEMBER, avatarUrl: null });

/** A message's sender or recipient: the member summary without the full name (the messages
 * contract names people by username), or a former member once the account is gone. */
function messagePerson(row: MemberSummaryRow | null) {
  if (!row) return formerMember();
  const { id, username, avatarUrl } = presentMemberSummary(row);
  return { id, username, avatarUrl };
}

/** The messages `otherId` sent: a former member's have no sender left. */
const sentBy = (otherId: string) =>
  otherId === FORMER_MEMBER_ID ? isNull(messages.senderId) : eq(messages.senderId, otherId);

/** The conversation list: one row per other member and subject, summarised in SQL, so the
 * inbox costs the same whether a member has ten messages or ten thousand. */
export async function inbox(db: Db, viewerId: string): Promise<Conversation[]> {
  // Two index-backed halves (sent, received) rather than one OR, so each uses its own index.
  const half = (otherId: PgColumn, unread: SQL) => ({
    otherId: sql<string | null>`${otherId}`.as('other_id'),
    subject: messages.subject,
    content: messages.content,
    createdAt: messages.createdAt,
    unread: sql<boolean>`${unread}`.as('unread'),
  });
  const mine = db.$with('mine').as(
    db
      .select(half(messages.recipientId, sql`false`))
      .from(messages)
      .where(and(eq(messages.senderId, viewerId), isNull(messages.senderDeletedAt)))
      .unionAll(
        db
          .select(half(messages.senderId, sql`${messages.readAt} is null`))
          .from(messages)
          .where(and(eq(messages.recipientId, viewerId), isNull(messages.recipientDeletedAt))),
      ),
  );
  const lastAt = sql<Date | string>`max(${mine.createdAt})`;
  const c = db.$with('c').as(
    db
      .select({
        otherId: mine.otherId,
        subject: mine.subject,
        startedAt: sql<Date | string>`min(${mine.createdAt})`.as('started_at'),
        lastAt: lastAt.as('last_at'),
        unread: sql<number>`(count(*) filter (where ${mine.unread}))::int`.as('unread'),
        messageCount: sql<number>`count(*)::int`.as('message_count'),
        preview: sql<string>`(array_agg(left(${mine.content}, 140) order by ${mine.createdAt} desc))[1]`.as('preview'),
      })
      .from(mine)
      .groupBy(mine.otherId, mine.subject)
      .orderBy(desc(lastAt), asc(mine.otherId), asc(mine.subject))
      .limit(INBOX_CONVERSATIONS),
  );
  const rows = await db
    .with(mine, c)
    .select({
      otherId: c.otherId,
      subject: c.subject,
      startedAt: c.startedAt,
      lastAt: c.lastAt,
      unread: c.unread,
      messageCount: c.messageCount,
      preview: c.preview,
      other: memberSummaryColumns,
    })
    .from(c)
    .leftJoin(profiles, eq(profiles.id, c.otherId))
    .orderBy(desc(c.lastAt), asc(c.otherId), asc(c.subject));
  return rows.map((r) => ({
    key: conversationKey(r.otherId ?? FORMER_MEMBER_ID, r.subject),
    other: messagePerson(r.other),
    subject: r.subject,
    startedAt: iso(r.startedAt),
    lastAt: iso(r.lastAt),
    preview: r.preview,
    unread: Number(r.unread),
    messageCount: Number(r.messageCount),
  }));
}

const sender = alias(profiles, 's');
const recipient = alias(profiles, 'r');

/** One conversation's messages on the viewer's side, oldest first. Only the viewer's own
 * messages can be read: both halves name the viewer. */
export async function conversationMessages(
  db: Db,
  viewerId: string,
  otherId: string,
  subject: string,
): Promise<Message[]> {
  // Two index-backed halves (sent, received) rather than one OR, as in the inbox.
  const columns = {
    id: messages.id,
    subject: messages.subject,
    content: messages.content,
    createdAt: messages.createdAt,
    readAt: messages.readAt,
    senderId: messages.senderId,
    recipientId: messages.recipientId,
  };
  const m = db
    .select(columns)
    .from(messages)
    .where(
      and(
        eq(messages.senderId, viewerId),
        eq(messages.recipientId, otherId),
        eq(messages.subject, subject),
        isNull(messages.senderDeletedAt),
      ),
    )
    .unionAll(
      db
        .select(columns)
        .from(messages)
        .where(
          and(
            sentBy(otherId),
            eq(messages.recipientId, viewerId),
            eq(messages.subject, subject),
            isNull(messages.recipientDeletedAt),
          ),
        ),
    )
    .as('m');
  const rows = await db
    .select({
      id: m.id,
      subject: m.subject,
      content: m.content,
      createdAt: m.createdAt,
      readAt: m.readAt,
      sender: memberSummaryColumnsOf(sender),
      recipient: memberSummaryColumnsOf(recipient),
    })
    .from(m)
    .leftJoin(sender, eq(sender.id, m.senderId))
    .leftJoin(recipient, eq(recipient.id, m.recipientId))
    .orderBy(asc(m.createdAt), asc(m.id));
  return rows.map((r) => ({
    id: r.id,
    subject: r.subject,
    content: r.content,
    createdAt: iso(r.createdAt),
    readAt: r.readAt ? iso(r.readAt) : null,
    sender: messagePerson(r.sender),
    recipient: messagePerson(r.recipient),
  }));
}

export async function sendMessage(
  db: Db,
  viewerId: string,
  input: SendMessageInput,
): Promise<{ id: string; recipientId: string }> {
  const [found] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`lower(${profiles.username}) = lower(${input.to})`);
  const recipientId = found?.id;
  if (!recipientId) throw unprocessable('RECIPIENT_NOT_FOUND', RECIPIENT_NOT_FOUND, 'to');
  if (recipientId === viewerId) throw unprocessable('SELF_MESSAGE', 'You cannot send a message to yourself.');
  await assertNotBlocked(db, viewerId, recipientId, 'message');
  const [inserted] = await db
    .insert(messages)
    .values({ senderId: viewerId, recipientId, subject: input.subject, content: input.content })
    .returning({ id: messages.id });
  return { id: inserted!.id, recipientId };
}

/** Marks read the unread messages the other member sent the viewer under that subject. */
export async function markConversationRead(
  db: Db,
  viewerId: string,
  otherId: string,
  subject: string,
): Promise<{ count: number; senderIds: string[] }> {
  const rows = await db
    .update(messages)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(messages.recipientId, viewerId),
        sentBy(otherId),
        eq(messages.subject, subject),
        isNull(messages.readAt),
        isNull(messages.recipientDeletedAt),
      ),
    )
    .returning({ senderId: messages.senderId });
  const senderIds = rows.map((r) => r.senderId).filter((id): id is string => id !== null);
  return { count: rows.length, senderIds: [...new Set(senderIds)] };
}

export async function markMessageRead(db: Db, viewerId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('Message not found.');
  const rows = await db
    .update(messages)
    .set({ readAt: sql`coalesce(${messages.readAt}, now())` })
    .where(and(eq(messages.id, id), eq(messages.recipientId, viewerId), isNull(messages.recipientDeletedAt)))
    .returning({ id: messages.id });
  if (rows.length === 0) throw notFound('Message not found.');
}

/** Hides the message from the viewer's side; the other member keeps theirs. */
export async function deleteMessage(db: Db, viewerId: string, id: string): Promise<{ otherId: string | null }> {
  if (!isUuid(id)) throw notFound('Message not found.');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        senderId: messages.senderId,
        recipientId: messages.recipientId,
        senderDeletedAt: messages.senderDeletedAt,
        recipientDeletedAt: messages.recipientDeletedAt,
      })
      .from(messages)
      .where(eq(messages.id, id))
      .for('update');
    const isSender = row?.senderId === viewerId && !row.senderDeletedAt;
    const isRecipient = row?.recipientId === viewerId && !row.recipientDeletedAt;
    if (!row || (!isSender && !isRecipient)) throw notFound('Message not found.');
    // A former member (sender_id null) has no side left to keep the message on.
    const otherGone = isSender ? row.recipientDeletedAt : row.senderDeletedAt || row.senderId === null;
    if (otherGone) {
      await tx.delete(messages).where(eq(messages.id, id));
    } else if (isSender) {
      await tx
        .update(messages)
        .set({ senderDeletedAt: sql`now()` })
        .where(eq(messages.id, id));
    } else {
      await tx
        .update(messages)
        .set({ recipientDeletedAt: sql`now()` })
        .where(eq(messages.id, id));
    }
    return { otherId: isSender ? row.recipientId : row.senderId };
  });
}
