import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { knownBrowsers } from '../db/schema';
import { sendAccountNotice } from './account-notice';
import { dateTimeFormat } from './date-format';
import { describeUserAgent } from './user-agent';
import { cookieOf } from './viewer';

// A sign-in from a browser the account was never signed in from e-mails the member, naming it.
// Each browser holds a random id in a long-lived cookie, sent only to the sign-in routes; the
// account remembers the ids' digests. The first browser an account is seen in is remembered
// without a word (a member who just registered, or every member once this shipped).

export const BROWSER_COOKIE = 'pm_browser';
/** Chromium keeps no cookie longer than 400 days; a browser unseen that long is new again. */
export const BROWSER_MEMORY_DAYS = 400;
export const NEW_SIGN_IN_SUBJECT = 'New sign-in to your Power Mixer account';
const BROWSER_ID = /^[A-Za-z0-9_-]{32,64}$/;

const digest = (id: string) => createHash('sha256').update(id).digest('base64url');

/** Remembers the request's browser for the account (setting its cookie when it has none) and
 * e-mails the member when the account knew other browsers but not this one. */
export async function noteBrowser(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
  const { db, mailer, config, clock } = request.server.services;
  const held = cookieOf(request, BROWSER_COOKIE);
  const id = held && BROWSER_ID.test(held) ? held : randomBytes(24).toString('base64url');
  reply.header(
    'set-cookie',
    `${BROWSER_COOKIE}=${id}; Max-Age=${BROWSER_MEMORY_DAYS * 86_400}; Path=/api/auth; HttpOnly; SameSite=Lax${config.isProduction ? '; Secure' : ''}`,
  );
  const hash = digest(id);
  const [others] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(knownBrowsers)
    .where(and(eq(knownBrowsers.userId, userId), ne(knownBrowsers.browserHash, hash)));
  // `xmax = 0` only on the row this statement inserted: two sign-ins racing mail once.
  const [written] = await db
    .insert(knownBrowsers)
    .values({ userId, browserHash: hash })
    .onConflictDoUpdate({ target: [knownBrowsers.userId, knownBrowsers.browserHash], set: { lastSeenAt: sql`now()` } })
    .returning({ inserted: sql<boolean>`xmax = 0` });
  if (!written?.inserted || Number(others?.count ?? 0) === 0) return;

  const { browser, system } = describeUserAgent(request.headers['user-agent']);
  const when = dateTimeFormat('en-US', {
    timeZone: config.SITE_TIMEZONE,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(clock.now());
  await sendAccountNotice(
    db,
    mailer,
    userId,
    NEW_SIGN_IN_SUBJECT,
    `Your Power Mixer account was just signed in to from a browser it had not been used in before:\n\n${browser} on ${system}\n${when}\n\nIf it was you, there is nothing to do.\n\nIf it was not, change your password at once and choose "Sign out everywhere else" on your profile page (${config.publicUrl}/dashboard#sessions).`,
  );
}

/** Browsers unseen for longer than their cookie lives are forgotten. */
export async function pruneKnownBrowsers(db: Db): Promise<void> {
  await db
    .delete(knownBrowsers)
    .where(lt(knownBrowsers.lastSeenAt, sql`now() - make_interval(days => ${BROWSER_MEMORY_DAYS})`));
}
