import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionsResponse } from '../../../shared/sessions';
import { errorResponses } from '../../platform/errors';
import { idParams } from '../../platform/http';
import { endSessionsExcept, sessionTokenOf } from '../../platform/viewer';
import { endMemberSession, listSessions } from './service';

/** Where the member is signed in: the list, and signing one browser (or all others) out. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

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
