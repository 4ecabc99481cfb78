import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Db } from '../db/client';
import { getViewer, type Viewer } from './viewer';

const CHANNEL = 'cache_invalidate';

interface Entry extends Cached {
  tags: string[];
  expiresAt: number;
}

export interface Cached {
  body: string;
  etag: string;
  /** The body gzipped once, for large answers (event pages with hundreds of attendees). */
  gzip?: Buffer;
  /** What the loader returned, for routes that build a viewer's answer on top of it. */
  value?: unknown;
}

const GZIP_FROM_BYTES = 2048;

/** One viewer's answer, sent once: an ETag, but no gzip copy made ahead of a request that may
 * not want it. */
export const personalBody = (body: string): Cached => ({ body, etag: etagOf(body) });

export function cachedBody(body: string): Cached {
  return {
    body,
    etag: etagOf(body),
    gzip: body.length >= GZIP_FROM_BYTES ? gzipSync(body, { level: 6 }) : undefined,
  };
}

/** A per-process cache of public JSON answers. A write anywhere invalidates by tag through
 * PostgreSQL NOTIFY, so every server process drops the same entries; a short TTL covers
 * what changes with the clock alone (which event is next). */
export interface PublicCache {
  get(key: string, tags: string[], ttlMs: number, load: () => Promise<unknown>): Promise<Cached>;
  /** Notes that a request for `url` without a session is answered by the entry `key`, so the
   * next such request can be answered before routing (registerCachedAnswers). */
  publish(url: string, key: string, cacheControl: string): void;
  /** The fresh answer published for `url`, if any. */
  lookup(url: string): { cached: Cached; cacheControl: string } | undefined;
  /** Calls `listener` with the tags of every invalidation this process applies (its own and
   * other processes'), for caches kept elsewhere (the session cache in viewer.ts). */
  onInvalidate(listener: (tags: string[]) => void): void;
  /** Inside `tx`, the invalidation is delivered only if the transaction commits (and a failure
   * throws); outside, this process drops at once and a failed notice is logged, never thrown. */
  invalidate(tags: string[], tx?: Db): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const MAX_ENTRIES = 2_000;

export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

export function createPublicCache(database: Database, log: FastifyBaseLogger): PublicCache {
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, Promise<Cached>>();
  const urls = new Map<string, { key: string; cacheControl: string }>();
  // Bumped on every invalidation: a load that started before it must not be stored.
  let generation = 0;
  let unlisten: (() => Promise<void>) | null = null;

  const listeners: ((tags: string[]) => void)[] = [];

  function drop(tags: string[]) {
    for (const listener of listeners) listener(tags);
    generation++;
    for (const [key, entry] of entries) if (entry.tags.some((t) => tags.includes(t))) entries.delete(key);
    inflight.clear();
  }

  return {
    async get(key, tags, ttlMs, load) {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > Date.now()) return hit;
      const running = inflight.get(key);
      if (running) return running;
      const startedAt = generation;
      const promise = (async () => {
        const value = await load();
        const entry: Entry = { ...cachedBody(JSON.stringify(value)), value, tags, expiresAt: Date.now() + ttlMs };
        if (generation === startedAt) {
          if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
          entries.set(key, entry);
        }
        return entry;
      })().finally(() => {
        if (inflight.get(key) === promise) inflight.delete(key);
      });
      inflight.set(key, promise);
      return promise;
    },
    onInvalidate(listener) {
      listeners.push(listener);
    },
    publish(url, key, cacheControl) {
      if (urls.get(url)?.key === key) return;
      if (urls.size >= MAX_ENTRIES) urls.delete(urls.keys().next().value!);
      urls.set(url, { key, cacheControl });
    },
    lookup(url) {
      const published = urls.get(url);
      if (!published) return undefined;
      // A dropped or expired entry is a miss: the route loads it again and publishes anew.
      const entry = entries.get(published.key);
      if (!entry || entry.expiresAt <= Date.now()) return undefined;
      return { cached: entry, cacheControl: published.cacheControl };
    },
    async invalidate(tags, tx) {
      const notify = sql`select pg_notify(${CHANNEL}, ${tags.join(',')})`;
      // Inside a transaction a failure must roll the write back: let it throw.
      if (tx) return void (await tx.execute(notify));
      // This process drops its entries at once, so its own next read is fresh even if the
      // notice to the other processes fails (their TTL bounds that; the write has committed).
      drop(tags);
      await database.db.execute(notify).catch((err) => log.error({ err, tags }, 'cache invalidation notice failed'));
    },
    async start() {
      unlisten = await database.listen(CHANNEL, (payload) => {
        log.debug({ tags: payload }, 'cache invalidated');
        drop(payload.split(','));
      });
    },
    async stop() {
      await unlisten?.();
      entries.clear();
      urls.clear();
    },
  };
}

