import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionsResponse } from '../../../shared/sessions';
import { errorResponses } from '../../platform/errors';
import { idParams } from '../../platform/http';
import { endSessionsExcept, sessionTokenOf } from '../../platform/viewer';
import { endMemberSession, listSessions } from './service';
import { passwordConfirmInput } from '../../../shared/two-factor';
import { checkOwnPassword } from '../../platform/password-check';
import { enforceRateLimit } from '../../platform/rate-limit';
import { markRequestProved } from '../../platform/recent-sign-in';
import { RECENT_SIGN_IN_MINUTES } from '../../../shared/recent-sign-in';

/** Where the member is signed in: the list, and signing one browser (or all others) out. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.services;
  const rule = { limit: config.AUTH_RATE_LIMIT, windowSeconds: config.AUTH_RATE_WINDOW_SECONDS };

  app.post(
    '/me/recent-sign-in',
    {
      onRequest: (request: { ip: string }) => enforceRateLimit(db, `recent-sign-in:${request.ip}`, rule),
      config: { access: 'member' },
      schema: {
        tags: ['account'],
        summary: `Prove it is you again (the password): the most sensitive admin actions open for ${RECENT_SIGN_IN_MINUTES} minutes`,
        description: 'Held back per account after repeated wrong passwords, like a sign-in (429 with Retry-After).',
        body: passwordConfirmInput,
        response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(429) },
      },
    },
    async (request) => {
      await checkOwnPassword(db, request.viewer.id, request.body.password);
      await markRequestProved(request);
      return { ok: true as const };
    },
  );

  app.get(
    '/me/sessions',
    {
      config: { access: 'member', cache: 'private' },
      schema: {
        tags: ['account'],
        summary: 'The member’s sessions: browser and system, signed in, last active, and which is this one',
        response: { 200: sessionsResponse },
      },
    },
    async (request) => ({ sessions: await listSessions(db, request.viewer.id, await sessionTokenOf(request)) }),
  );

  app.delete(
    '/me/sessions/:id',
    {
      config: { access: 'member' },
      schema: {
        tags: ['account'],
        summary: 'Sign one of your sessions out, at once on every server process',
        description: 'Ending the session asking signs this browser out (`current: true`).',
        params: idParams,
        response: { 200: z.object({ current: z.boolean() }), ...errorResponses(404) },
      },
    },
    async (request) => endMemberSession(db, request.viewer.id, request.params.id, await sessionTokenOf(request)),
  );

  app.post(
    '/me/sessions/sign-out-others',
    {
      config: { access: 'member' },
      schema: {
        tags: ['account'],
        summary: 'Sign out everywhere else: every session but this one',
        response: { 200: z.object({ ended: z.number().int() }) },
      },
    },
    async (request) => ({ ended: await endSessionsExcept(db, request.viewer.id, await sessionTokenOf(request)) }),
  );
};
