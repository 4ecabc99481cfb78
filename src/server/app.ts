import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
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
import {
  apiSecurityHeaders,
  registerCacheHeaders,
  registerCsrfGuard,
  registerErrorHandler,
  registerSecurityHeaders,
} from './platform/http';
import { logSerializers } from './platform/logging';
import { registerTextInput } from './platform/text-input';
import { MAX_IMAGE_BYTES } from './platform/images';
import { housekeepingJobs } from './platform/housekeeping';
import { createJobs, type JobDefinition, type Jobs } from './platform/jobs';
import { systemClock, type Clock } from './platform/clock';
import { createAnswerCache, type AnswerCache } from './platform/cache';
import { serverAnsweringEarly } from './platform/http-server';
import {
  createAnswerEarly,
  createSharedAnswers,
  registerSharedAnswers,
  type AnswerEarly,
  type SharedAnswers,
} from './platform/shared-answers';
import { registerAccess, SESSION_SCHEME } from './platform/access';
import { registerAudit } from './platform/audit';
import { createLifecycle, type Lifecycle } from './platform/lifecycle';
import { authRoutes } from './features/auth/routes';
import { healthRoutes } from './features/health/routes';
import { realtimeRoutes } from './features/realtime/routes';
import { devMailboxRoutes } from './features/dev-mailbox/routes';
import { calendarFeedRoutes, eventRoutes } from './features/events/routes';
import { podcastFeedRoutes, podcastRoutes } from './features/podcasts/routes';
import { podcastAdminRoutes } from './features/podcasts/admin-routes';
import { sponsorRoutes } from './features/sponsors/routes';
import { landingRoutes } from './features/landing/routes';
import { contactRoutes } from './features/contact/routes';
import { memberRoutes } from './features/members/routes';
import { connectionRoutes } from './features/connections/routes';
import { messageRoutes } from './features/messages/routes';
import { userRoutes } from './features/users/routes';
import { accountRoutes } from './features/account/routes';
import { twoFactorRoutes } from './features/two-factor/routes';
import { sessionRoutes } from './features/sessions/routes';
import { passkeyRoutes } from './features/passkeys/routes';
import { calendarFeedAccountRoutes } from './features/events/personal-calendar';
import { auditRoutes } from './features/audit/routes';
import { reminderJob } from './features/events/reminders';
import { seriesHorizonJob } from './features/events/series-admin';
import { morningAfterJob } from './features/people-to-meet/morning-after';
import { jobRoutes } from './features/jobs/routes';
import { checkInRoutes } from './features/check-in/routes';
import { isDoorStaff } from './features/check-in/service';
import { notificationRoutes, unsubscribeRoutes } from './features/notifications/routes';
import { notificationJobs } from './features/notifications/digest';
import { feedbackRoutes } from './features/feedback/routes';
import { announcementJobs } from './features/announcements/sender';
import { announcementRoutes, newsFeedRoutes } from './features/announcements/routes';
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
  lifecycle: Lifecycle;
  /** The time for time-based work (jobs, reminders, notification e-mails). */
  clock: Clock;
  jobs: Jobs;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** The multipart body every upload route reads: one image in the field "file". */
const UPLOAD_BODY = {
  type: 'object',
  properties: { file: { type: 'string', format: 'binary', description: 'A JPEG, PNG, WebP, GIF or AVIF image' } },
  required: ['file'],
};

export type App = Awaited<ReturnType<typeof buildApp>>;

export interface BuildOptions {
  config: Config;
  database: Database;
  storage?: Storage;
  /** Serve the built web app from this folder (default dist/web when it exists). */
  webRoot?: string | null;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: { write(line: string): void };
  /** The time jobs see (tests pass one they move). */
  clock?: Clock;
  /** Jobs beside the product's own (tests). */
  jobs?: JobDefinition[];
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
  let sendBadPageUrl: ((request: FastifyRequest, reply: FastifyReply) => boolean) | null = null;
  const early: { answer: AnswerEarly | null } = { answer: null };
  const app = Fastify({
    serverFactory: serverAnsweringEarly(early),
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
    // Before routing (a path whose percent-encoding is not UTF-8): the same error shape as the rest.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const badUrl = error.code === 'FST_ERR_BAD_URL';
      // A page's address: the not-found page, as for any page that does not exist.
      if (badUrl && sendBadPageUrl?.(request, reply)) return;
      void reply.code(400).send({
        error: {
          code: badUrl ? 'BAD_URL' : 'BAD_REQUEST',
          message: badUrl ? 'The address is not valid: part of it is not UTF-8.' : 'The request could not be routed.',
        },
      });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer = createMailer(database.db, config, app.log);
  const storage = options.storage ?? createStorage(config);
  const auth = createAuth(database.db, config, mailer);
  // Everything that depends on what the database holds follows its change stream.
  const changes = createChangeStream(database, app.log);
  const cache = createAnswerCache(changes, config.CACHE_STALE_MS);
  const answers = createSharedAnswers(cache);
  const sessions = createSessionCache(changes);
  const realtime = createRealtime(changes);
  const clock = options.clock ?? systemClock;
  // Everything that runs later or repeatedly, once across the fleet.
  const jobs = createJobs({
    db: database.db,
    clock,
    log: app.log,
    definitions: [
      ...housekeepingJobs(config),
      reminderJob({ config, mailer }),
      seriesHorizonJob({ config, mailer }),
      morningAfterJob({ config, mailer }),
      ...notificationJobs({ config, mailer }),
      ...announcementJobs({ config, mailer, worker: () => jobs.worker }),
      ...(options.jobs ?? []),
    ],
    checkEveryMs: config.JOBS_CHECK_MS,
    leaseMs: config.JOB_LEASE_MS,
    retryBaseMs: config.JOB_RETRY_BASE_MS,
    eager: !options.clock,
  });
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
    lifecycle: createLifecycle(),
    clock,
    jobs,
  });

