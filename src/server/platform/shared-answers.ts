import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brotliOf, personalBody, SerializedJson, type AnswerCache, type Cached, type CacheOptions } from './cache';
import { getViewer, type Viewer } from './viewer';

const PUBLIC_REVALIDATE = 'public, max-age=0, must-revalidate';
const MAX_URLS = 2_000;

/** Answers that are the same for every visitor, published under their request URL, so the next
 * visitor's request is answered before routing, validation and the handler (about twice the
 * rate). Requests with a session always take the route: their answers may carry the viewer's
 * own state. */
export interface SharedAnswers {
  publish(url: string, key: string, cacheControl: string): void;
  lookup(url: string): { cached: Cached; cacheControl: string } | undefined;
}

export function createSharedAnswers(cache: AnswerCache): SharedAnswers {
  const urls = new Map<string, { key: string; cacheControl: string }>();
  return {
    publish(url, key, cacheControl) {
      if (urls.get(url)?.key === key) return;
      if (urls.size >= MAX_URLS) urls.delete(urls.keys().next().value!);
      urls.set(url, { key, cacheControl });
    },
    lookup(url) {
      const published = urls.get(url);
      if (!published) return undefined;
      // A dropped or expired entry is a miss: the route loads it again and publishes anew.
      const cached = cache.peek(published.key);
      return cached && { cached, cacheControl: published.cacheControl };
    },
  };
}

// better-auth names it `better-auth.session_token` (`__Secure-` prefixed over https).
const carriesSession = (headers: IncomingHttpHeaders) => headers.cookie?.includes('.session_token=') ?? false;
export const hasSessionCookie = (request: FastifyRequest) => carriesSession(request.headers);

/** A cached answer for this request: visitors may get the previous answer for a moment while a
 * changed one is rebuilt; a member waits for the fresh one. */
export function cachedRead(
  request: FastifyRequest,
  key: string,
  options: Omit<CacheOptions, 'staleMs'>,
  load: () => Promise<unknown>,
): Promise<Cached> {
  const { cache } = request.server.services;
  const staleMs = hasSessionCookie(request) ? 0 : cache.visitorStaleMs;
  return cache.get(key, { ...options, staleMs }, load);
}

/** Sends an answer that is the same for every visitor, and publishes it under the request's
 * URL so the next visitor's request skips routing, validation and the handler. */
export function sendShared(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  cached: Cached,
  cacheControl = PUBLIC_REVALIDATE,
) {
  if (!hasSessionCookie(request)) request.server.services.answers.publish(request.url, key, cacheControl);
  return sendJsonWithEtag(request, reply, cached, cacheControl);
}

/** Sends a cached public answer plus one field that depends on who asks (an event's
 * `registration`, a profile's `relation`). Visitors share one cached, published copy with
 * `visitorValue`; a member's copy is the fresh cached body with `forMember`'s value spliced in. */
export async function sendWithViewerField(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    /** The public part every viewer shares, cached under its own key. */
    base: { key: string; load: () => Promise<unknown> };
    /** Cache key of the visitors' copy; both copies read the same tables. */
    key: string;
    cache: Omit<CacheOptions, 'staleMs'>;
    field: string;
    visitorValue: unknown;
    forMember: (viewer: Viewer) => Promise<unknown>;
  },
) {
  const { cache } = request.server.services;
  const { field } = options;
  // Built from a fresh base only: a copy made from a stale one would be kept as fresh.
  const freshBase = () => cache.get(options.base.key, options.cache, options.base.load);
  const withField = (base: Cached, value: unknown) => `${base.body.slice(0, -1)},"${field}":${JSON.stringify(value)}}`;
  const viewer = await getViewer(request);
  if (!viewer) {
    const visitor = await cachedRead(
      request,
      options.key,
      options.cache,
      async () => new SerializedJson(withField(await freshBase(), options.visitorValue)),
    );
    return sendShared(request, reply, options.key, visitor);
  }
  const [base, value] = await Promise.all([freshBase(), options.forMember(viewer)]);
  return sendJsonWithEtag(request, reply, personalBody(withField(base, value)), 'private, no-cache');
}

/** A visitor's GET of a published URL, answered whole: status, every header, body. */
export interface EarlyAnswer {
  status: 200 | 304;
  /** Names and values in one flat list, as `writeHead` takes them without walking an object. */
  headers: string[];
  body?: string | Buffer;
}

