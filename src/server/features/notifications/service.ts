import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { announcementRecipients, eventGuests, notificationPreferences, profiles, signingKeys } from '../../db/schema';
import { isUuid } from '../../db/query-values';
import { badRequest, notFound } from '../../platform/errors';
import { readUnsubscribeToken, type Subscriber } from '../../platform/unsubscribe';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  INVALID_UNSUBSCRIBE_LINK,
  TOPIC_WORDS,
  UNKNOWN_UNSUBSCRIBE_PERSON,
  type NotificationPreferences,
  type NotificationTopic,
  type UnsubscribeAnswer,
} from '../../../shared/notifications';

// A member's e-mail choices, and what an unsubscribe link changes. No preferences row means
// the defaults (everything on); the first change writes the row.

const preferenceColumns = {
  eventReminders: notificationPreferences.eventReminders,
  messages: notificationPreferences.messages,
  connectionRequests: notificationPreferences.connectionRequests,
  forumReplies: notificationPreferences.forumReplies,
  morningAfter: notificationPreferences.morningAfter,
  feedback: notificationPreferences.feedback,
  communityNews: notificationPreferences.communityNews,
};

export async function getPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  const [row] = await db
    .select(preferenceColumns)
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ?? DEFAULT_NOTIFICATION_PREFERENCES;
}

/** Saves every choice (the dashboard sends the whole set). */
export async function savePreferences(
  db: Db,
  userId: string,
  p: NotificationPreferences,
): Promise<NotificationPreferences> {
  const choices = {
    eventReminders: p.eventReminders,
    messages: p.messages,
    connectionRequests: p.connectionRequests,
    forumReplies: p.forumReplies,
    morningAfter: p.morningAfter,
    feedback: p.feedback,
    communityNews: p.communityNews,
  };
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, ...choices, updatedAt: sql`now()` })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...choices, updatedAt: sql`now()` } })
    .returning(preferenceColumns);
  return row ?? DEFAULT_NOTIFICATION_PREFERENCES;
}

/** The preference each topic's link turns off. */
const COLUMN: Record<NotificationTopic, keyof NotificationPreferences> = {
  'event-reminders': 'eventReminders',
  messages: 'messages',
  'connection-requests': 'connectionRequests',
  'forum-replies': 'forumReplies',
  'morning-after': 'morningAfter',
  feedback: 'feedback',
  'community-news': 'communityNews',
};

/** The install's key as it is: reading a link never makes one (a link before any mail was
 * signed is simply not ours), so a refused link writes nothing. */
async function existingKey(db: Db): Promise<Buffer | null> {
  const [row] = await db
    .select({ secret: signingKeys.secret })
    .from(signingKeys)
    .where(eq(signingKeys.name, 'unsubscribe'));
  const secret = row?.secret;
  return secret ? Buffer.from(secret, 'base64url') : null;
}

/** Who and what a link names, when we signed it and that person is still here. */
async function readLink(
  db: Db,
  token: string,
): Promise<{ subscriber: Subscriber; topic: NotificationTopic; source?: string }> {
  const key = await existingKey(db);
  const link = key && readUnsubscribeToken(key, token);
  if (!link) throw badRequest('INVALID_UNSUBSCRIBE_LINK', INVALID_UNSUBSCRIBE_LINK);
  const { subscriber } = link;
  if (subscriber.kind === 'guest' && !isUuid(subscriber.id)) throw notFound(UNKNOWN_UNSUBSCRIBE_PERSON);
  const found =
    subscriber.kind === 'member'
      ? await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, subscriber.id))
      : await db.select({ id: eventGuests.id }).from(eventGuests).where(eq(eventGuests.id, subscriber.id));
  if (found.length === 0) throw notFound(UNKNOWN_UNSUBSCRIBE_PERSON);
  return link;
}

/** What following the link would stop; changes nothing (mail scanners open links). */
export async function previewUnsubscribe(db: Db, token: string): Promise<UnsubscribeAnswer> {
  const { topic } = await readLink(db, token);
  return { topic, words: TOPIC_WORDS[topic], done: false };
}

/** Turns off the one setting the link names, for the one person it names. */
export async function unsubscribe(db: Db, token: string): Promise<UnsubscribeAnswer> {
  const { subscriber, topic, source } = await readLink(db, token);
  if (subscriber.kind === 'guest') {
    // A guest has reminders only (the one kind of e-mail sent to someone without an account).
    if (topic !== 'event-reminders') throw badRequest('INVALID_UNSUBSCRIBE_LINK', INVALID_UNSUBSCRIBE_LINK);
    await db.update(eventGuests).set({ reminders: false }).where(eq(eventGuests.id, subscriber.id));
  } else {
    const off = { [COLUMN[topic]]: false, updatedAt: sql`now()` };
    await db
      .insert(notificationPreferences)
      .values({ userId: subscriber.id, ...off })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: off });
    // The announcement whose mail carried the link counts it (its sender's progress panel).
    if (source && topic === 'community-news') {
      await db
        .update(announcementRecipients)
        .set({ unsubscribedAt: sql`now()` })
        .where(
          and(
            eq(announcementRecipients.announcementId, source),
            eq(announcementRecipients.userId, subscriber.id),
            isNull(announcementRecipients.unsubscribedAt),
          ),
        );
    }
  }
  return { topic, words: TOPIC_WORDS[topic], done: true };
}
