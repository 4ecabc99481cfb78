import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { ApiError, ApiFieldErrors } from '../../shared/errors';
import { HttpError } from './errors';
import { safeError } from './logging';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './database-errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Security headers with a strict Content-Security-Policy: scripts only from our origin.
 * Built once at start-up and set as fixed values: helmet rebuilt them on every request,
 * which cost two thirds of the throughput of a cached read. */
export function securityHeaders(config: Config): Record<string, string> {
  const imageHosts = ['https://i.ytimg.com', 'https://img.youtube.com', 'https://i.vimeocdn.com'];
  if (config.S3_PUBLIC_URL || config.S3_ENDPOINT)
    imageHosts.push(new URL(config.S3_PUBLIC_URL ?? config.S3_ENDPOINT!).origin);
  const csp = [
    "default-src 'self'",
    // 'wasm-unsafe-eval' lets WebAssembly compile (the door screen's QR decoder, served from
    // here); it allows no eval() of JavaScript.
    "script-src 'self' 'wasm-unsafe-eval'",
    // Radix dialogs inject a small <style> for scroll locking; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${imageHosts.join(' ')}`,
    "media-src 'self' https:",
    'frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com',
    "connect-src 'self'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(config.isProduction ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    // The camera for this origin only: the door screen scans tickets with it (the browser still
    // asks the person first). A page is one document for the whole app, so no single route can
    // have its own policy.
    'permissions-policy': 'camera=(self), microphone=(), geolocation=(), payment=()',
    ...(config.isProduction ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** JSON answers are never rendered as documents: they need no page policy, only "render
 * nothing, frame nowhere, do not sniff". A third of the page set's bytes, on every API call. */
export function apiSecurityHeaders(config: Config): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    ...(config.isProduction ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Whether a path gets the lean JSON set; the OpenAPI pages under /api/docs are documents. */
export const isJsonApiPath = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/** src/web/public's files that every page loads: a script and an icon, never documents either. */
const PUBLIC_FILES = new Set(['/theme-init.js', '/favicon.svg']);

export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const pageHeaders = securityHeaders(config);
  const apiHeaders = apiSecurityHeaders(config);
  // Callback style, as the other hooks every request passes: an async hook costs a promise and
  // a turn of the microtask queue per request (a tenth of a cached answer's time in all).
  app.addHook('onRequest', (request, reply, done) => {
    // Built files and uploads are never rendered as documents: the lean set (CSP default-src
    // 'none', nosniff) covers them, and saves ~750 bytes of headers on each of a page's requests.
    const lean =
      isJsonApiPath(request.url) ||
      request.url.startsWith('/assets/') ||
      request.url.startsWith('/uploads/') ||
      PUBLIC_FILES.has(request.url);
    reply.headers(lean ? apiHeaders : pageHeaders);
    done();
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'allowed': the cross-site guard lets other origins post (the route reads no session). */
    crossSite?: 'allowed';
  }
}

/** Cookie-authenticated writes must come from our own pages: a cross-site form or fetch
 * carries a foreign Origin (or Sec-Fetch-Site: cross-site) and is refused with 403. */
export function registerCsrfGuard(app: FastifyInstance, config: Config) {
  const trusted = new Set([new URL(config.publicUrl).origin]);
  app.addHook('onRequest', (request, _reply, done) => {
    done(crossSiteRefusal(request));
  });
  function crossSiteRefusal(request: FastifyRequest): HttpError | undefined {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    // A route whose credential is in its own URL (a signed one-click unsubscribe), never a cookie.
    if (request.routeOptions.config?.crossSite === 'allowed') return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (trusted.has(origin) || isSameHost(origin, request.headers.host)) return;
      return new HttpError(403, 'CROSS_SITE_REQUEST', 'Cross-site requests are not allowed.');
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      return new HttpError(403, 'CROSS_SITE_REQUEST', 'Cross-site requests are not allowed.');
    }
  }
}

// Behind the dev proxy or on another port the page's origin is still this host.
function isSameHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** One error shape for every failure: `{ error: { code, message, fields? } }`; 5xx details
 * hidden. Which status answers which refusal: docs/errors.md. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { retryAfter?: number }, request, reply) => {
    if (error instanceof HttpError) {
      // Ours, but a part we depend on failed (storage down): the operator needs the cause.
      if (error.statusCode >= 500) {
        request.log.error(
          { err: safeError((error.cause as Error) ?? error), method: request.method, route: request.routeOptions.url },
          error.message,
        );
      }
      if (error.statusCode === 429 && error.retryAfter) reply.header('retry-after', String(error.retryAfter));
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { message, fields } = validationRefusal(error.validation);
      return reply.status(422).send(errorBody('VALIDATION_ERROR', message, fields));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ method: request.method, route: request.routeOptions.url }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ error: { code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      // Only fields that never hold request values (platform/logging.ts); the route is its
      // pattern (`/api/events/:id`), not the URL.
      request.log.error(
        { err: safeError(error), method: request.method, route: request.routeOptions.url },
        'request failed',
      );
      return reply
        .status(500)
        .send({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
    }
    // Fastify's own 4xx: malformed JSON, body too large, unsupported media type...
    return reply.status(status).send({ error: { code: error.code ?? 'BAD_REQUEST', message: error.message } });
  });
}

function errorBody(code: string, message: string, fields?: ApiFieldErrors): ApiError {
  return { error: fields && Object.keys(fields).length > 0 ? { code, message, fields } : { code, message } };
}

/** A schema's refusal: every refused field by its path (`offers.2`, `guests.0.email`) with its
 * first message; the message is the first issue's own, without its path. */
function validationRefusal(issues: readonly { instancePath?: string; message?: string }[]): {
  message: string;
  fields?: ApiFieldErrors;
} {
  const fields: ApiFieldErrors = {};
  for (const issue of issues) {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    if (field && issue.message) fields[field] ??= issue.message;
  }
  const message = issues.find((issue) => issue.message)?.message ?? 'Invalid request.';
  return Object.keys(fields).length > 0 ? { message, fields } : { message };
}

// ---------- route building blocks ----------

/** The params of a route whose path names a row by id (`/events/:id`). Any text up to 64
 * characters: an id that is no uuid finds nothing (404), as a missing one does. */
export const idParams = z.object({ id: z.string().max(64) });

/** A 200 that is a file, not JSON (an .ics, a CSV, a stream): documented by its content type.
 * The handler sends text, bytes or a stream, which Fastify passes through unserialised. */
export const fileResponse = (contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: z.string() as z.ZodType<unknown> } },
});

/** How an answer may be cached, declared on the route (`config: { cache: 'private' }`):
 * 'private' is one member's answer that no one keeps; 'no-store' is kept by nobody either
 * (a one-off answer to a link); `{ public }` and `{ private }` are kept that many seconds. */
type CachePolicy = 'private' | 'no-store' | { public: number } | { private: number };

declare module 'fastify' {
  interface FastifyContextConfig {
    cache?: CachePolicy;
  }
}

function cacheControl(policy: CachePolicy): string {
  if (policy === 'private') return 'private, no-store';
  if (policy === 'no-store') return 'no-store';
  return 'public' in policy ? `public, max-age=${policy.public}` : `private, max-age=${policy.private}`;
}

/** Sets the Cache-Control a route declares on its answers; a refusal is kept by no one (a 404
 * must not be cached as the feed it stands for). A handler that sets its own keeps it. */
export function registerCacheHeaders(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    const policy = request.routeOptions.config?.cache;
    if (policy && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', reply.statusCode < 400 ? cacheControl(policy) : 'private, no-store');
    }
    done(null, payload);
  });
}