export type AnswerEarly = (
  method: string | undefined,
  url: string | undefined,
  headers: IncomingHttpHeaders,
) => EarlyAnswer | undefined;

type Variant = 'br' | 'gzip' | 'identity' | '304';

/** The answer to a request a published shared answer covers (a visitor's GET), or undefined:
 * the request takes its route. `baseHeaders` are the security headers of every JSON answer.
 * Each answer's headers are built once per Cache-Control and encoding and kept with it, looked
 * up by those constant strings (no key made per request): a cached public read then costs
 * little more than its write. */
export function createAnswerEarly(answers: SharedAnswers, baseHeaders: Record<string, string>): AnswerEarly {
  const built = new WeakMap<Cached, Map<string, Map<Variant, string[]>>>();
  const headersOf = (cached: Cached, cacheControl: string, variant: Variant, body?: string | Buffer) => {
    let byControl = built.get(cached);
    if (!byControl) built.set(cached, (byControl = new Map()));
    let variants = byControl.get(cacheControl);
    if (!variants) byControl.set(cacheControl, (variants = new Map()));
    let headers = variants.get(variant);
    if (!headers) {
      headers = Object.entries({
        ...baseHeaders,
        'x-cache': 'hit',
        etag: cached.etag,
        'cache-control': cacheControl,
        vary: 'cookie, accept-encoding',
        'content-type': 'application/json; charset=utf-8',
        ...(variant === 'br' || variant === 'gzip' ? { 'content-encoding': variant } : {}),
        ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
      }).flat();
      variants.set(variant, headers);
    }
    return headers;
  };
  return (method, url, headers) => {
    if (method !== 'GET' || url === undefined || carriesSession(headers)) return undefined;
    const hit = answers.lookup(url);
    if (!hit) return undefined;
    const { cached, cacheControl } = hit;
    if (headers['if-none-match'] === cached.etag)
      return { status: 304, headers: headersOf(cached, cacheControl, '304') };
    const { encoding, body } = encodedBody(cached, headers['accept-encoding']);
    return { status: 200, headers: headersOf(cached, cacheControl, encoding ?? 'identity', body), body };
  };
}

/** Answers published shared answers in the first hook, before any other work, for requests
 * that reach Fastify (tests inject them; the listening server answers them before Fastify sees
 * them: http-server.ts). */
export function registerSharedAnswers(app: FastifyInstance, answerEarly: AnswerEarly) {
  app.addHook('onRequest', (request, reply, done) => {
    const answer = answerEarly(request.method, request.url, request.headers);
    if (!answer) return done();
    // Answered here: the request goes no further (done is not called).
    reply.code(answer.status);
    for (let i = 0; i < answer.headers.length; i += 2) reply.header(answer.headers[i]!, answer.headers[i + 1]);
    reply.send(answer.body);
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
  const { encoding, body } = encodedBody(cached, request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  // Already-serialised JSON: Fastify sends strings as they are, without the serializer.
  return reply.send(body as never);
}

/** The copy of a cached answer to send for an `Accept-Encoding` header: brotli or gzip for
 * answers large enough to have them, as the browser accepts, else the JSON as it is. */
function encodedBody(cached: Cached, acceptEncoding: string | string[] | undefined) {
  const encoding = cached.gzip ? preferredEncoding(acceptEncoding) : null;
  const body = encoding === 'br' ? brotliOf(cached)! : encoding === 'gzip' ? cached.gzip! : cached.body;
  return { encoding, body };
}

/** The encoding to answer in for an `Accept-Encoding` header: brotli when accepted, then gzip,
 * else none. A `q=0` refuses an encoding; `*` accepts both. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const header = String(acceptEncoding);
  // Browsers send a handful of distinct headers: each is parsed once.
  const known = encodingOf.get(header);
  if (known !== undefined) return known;
  const encoding = parseAcceptEncoding(header);
  if (encodingOf.size >= 64) encodingOf.delete(encodingOf.keys().next().value!);
  encodingOf.set(header, encoding);
  return encoding;
}

const encodingOf = new Map<string, 'br' | 'gzip' | null>();

function parseAcceptEncoding(acceptEncoding: string): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}
