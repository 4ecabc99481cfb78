import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
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

type PreferenceRow = {
  event_reminders: boolean;
  messages: boolean;
  connection_requests: boolean;
  forum_replies: boolean;
  morning_after: boolean;
};

const present = (row: PreferenceRow | undefined): NotificationPreferences =>
  row
    ? {
        eventReminders: row.event_reminders,
        messages: row.messages,
        connectionRequests: row.connection_requests,
        forumReplies: row.forum_replies,
        morningAfter: row.morning_after,
      }
    : DEFAULT_NOTIFICATION_PREFERENCES;

export async function getPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  const result = await db.execute<PreferenceRow>(sql`select event_reminders, messages, connection_requests,
    forum_replies, morning_after from notification_preferences where user_id = ${userId}`);
  return present(result.rows[0]);
}

/** Saves every choice (the dashboard sends the whole set). */
export async function savePreferences(
  db: Db,
  userId: string,
  p: NotificationPreferences,
): Promise<NotificationPreferences> {
  const result = await db.execute<PreferenceRow>(sql`insert into notification_preferences
      (user_id, event_reminders, messages, connection_requests, forum_replies, morning_after, updated_at)
    values (${userId}, ${p.eventReminders}, ${p.messages}, ${p.connectionRequests}, ${p.forumReplies},
      ${p.morningAfter}, now())
    on conflict (user_id) do update set event_reminders = excluded.event_reminders, messages = excluded.messages,
      connection_requests = excluded.connection_requests, forum_replies = excluded.forum_replies,
      morning_after = excluded.morning_after, updated_at = now()
    returning event_reminders, messages, connection_requests, forum_replies, morning_after`);
  return present(result.rows[0]);
}

const COLUMN: Record<NotificationTopic, string> = {
  'event-reminders': 'event_reminders',
  messages: 'messages',
  'connection-requests': 'connection_requests',
  'forum-replies': 'forum_replies',
  'morning-after': 'morning_after',
};

/** The install's key as it is: reading a link never makes one (a link before any mail was
 * signed is simply not ours), so a refused link writes nothing. */
async function existingKey(db: Db): Promise<Buffer | null> {
  const result = await db.execute<{ secret: string }>(sql`select secret from signing_keys where name = 'unsubscribe'`);
  const secret = result.rows[0]?.secret;
  return secret ? Buffer.from(secret, 'base64url') : null;
}

/** Who and what a link names, when we signed it and that person is still here. */
async function readLink(db: Db, token: string): Promise<{ subscriber: Subscriber; topic: NotificationTopic }> {
  const key = await existingKey(db);
  const link = key && readUnsubscribeToken(key, token);
  if (!link) throw badRequest('INVALID_UNSUBSCRIBE_LINK', INVALID_UNSUBSCRIBE_LINK);
  const { subscriber } = link;
  if (subscriber.kind === 'guest' && !isUuid(subscriber.id)) throw notFound(UNKNOWN_UNSUBSCRIBE_PERSON);
  const found =
    subscriber.kind === 'member'
      ? await db.execute(sql`select 1 from profiles where id = ${subscriber.id}`)
      : await db.execute(sql`select 1 from event_guests where id = ${subscriber.id}::uuid`);
  if (found.rows.length === 0) throw notFound(UNKNOWN_UNSUBSCRIBE_PERSON);
  return link;
}

/** What following the link would stop; changes nothing (mail scanners open links). */
export async function previewUnsubscribe(db: Db, token: string): Promise<UnsubscribeAnswer> {
  const { topic } = await readLink(db, token);
  return { topic, words: TOPIC_WORDS[topic], done: false };
}

/** Turns off the one setting the link names, for the one person it names. */
export async function unsubscribe(db: Db, token: string): Promise<UnsubscribeAnswer> {
  const { subscriber, topic } = await readLink(db, token);
  if (subscriber.kind === 'guest') {
    // A guest has reminders only (the one kind of e-mail sent to someone without an account).
    if (topic !== 'event-reminders') throw badRequest('INVALID_UNSUBSCRIBE_LINK', INVALID_UNSUBSCRIBE_LINK);
    await db.execute(sql`update event_guests set reminders = false where id = ${subscriber.id}::uuid`);
  } else {
    const column = sql.identifier(COLUMN[topic]);
    await db.execute(sql`insert into notification_preferences (user_id, ${column}, updated_at)
      values (${subscriber.id}, false, now())
      on conflict (user_id) do update set ${column} = false, updated_at = now()`);
  }
  return { topic, words: TOPIC_WORDS[topic], done: true };
}