const PUBLIC_REVALIDATE = 'public, max-age=0, must-revalidate';

/** Sends an answer that is the same for every visitor, and publishes it under the request's
 * URL so the next visitor's request skips routing, validation and the handler. */
export function sendShared(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  cached: Cached,
  cacheControl = PUBLIC_REVALIDATE,
) {
  if (!hasSessionCookie(request)) request.server.services.cache.publish(request.url, key, cacheControl);
  return sendJsonWithEtag(request, reply, cached, cacheControl);
}

/** Sends a cached public answer plus one field that depends on who asks (an event's
 * `registration`, a profile's `relation`). Visitors share one cached, published copy with
 * `visitorValue`; a member's copy is the cached body with `forMember`'s value spliced in. */
export async function sendWithViewerField(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    base: Cached;
    /** Cache key and tags of the visitors' copy. */
    key: string;
    tags: string[];
    ttlMs: number;
    field: string;
    visitorValue: unknown;
    forMember: (viewer: Viewer) => Promise<unknown>;
  },
) {
  const { base, field } = options;
  const withField = (value: unknown) => `${base.body.slice(0, -1)},"${field}":${JSON.stringify(value)}}`;
  const viewer = await getViewer(request);
  if (!viewer) {
    const visitor = await request.server.services.cache.get(options.key, options.tags, options.ttlMs, async () =>
      JSON.parse(withField(options.visitorValue)),
    );
    return sendShared(request, reply, options.key, visitor);
  }
  return sendJsonWithEtag(
    request,
    reply,
    personalBody(withField(await options.forMember(viewer))),
    'private, no-cache',
  );
}

// better-auth names it `better-auth.session_token` (`__Secure-` prefixed over https).
const hasSessionCookie = (request: FastifyRequest) => request.headers.cookie?.includes('.session_token=') ?? false;

/** Answers GETs from a published shared answer before routing: a cached public read then
 * costs little more than writing it. Requests with a session always take the route (their
 * answers may carry the viewer's own state). Registered after the security headers. */
export function registerCachedAnswers(app: FastifyInstance, cache: PublicCache) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || hasSessionCookie(request)) return;
    const hit = cache.lookup(request.url);
    if (!hit) return;
    reply.header('x-cache', 'hit');
    sendJsonWithEtag(request, reply, hit.cached, hit.cacheControl);
    return reply;
  });
}

/** Sends a JSON body with its ETag; answers 304 when the browser already has it. */
export function sendJsonWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: Cached,
  cacheControl = PUBLIC_REVALIDATE,
) {
  reply
    .header('etag', cached.etag)
    .header('cache-control', cacheControl)
    .header('vary', 'cookie, accept-encoding')
    .type('application/json; charset=utf-8');
  if (request.headers['if-none-match'] === cached.etag) return reply.status(304).send();
  if (cached.gzip && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
    return reply.header('content-encoding', 'gzip').send(cached.gzip as never);
  }
  // Already-serialised JSON: Fastify sends strings as they are, without the serializer.
  return reply.send(cached.body as never);
}
