import type { Db } from '../../db/client';
import { sanitizeRichHtml } from '../../platform/html';
import { cutAtWord, htmlToText } from '../../platform/html-text';
import { tooManyRequests, unprocessable } from '../../platform/errors';
import { hitRateLimit } from '../../platform/rate-limit';
import type { Storage } from '../../platform/storage';
import { POST_INTERVAL_SECONDS, isBlankRichText } from '../../../shared/forums';

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

/** A member writes at most one post or reply every few seconds (shared by every process). */
export async function enforcePostingRate(db: Db, memberId: string): Promise<void> {
  const { count, retryAfter } = await hitRateLimit(db, `forum-write:${memberId}`, {
    limit: 1,
    windowSeconds: POST_INTERVAL_SECONDS,
  });
  if (count > 1) {
    const error = tooManyRequests(
      `You are posting too quickly. Please wait ${retryAfter} ${retryAfter === 1 ? 'second' : 'seconds'} before posting again.`,
    );
    error.retryAfter = retryAfter;
    throw error;
  }
}
