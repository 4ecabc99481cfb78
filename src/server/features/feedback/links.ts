import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/query-values';
import { signingKeys } from '../../db/schema';
import { escapeHtml } from '../../platform/mail-html';
import { signingKey } from '../../platform/signing-keys';
import { FEEDBACK_QUESTION, FEEDBACK_RATINGS, FEEDBACK_WINDOW_DAYS, RATING_WORDS } from '../../../shared/feedback';

// The rating links of the morning-after mail (issue 34). A token names one member and one event
// and is signed with a key this install made for itself, like the unsubscribe links
// (platform/unsubscribe.ts): it works without signing in and cannot be altered to name another
// member or event. The rating is not signed: it is the link's `rating=` and any tap may change it.

const KEY_NAME = 'feedback';

/** This install's key for rating links, made on first use (when a mail is written). */
export const feedbackKey = (db: Db) => signingKey(db, KEY_NAME);

/** The key as it is: reading a link never makes one (a link before any mail was signed is
 * simply not ours), so a refused link writes nothing. */
export async function existingFeedbackKey(db: Db): Promise<Buffer | null> {
  const [row] = await db.select({ secret: signingKeys.secret }).from(signingKeys).where(eq(signingKeys.name, KEY_NAME));
  return row?.secret ? Buffer.from(row.secret, 'base64url') : null;
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export interface FeedbackLink {
  userId: string;
  eventId: string;
}

/** `<payload>.<signature>`, the payload `f:<member id>:<event id>` in base64url. */
export function signFeedbackToken(key: Buffer, link: FeedbackLink): string {
  const payload = Buffer.from(`f:${link.userId}:${link.eventId}`).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The member and event a token names, or null when it is not one this install signed. */
export function readFeedbackToken(key: Buffer, token: string): FeedbackLink | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const match = /^f:([^:]+):([^:]+)$/.exec(Buffer.from(payload, 'base64url').toString('utf8'));
  if (!match || !isUuid(match[2]!)) return null;
  return { userId: match[1]!, eventId: match[2]! };
}

/** The rating section of a mail: the question, then one line per rating, each a one-tap link
 * (text part; `ratingLinksHtml` turns the lines into links named by their words). */
export function ratingSection(
  config: Pick<Config, 'publicUrl'>,
  key: Buffer,
  link: FeedbackLink,
  eventName: string,
): { text: string; links: { label: string; url: string }[] } {
  const token = signFeedbackToken(key, link);
  const links = FEEDBACK_RATINGS.map((n) => ({
    label: `${n} (${RATING_WORDS[n]})`,
    url: `${config.publicUrl}/feedback?token=${token}&rating=${n}`,
  }));
  const text = [
    [FEEDBACK_QUESTION(eventName), ...links.map((l) => `  - ${l.label}: ${l.url}`)].join('\n'),
    `One tap records your answer; the page it opens takes a comment if you have one. You can change your answer for ${FEEDBACK_WINDOW_DAYS} days after the event.`,
  ].join('\n\n');
  return { text, links };
}

/** The HTML part made from the text (platform/mail-html.ts), with each rating's words as its
 * link: one tap on "5 (Excellent)" rather than on a long address. */
export function withRatingLinks(html: string, links: { label: string; url: string }[]): string {
  return links.reduce((out, { label, url }) => {
    const href = escapeHtml(url);
    return out.replace(
      `<li>${escapeHtml(label)}: <a href="${href}">${href}</a></li>`,
      `<li><a href="${href}">${escapeHtml(label)}</a></li>`,
    );
  }, html);
}
