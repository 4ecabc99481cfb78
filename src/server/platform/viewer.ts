import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, getTableName, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { FastifyRequest } from 'fastify';
import { profiles, session, twoFactor, user } from '../db/schema';
import type { ChangeStream } from './changes';
import { forbidden, HttpError, unauthorized } from './errors';
import { TWO_FACTOR_REQUIRED_CODE, TWO_FACTOR_REQUIRED_MESSAGE } from '../../shared/two-factor-texts';

/** Who is asking: decided on the server for every route, from the session cookie. */
export interface Viewer {
  id: string;
  email: string;
  /** Admin powers, held back while the rule asks for two-step sign-in and it is off. */
  isAdmin: boolean;
  /** STAFF_TWO_FACTOR is `required` and this member has no second step: an admin or door staff
   * member is refused their screens (403 TWO_FACTOR_REQUIRED) until they set it up. */
  needsTwoFactor?: boolean;
  /** An admin whose powers `needsTwoFactor` holds back. */
  adminHeld?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewerPromise?: Promise<Viewer | null>;
  }
}

/** better-auth's session cookie holds `token.signature` (HMAC-SHA256 of the token with the
 * secret, base64). Checking it here and reading the session, user and profile in one query
 * costs one round trip per request instead of three; better-auth still issues, refreshes
 * (GET /api/me) and revokes the sessions. */
export function verifySessionCookie(cookieHeader: string, cookieName: string, secret: string): string | null {
  const raw = parseCookie(cookieHeader, cookieName);
  return raw ? verifiedToken(raw, secret) : null;
}

