import type { FastifyRequest } from 'fastify';
import pg from 'pg';
import type { Config } from '../../src/server/config';
import type { Db } from '../../src/server/db/client';
import { findProfile, listMembers } from '../../src/server/features/members/service';
import { inbox } from '../../src/server/features/messages/service';
import type { Auth } from '../../src/server/platform/auth';
import { getViewer, type SessionCache } from '../../src/server/platform/viewer';
import { membersQuery } from '../../src/shared/members';
import type { MembersFixture } from './members-generate';

// What the members part measures: each route over HTTP, and the same SQL straight through the
// driver pool (its ceiling). A signed-in route looks the session up before its own query: its
// ceiling includes that lookup (the route cannot avoid it), and the service call alone is
// measured too, to show what the session costs.

export interface MembersContext {
  db: Db;
  /** The server's settings as far as the session check reads them (same secret, same cookie names). */
  config: Config;
  /** A better-auth instance like the server's (same secret), for the session lookups. */
  auth: Auth;
  /** The signed-in member's Cookie header. */
  cookie: string;
  viewerId: string;
}

export interface MemberCase {
  label: string;
  path: string;
  signedIn: boolean;
  /** Signed in as several members in turn (their Cookie headers) rather than ctx.cookie. */
  cookies?: string[];
  /** Shown for comparison only: not one of the routes the target is set for. */
  reference?: boolean;
  /** What the route does, as direct calls: the session lookup (signed in) and the service call. */
  route: (ctx: MembersContext) => Promise<unknown>;
  /** The service call alone (signed-in routes only). */
  service?: (ctx: MembersContext) => Promise<unknown>;
  /** Checks a 200 answer is the right one (the signed-in runs must really be signed in). */
  check?: (body: unknown) => string | null;
}

/** A session cache that keeps nothing: the ceiling is the lookup's SQL, every time. */
const noSessionCache: SessionCache = {
  get: () => undefined,
  load: async (_signedValue, read) => (await read())?.viewer ?? null,
};

/** The session lookup exactly as a route makes it when the session is not cached: the server's
 * own getViewer, on a request that carries the cookie and a server with the services it reads. */
export function lookUpViewer(ctx: MembersContext) {
  const request = {
    headers: { cookie: ctx.cookie, host: '127.0.0.1' },
    ip: '127.0.0.1',
    server: { services: { auth: ctx.auth, db: ctx.db, config: ctx.config, sessions: noSessionCache } },
  } as unknown as FastifyRequest;
  return getViewer(request);
}

async function signedInViewerId(ctx: MembersContext): Promise<string> {
  const viewer = await lookUpViewer(ctx);
  if (!viewer) throw new Error('the session lookup found no session: the cookie was not accepted');
  return viewer.id;
}

export function memberCases(f: MembersFixture): MemberCase[] {
  // The route parses its query with this schema: the same defaults.
  const search = membersQuery.parse({ q: f.searchTerm });
  const deep = membersQuery.parse({ page: String(f.deepPage) });
  const bySkill = membersQuery.parse({ skill: f.skill.id });
  const byEvent = membersQuery.parse({ event: f.event.id });
  const profilePath = `/api/profiles/${encodeURIComponent(f.profile.username)}`;
  const total = (min: number) => (body: unknown) => {
    const n = (body as { total?: number }).total ?? 0;
    return n >= min ? null : `total ${n}, expected at least ${min}`;
  };
  return [
    {
      label: `GET /api/members?q=${f.searchTerm} (${f.searchMatches} matches)`,
      path: `/api/members?q=${encodeURIComponent(f.searchTerm)}`,
      signedIn: false,
      route: ({ db }) => listMembers(db, search),
      check: total(1),
    },
    {
      label: `GET /api/members?page=${f.deepPage} (offset ${(f.deepPage - 1) * 12})`,
      path: `/api/members?page=${f.deepPage}`,
      signedIn: false,
      route: ({ db }) => listMembers(db, deep),
      check: (body) => ((body as { members: unknown[] }).members.length > 0 ? null : 'an empty page'),
    },
    {
      label: `GET /api/members?skill= (${f.skill.name}, ${f.skill.members} members)`,
      path: `/api/members?skill=${f.skill.id}`,
      signedIn: false,
      route: ({ db }) => listMembers(db, bySkill),
      check: total(1),
    },
    {
      label: `GET /api/members?event= (${f.event.members} registered)`,
      path: `/api/members?event=${f.event.id}`,
      signedIn: false,
      route: ({ db }) => listMembers(db, byEvent),
      check: total(1),
    },
    {
      label: `GET /api/profiles/:username (visitor; ${f.profile.connections} connections)`,
      path: profilePath,
      signedIn: false,
      route: ({ db }) => findProfile(db, f.profile.username, null),
      check: (body) =>
        (body as { relation: { state: string } }).relation.state === 'visitor' ? null : 'not a visitor',
    },
    {
      label: `GET /api/profiles/:username (signed in)`,
      path: profilePath,
      signedIn: true,
      route: async (ctx) => findProfile(ctx.db, f.profile.username, await signedInViewerId(ctx)),
      service: (ctx) => findProfile(ctx.db, f.profile.username, ctx.viewerId),
      check: (body) =>
        (body as { relation: { state: string } }).relation.state === 'visitor' ? 'answered as to a visitor' : null,
    },
    {
      label: `GET /api/messages (signed in; ${f.viewer.messages} messages)`,
      path: '/api/messages',
      signedIn: true,
      route: async (ctx) => inbox(ctx.db, await signedInViewerId(ctx)),
      service: (ctx) => inbox(ctx.db, ctx.viewerId),
      check: (body) =>
        (body as { conversations: unknown[] }).conversations.length > 0 ? null : 'an empty inbox for the busy member',
    },
    {
      // Nothing but the session lookup and a tiny answer: what signing in costs a route.
      label: 'GET /api/auth/session (signed in: session lookup only)',
      path: '/api/auth/session',
      signedIn: true,
      reference: true,
      route: (ctx) => lookUpViewer(ctx),
      check: (body) => ((body as { userId?: string }).userId ? null : 'no userId'),
    },
  ];
}

/** How many SQL statements one call sends (every pg client's query, the pool's included). */
export async function countStatements(call: () => Promise<unknown>): Promise<number> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  let count = 0;
  proto.query = function (this: unknown, ...args: unknown[]) {
    count++;
    return original.apply(this, args);
  };
  try {
    await call();
  } finally {
    proto.query = original;
  }
  return count;
}
