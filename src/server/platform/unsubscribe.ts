import { createHmac, timingSafeEqual } from 'node:crypto';
import { signingKey } from './signing-keys';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { NOTIFICATION_TOPICS, TOPIC_WORDS, type NotificationTopic } from '../../shared/notifications';

// One-click unsubscribe (RFC 8058) for notification e-mail. A link names one person (a member,
// or a guest someone registered) and one kind of e-mail, and is signed with a key this install
// made for itself (`signing_keys`, never configuration): it works without signing in, changes
// only that one setting, and cannot be altered to name someone else.

export { NOTIFICATION_TOPICS, TOPIC_WORDS, type NotificationTopic };

export type Subscriber = { kind: 'member'; id: string } | { kind: 'guest'; id: string };

/** This install's key for unsubscribe links (`platform/signing-keys.ts`). */
export const unsubscribeKey = (db: Db) => signingKey(db, 'unsubscribe');

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** `<payload>.<signature>`, the payload `m|g : id : topic [: source]` in base64url. The source
 * (an announcement's id) lets its sender count the unsubscribes that came from it. */
export function unsubscribeToken(
  key: Buffer,
  subscriber: Subscriber,
  topic: NotificationTopic,
  source?: string,
): string {
  const payload = Buffer.from(
    `${subscriber.kind === 'member' ? 'm' : 'g'}:${subscriber.id}:${topic}${source ? `:${source}` : ''}`,
  ).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The person and setting a token names, or null when it is not one this install signed. */
export function readUnsubscribeToken(
  key: Buffer,
  token: string,
): { subscriber: Subscriber; topic: NotificationTopic; source?: string } | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const match = /^([mg]):([^:]+):([a-z-]+)(?::([0-9a-f-]{36}))?$/.exec(
    Buffer.from(payload, 'base64url').toString('utf8'),
  );
  if (!match || !(NOTIFICATION_TOPICS as readonly string[]).includes(match[3]!)) return null;
  return {
    subscriber: { kind: match[1] === 'm' ? 'member' : 'guest', id: match[2]! },
    topic: match[3] as NotificationTopic,
    ...(match[4] ? { source: match[4] } : {}),
  };
}

export interface UnsubscribeLinks {
  /** The page a person opens from the mail's footer (it asks before it changes anything). */
  pageUrl: string;
  /** Header lines every notification e-mail carries. */
  headers: Record<string, string>;
  /** The footer's words, for the text and HTML parts. */
  footer: string;
}

/** What a notification e-mail to `subscriber` about `topic` carries so it can be stopped in one click. */
export async function unsubscribeLinks(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  subscriber: Subscriber,
  topic: NotificationTopic,
  source?: string,
): Promise<UnsubscribeLinks> {
  const token = unsubscribeToken(await unsubscribeKey(db), subscriber, topic, source);
  const oneClick = `${config.publicUrl}/api/unsubscribe?token=${token}`;
  const pageUrl = `${config.publicUrl}/unsubscribe?token=${token}`;
  const what = TOPIC_WORDS[topic];
  return {
    pageUrl,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    footer:
      subscriber.kind === 'member'
        ? `You get this e-mail because ${what} are on in your e-mail preferences. Stop ${what}: ${pageUrl}\nChoose what we send you on your dashboard: ${config.publicUrl}/dashboard`
        : `You get this e-mail because a member registered you as their guest. Stop ${what}: ${pageUrl}`,
  };
}

/** The line transactional mail ends with: it cannot be unsubscribed from, and says why. */
export const TRANSACTIONAL_FOOTER =
  'This e-mail is about your account or a registration of yours, so it is sent whatever your e-mail preferences say.';