/** The token of a cookie value (`token.signature`, percent-encoded) whose signature holds. */
function verifiedToken(raw: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

function parseCookie(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** Sessions found in the database, kept a few seconds per process: a member's requests come
 * in bursts (a page and its data, live refetches), and each would otherwise look the session
 * up again. A change to a member's session, user or profile row (sign-out, password reset, an
 * admin flag flipped, an account deleted) drops their cached sessions in every process through
 * the change stream; while the stream is down nothing is kept. */
export interface SessionCache {
  /** Keyed by the cookie's signed value as sent: only a value whose signature held is ever
   * kept, so a hit needs no HMAC (about a tenth of a cached answer's time). */
  get(signedValue: string): Viewer | undefined;
  /** Reads a session not kept (`read`), once for all the requests that ask at the same moment
   * (a page's burst, or every open connection when the kept one runs out), and keeps it unless
   * a viewer row changed meanwhile. */
  load(signedValue: string, read: () => Promise<{ viewer: Viewer; expiresAt: number } | null>): Promise<Viewer | null>;
}

const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;
/** The rows a cached viewer is made of; each carries the member's id in `id` or `user_id`. */
const VIEWER_TABLES = new Set<string>([session, user, profiles, twoFactor].map((t) => getTableName(t)));

export function createSessionCache(changes: ChangeStream): SessionCache {
  const entries = new Map<string, { viewer: Viewer; until: number }>();
  const reading = new Map<string, Promise<Viewer | null>>();
  // Bumped by every change to a viewer row: a lookup that raced it must not be kept.
  let generation = 0;
  changes.onReset(() => {
    generation++;
    entries.clear();
  });
  changes.on(({ table, ids }) => {
    if (!VIEWER_TABLES.has(table)) return;
    generation++;
    if (!ids) return entries.clear();
    for (const [key, entry] of entries) if (ids.includes(entry.viewer.id)) entries.delete(key);
  });
  return {
    get(signedValue) {
      const entry = entries.get(signedValue);
      if (!entry) return undefined;
      if (entry.until > Date.now()) return entry.viewer;
      entries.delete(signedValue);
      return undefined;
    },
    load(signedValue, read) {
      const running = reading.get(signedValue);
      if (running) return running;
      const stamp = generation;
      const promise = read()
        .then((found) => {
          if (!found) return null;
          if (changes.live && stamp === generation) {
            if (entries.size >= SESSION_CACHE_MAX) entries.delete(entries.keys().next().value!);
            const until = Math.min(Date.now() + SESSION_CACHE_MS, found.expiresAt);
            entries.set(signedValue, { viewer: found.viewer, until });
          }
          return found.viewer;
        })
        .finally(() => reading.delete(signedValue));
      reading.set(signedValue, promise);
      return promise;
    },
  };
}

async function loadViewer(request: FastifyRequest): Promise<Viewer | null> {
  const cookie = request.headers.cookie;
  if (!cookie) return null;
  const { auth, db, config, sessions } = request.server.services;
  const signedValue = parseCookie(cookie, (await auth.$context).authCookies.sessionToken.name);
  if (!signedValue) return null;
  const cached = sessions.get(signedValue);
  if (cached) return cached;
  const token = verifiedToken(signedValue, config.sessionSecret);
  if (!token) return null;
  return sessions.load(signedValue, async () => {
    const [row] = await db
      .select({
        id: session.userId,
        email: user.email,
        isAdmin: profiles.isAdmin,
        twoFactor: sql<boolean>`${twoFactor.confirmedAt} is not null`,
        expiresAt: session.expiresAt,
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .leftJoin(profiles, eq(profiles.id, session.userId))
      .leftJoin(twoFactor, eq(twoFactor.userId, session.userId))
      .where(and(eq(session.token, token), gt(session.expiresAt, sql`now()`)));
    if (!row) return null;
    const needsTwoFactor = config.staffTwoFactorRequired && !row.twoFactor;
    const isAdmin = row.isAdmin ?? false;
    return {
      viewer: {
        id: row.id,
        email: row.email,
        isAdmin: isAdmin && !needsTwoFactor,
        needsTwoFactor,
        adminHeld: isAdmin && needsTwoFactor,
      },
      expiresAt: row.expiresAt.getTime(),
    };
  });
}

/** The signed-in member or null; computed once per request. */
export function getViewer(request: FastifyRequest): Promise<Viewer | null> {
  request.viewerPromise ??= loadViewer(request);
  return request.viewerPromise;
}

export async function requireMember(request: FastifyRequest): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (!viewer) throw unauthorized();
  return viewer;
}

export async function requireAdmin(request: FastifyRequest): Promise<Viewer> {
  const viewer = await requireMember(request);
  if (viewer.adminHeld) throw twoFactorRequired();
  if (!viewer.isAdmin) throw forbidden('Only admins can do that.');
  return viewer;
}

/** An admin or door staff member refused until they turn two-step sign-in on. */
export const twoFactorRequired = () => new HttpError(403, TWO_FACTOR_REQUIRED_CODE, TWO_FACTOR_REQUIRED_MESSAGE);

/** The session token of this request's cookie when its signature holds (to keep this session
 * when the member's others are ended). */
export async function sessionTokenOf(request: FastifyRequest): Promise<string | null> {
  const cookie = request.headers.cookie;
  if (!cookie) return null;
  const { auth, config } = request.server.services;
  const signedValue = parseCookie(cookie, (await auth.$context).authCookies.sessionToken.name);
  return signedValue ? verifiedToken(signedValue, config.sessionSecret) : null;
}

/** One cookie's raw value from the request, or null. */
export function cookieOf(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  return header ? parseCookie(header, name) : null;
}

/** Ends every session of the member but `keepToken` (the one asking, when there is one): "sign
 * out everywhere else", or a change to how they sign in. Every process drops them at once
 * through the change stream. How many ended. */
export async function endSessionsExcept(db: Db, userId: string, keepToken: string | null): Promise<number> {
  const ended = await db
    .delete(session)
    .where(and(eq(session.userId, userId), keepToken ? ne(session.token, keepToken) : undefined))
    .returning({ id: session.id });
  return ended.length;
}
