import type { Db } from '../../db/client';
import { sanitizeRichHtml } from '../../platform/html';
import { cutAtWord, htmlToText } from '../../platform/html-text';
import { tooManyRequests, unprocessable } from '../../platform/errors';
import { hitRateLimit } from '../../platform/rate-limit';
import type { Storage } from '../../platform/storage';
import { isNewPost } from './service';
import { POST_INTERVAL_SECONDS } from '../../../shared/forums';
import { isBlankRichText } from '../../../shared/rich-text';

/** How long a list's excerpt of a post is, in characters. */
export const EXCERPT_LENGTH = 200;

/** Sanitised HTML (the one allowlist; images from our storage only), or 422 on `field` when
 * nothing is left of it and it was required (a post made only of a script, say). */
export function cleanRichText(
  html: string,
  storage: Storage,
  { field, label }: { field: string; label: string },
  required: boolean,
): string {
  const clean = sanitizeRichHtml(html, { storage });
  if (required && isBlankRichText(clean)) throw unprocessable('VALIDATION_ERROR', `${label} is required`, field);
  return isBlankRichText(clean) ? '' : clean;
}

/** Plain text of a post for lists, cut at a word. */
export function excerptOf(html: string): string {
  return cutAtWord(htmlToText(html), EXCERPT_LENGTH);
}

/**
 * A member writes at most one post or reply every few seconds (shared by every process), which
 * stops a flood. One write is not part of a flood: the first reply to the post the member has
 * just written (issue 39: adding to your own new post a second later is what people do). It
 * still counts, so the write after it waits as any other would.
 */
export async function enforcePostingRate(
  db: Db,
  memberId: string,
  replyTo?: { id: string; authorId: string | null },
): Promise<void> {
  const { count, retryAfter } = await hitRateLimit(db, `forum-write:${memberId}`, {
    limit: 1,
    windowSeconds: POST_INTERVAL_SECONDS,
  });
  if (count > 1 && !(replyTo?.authorId === memberId && (await firstReplyToNewPost(db, replyTo.id)))) {
    const error = tooManyRequests(
      `You are posting too quickly. Please wait ${retryAfter} ${retryAfter === 1 ? 'second' : 'seconds'} before posting again.`,
    );
    error.retryAfter = retryAfter;
    throw error;
  }
}

/** Whether this is the first reply to the post within the interval after it was written: once
 * per post (a one-time window of its own, so two replies sent at once do not both pass). */
async function firstReplyToNewPost(db: Db, postId: string): Promise<boolean> {
  if (!(await isNewPost(db, postId, POST_INTERVAL_SECONDS))) return false;
  const { count } = await hitRateLimit(db, `forum-first-own-reply:${postId}`, {
    limit: 1,
    windowSeconds: POST_INTERVAL_SECONDS,
  });
  return count === 1;
}