  registerSecurityHeaders(app, config);
  early.answer = createAnswerEarly(answers, apiSecurityHeaders(config));
  registerSharedAnswers(app, early.answer);
  registerCsrfGuard(app, config);
  registerAccess(app, (eventId, userId) => isDoorStaff(database.db, eventId, userId));
  registerErrorHandler(app);
  registerCacheHeaders(app);
  registerTextInput(app);
  registerAudit(app, database.db);
  // A write answers once this process has applied its changes: the writer's next read is fresh.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method === 'GET' || request.method === 'HEAD' || !request.url.startsWith('/api/')) {
      return done(null, payload);
    }
    changes.caughtUp().then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
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
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      // An upload's body is read by its handler (platform/uploads.ts), never validated by a
      // schema; the document still says what to send.
      const consumes = (input.schema as { consumes?: string[] } | undefined)?.consumes;
      if (consumes?.includes('multipart/form-data') && !out.schema.body) {
        out.schema = { ...out.schema, body: UPLOAD_BODY };
      }
      return out;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(realtimeRoutes, { prefix: '/api' });
  await app.register(landingRoutes, { prefix: '/api' });
  await app.register(eventRoutes, { prefix: '/api' });
  await app.register((await import('./features/events/admin-routes')).eventAdminRoutes, { prefix: '/api' });
  await app.register((await import('./features/events/series-admin-routes')).seriesAdminRoutes, { prefix: '/api' });
  await app.register(checkInRoutes, { prefix: '/api' });
  await app.register((await import('./features/badges/routes')).badgeRoutes, { prefix: '/api' });
  await app.register(calendarFeedRoutes);
  await app.register(podcastRoutes, { prefix: '/api' });
  await app.register(podcastAdminRoutes, { prefix: '/api' });
  await app.register(podcastFeedRoutes);
  await app.register(sponsorRoutes, { prefix: '/api' });
  await app.register(contactRoutes, { prefix: '/api' });
  await app.register(memberRoutes, { prefix: '/api' });
  await app.register(connectionRoutes, { prefix: '/api' });
  await app.register((await import('./features/connections/connect-code-routes')).connectCodeRoutes, {
    prefix: '/api',
  });
  await app.register((await import('./features/people-to-meet/routes')).peopleToMeetRoutes, { prefix: '/api' });
  await app.register(messageRoutes, { prefix: '/api' });
  await app.register((await import('./features/forums/routes')).forumRoutes, { prefix: '/api' });
  await app.register((await import('./features/search/routes')).searchRoutes, { prefix: '/api' });
  await app.register((await import('./features/uploads/routes')).uploadRoutes, { prefix: '/api' });
  await app.register((await import('./features/moderation/routes')).moderationRoutes, { prefix: '/api' });
  await app.register(devMailboxRoutes, { prefix: '/api' });
  await app.register(userRoutes, { prefix: '/api' });
  await app.register(accountRoutes, { prefix: '/api' });
  await app.register(twoFactorRoutes, { prefix: '/api' });
  await app.register(sessionRoutes, { prefix: '/api' });
  await app.register(passkeyRoutes, { prefix: '/api' });
  await app.register(calendarFeedAccountRoutes, { prefix: '/api' });
  await app.register(auditRoutes, { prefix: '/api' });
  await app.register(jobRoutes, { prefix: '/api' });
  await app.register((await import('./features/insights/routes')).insightsRoutes, { prefix: '/api' });
  await app.register(notificationRoutes, { prefix: '/api' });
  await app.register(announcementRoutes, { prefix: '/api' });
  await app.register(newsFeedRoutes);
  await app.register(unsubscribeRoutes, { prefix: '/api' });
  await app.register(feedbackRoutes, { prefix: '/api' });
  await app.register((await import('./features/invitations/routes')).invitationRoutes, { prefix: '/api' });
  await app.register((await import('./features/seo/routes')).seoRoutes);

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
  sendBadPageUrl = await registerWebApp(app, webRoot && existsSync(webRoot) ? webRoot : null);

  // Mail written inside a transaction (a registration's confirmation) is announced once it commits,
  // to every process; the first to claim it delivers it.
  changes.on((change) => {
    if (change.table === 'email_outbox') void mailer.deliverPending().catch(() => undefined);
  });
  // An announcement sent now (or its failed mails retried) goes out at once, from whichever
  // process looks first, rather than at the next check.
  changes.on((change) => {
    if (change.table === 'announcements') jobs.soon();
  });
  app.addHook('onReady', async () => {
    await changes.start();
    jobs.start();
    // Delivers what is due now and every MAIL_POLL_MS: mail left by a process that stopped, retries.
    mailer.start();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await mailer.stop();
    realtime.stop();
    await changes.stop();
  });
  return app;
}
