import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PublicCache } from './cache';
import { forbidden, unauthorized } from './errors';

/** Who is asking: decided on the server for every route, from the session cookie. */
export interface Viewer {
  id: string;
  email: string;
  isAdmin: boolean;
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
  if (!raw) return null;
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
 * up again. Ending sessions goes through `endSessions`, which drops them in every process at
 * once; the short lifetime bounds anything else (an expiry, a lost notification). */
export interface SessionCache {
  get(token: string): Viewer | undefined;
  set(token: string, viewer: Viewer, expiresAt: number): void;
}

const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;
const SESSIONS_TAG = 'sessions';
const sessionsTag = (userId: string) => `sessions:${userId}`;

export function createSessionCache(cache: PublicCache): SessionCache {
  const entries = new Map<string, { viewer: Viewer; until: number }>();
  cache.onInvalidate((tags) => {
    if (tags.includes(SESSIONS_TAG)) return entries.clear();
    const users = new Set(tags.filter((t) => t.startsWith(`${SESSIONS_TAG}:`)).map((t) => t.slice(9)));
    if (users.size === 0) return;
    for (const [token, entry] of entries) if (users.has(entry.viewer.id)) entries.delete(token);
  });
  return {
    get(token) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.until > Date.now()) return entry.viewer;
      entries.delete(token);
      return undefined;
    },
    set(token, viewer, expiresAt) {
      if (entries.size >= SESSION_CACHE_MAX) entries.delete(entries.keys().next().value!);
      entries.set(token, { viewer, until: Math.min(Date.now() + SESSION_CACHE_MS, expiresAt) });
    },
  };
}

/** Call after sessions end (sign-out, password reset): every process forgets them before the
 * answer goes out. Without a user, every cached session goes. */
export async function endSessions(cache: PublicCache, userId?: string): Promise<void> {
  await cache.invalidate([userId ? sessionsTag(userId) : SESSIONS_TAG]);
}

async function loadViewer(request: FastifyRequest): Promise<Viewer | null> {
  const cookie = request.headers.cookie;
  if (!cookie) return null;
  const { auth, db, config, sessions } = request.server.services;
  const cookieName = (await auth.$context).authCookies.sessionToken.name;
  const token = verifySessionCookie(cookie, cookieName, config.sessionSecret);
  if (!token) return null;
  const cached = sessions.get(token);
  if (cached) return cached;
  const result = await db.execute<{
    id: string;
    email: string;
    is_admin: boolean | null;
    expires_at: Date | string;
  }>(sql`
    select s.user_id as id, u.email, p.is_admin, s.expires_at
    from session s join "user" u on u.id = s.user_id left join profiles p on p.id = s.user_id
    where s.token = ${token} and s.expires_at > now()`);
  const row = result.rows[0];
  if (!row) return null;
  const viewer = { id: row.id, email: row.email, isAdmin: row.is_admin ?? false };
  sessions.set(token, viewer, new Date(row.expires_at).getTime());
  return viewer;
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
  if (!viewer.isAdmin) throw forbidden('Only admins can do that.');
  return viewer;
}
