import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, getTableName, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { profiles, session, user } from '../db/schema';
import type { ChangeStream } from './changes';
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
 * up again. A change to a member's session, user or profile row (sign-out, password reset, an
 * admin flag flipped, an account deleted) drops their cached sessions in every process through
 * the change stream; while the stream is down nothing is kept. */
export interface SessionCache {
  get(token: string): Viewer | undefined;
  /** Call before reading a session from the database, and pass the result to `set`. */
  stamp(): number;
  /** Keeps a session read since `stamp`, unless a viewer row changed in between. */
  set(token: string, viewer: Viewer, expiresAt: number, stamp: number): void;
}

const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;
/** The rows a cached viewer is made of; each carries the member's id in `id` or `user_id`. */
const VIEWER_TABLES = new Set<string>([session, user, profiles].map((t) => getTableName(t)));

export function createSessionCache(changes: ChangeStream): SessionCache {
  const entries = new Map<string, { viewer: Viewer; until: number }>();
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
    for (const [token, entry] of entries) if (ids.includes(entry.viewer.id)) entries.delete(token);
  });
  return {
    get(token) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.until > Date.now()) return entry.viewer;
      entries.delete(token);
      return undefined;
    },
    stamp: () => generation,
    set(token, viewer, expiresAt, stamp) {
      if (!changes.live || stamp !== generation) return;
      if (entries.size >= SESSION_CACHE_MAX) entries.delete(entries.keys().next().value!);
      entries.set(token, { viewer, until: Math.min(Date.now() + SESSION_CACHE_MS, expiresAt) });
    },
  };
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
  const stamp = sessions.stamp();
  const [row] = await db
    .select({ id: session.userId, email: user.email, isAdmin: profiles.isAdmin, expiresAt: session.expiresAt })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(profiles, eq(profiles.id, session.userId))
    .where(and(eq(session.token, token), gt(session.expiresAt, sql`now()`)));
  if (!row) return null;
  const viewer = { id: row.id, email: row.email, isAdmin: row.isAdmin ?? false };
  sessions.set(token, viewer, row.expiresAt.getTime(), stamp);
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
