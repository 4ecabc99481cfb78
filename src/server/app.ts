import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { createAuth, type Auth } from './platform/auth';
import { createMailer, type Mailer } from './platform/mail';
import { createChangeStream, type ChangeStream } from './platform/changes';
import { createRealtime, type Realtime } from './platform/realtime';
import { createStorage, type Storage } from './platform/storage';
import { createSessionCache, type SessionCache } from './platform/viewer';
import { registerCsrfGuard, registerErrorHandler, registerSecurityHeaders } from './platform/http';
import { logSerializers } from './platform/logging';
import { registerTextGuard } from './platform/text-input';
import { MAX_IMAGE_BYTES } from './platform/images';
import { pruneRateLimits } from './platform/rate-limit';
import { createAnswerCache, type AnswerCache } from './platform/cache';
import { createSharedAnswers, registerSharedAnswers, type SharedAnswers } from './platform/shared-answers';
import { registerAccess, SESSION_SCHEME } from './platform/access';
import { authRoutes } from './features/auth/routes';
import { healthRoutes } from './features/health/routes';
import { realtimeRoutes } from './features/realtime/routes';
import { devMailboxRoutes } from './features/dev-mailbox/routes';
import { calendarFeedRoutes, eventRoutes } from './features/events/routes';
import { podcastRoutes } from './features/podcasts/routes';
import { landingRoutes } from './features/landing/routes';
import { contactRoutes } from './features/contact/routes';
import { memberRoutes } from './features/members/routes';
import { connectionRoutes } from './features/connections/routes';
import { messageRoutes } from './features/messages/routes';
import { registerWebApp } from './web-app';

export interface Services {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  storage: Storage;
  changes: ChangeStream;
  realtime: Realtime;
  cache: AnswerCache;
  answers: SharedAnswers;
  sessions: SessionCache;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>;

export interface BuildOptions {
  config: Config;
  database: Database;
  storage?: Storage;
  /** Serve the built web app from this folder (default dist/web when it exists). */
  webRoot?: string | null;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: { write(line: string): void };
}

function trustProxySetting(value: string): boolean | string {
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  // Fastify (proxy-addr) also takes a hop count; its typings only say string.
  if (/^\d+$/.test(value)) return Number(value) as unknown as string;
  return value; // addresses or CIDR ranges, comma-separated
}

export async function buildApp(options: BuildOptions) {
  const { config, database } = options;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            // Errors are logged without the request values they carry (platform/logging.ts).
            serializers: logSerializers,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // Decides whose IP X-Forwarded-For may name: rate limits are keyed by it.
    trustProxy: trustProxySetting(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // An empty body with a JSON content type (sign-out, for example) means "no body".
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      const error = new Error('The request body is not valid JSON.') as Error & { statusCode: number; code: string };
      error.statusCode = 400;
      error.code = 'INVALID_JSON';
      done(error, undefined);
    }
  });

  const mailer = createMailer(database.db, config, app.log);
  const storage = options.storage ?? createStorage(config);
  const auth = createAuth(database.db, config, mailer);
  // Everything that depends on what the database holds follows its change stream.
  const changes = createChangeStream(database, app.log);
  const cache = createAnswerCache(changes, config.CACHE_STALE_MS);
  const answers = createSharedAnswers(cache);
  const sessions = createSessionCache(changes);
  const realtime = createRealtime(changes);
  app.decorate('services', {
    config,
    database,
    db: database.db,
    auth,
    mailer,
    storage,
    changes,
    realtime,
    cache,
    answers,
    sessions,
  });

  registerSecurityHeaders(app, config);
  registerSharedAnswers(app, answers);
  registerCsrfGuard(app, config);
  registerAccess(app);
  registerErrorHandler(app);
  registerTextGuard(app);
  // A write answers once this process has applied its changes: the writer's next read is fresh.
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.url.startsWith('/api/')) {
      await changes.caughtUp();
    }
  });
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 10, fields: 20 } });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Power Mixer API',
        version: '1.0.0',
        description: 'The JSON API behind the Power Mixer web app.',
        license: { name: 'Proprietary' },
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: 'better-auth.session_token',
            description: 'The session cookie set by POST /api/auth/sign-in (`__Secure-` prefixed over https).',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(realtimeRoutes, { prefix: '/api' });
  await app.register(landingRoutes, { prefix: '/api' });
  await app.register(eventRoutes, { prefix: '/api' });
  await app.register(calendarFeedRoutes);
  await app.register(podcastRoutes, { prefix: '/api' });
  await app.register(contactRoutes, { prefix: '/api' });
  await app.register(memberRoutes, { prefix: '/api' });
  await app.register(connectionRoutes, { prefix: '/api' });
  await app.register(messageRoutes, { prefix: '/api' });
  await app.register(devMailboxRoutes, { prefix: '/api' });

  if (!config.S3_BUCKET) {
    await app.register(fastifyStatic, {
      root: path.resolve(config.DATA_DIR, 'uploads'),
      prefix: '/uploads/',
      decorateReply: false,
      maxAge: '365d',
      immutable: true,
    });
  }

  const webRoot = options.webRoot === undefined ? path.resolve('dist/web') : options.webRoot;
  await registerWebApp(app, webRoot && existsSync(webRoot) ? webRoot : null);

  const pruneTimer = setInterval(() => void pruneRateLimits(database.db).catch(() => undefined), 10 * 60_000);
  pruneTimer.unref();
  app.addHook('onReady', async () => {
    await changes.start();
    void mailer.deliverPending().catch((err) => app.log.error({ err }, 'pending mail delivery failed'));
  });
  app.addHook('onClose', async () => {
    clearInterval(pruneTimer);
    realtime.stop();
    await changes.stop();
  });
  return app;
}
