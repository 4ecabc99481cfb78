import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { connectCodeOwner, connectCodeResponse, scanConnectResponse } from '../../../shared/connect-codes';
import { errorResponses } from '../../platform/errors';
import { connectByCode, findCodeOwner, getConnectCode, regenerateConnectCode } from './connect-codes';

// Scan to connect (connect-codes.ts). The connections that a scan makes or accepts reach both
// members live through the 'connections' notice that connectionRoutes registers.

const errors = errorResponses(404, 409);
// Any string up to a size is taken here and judged by the service: a malformed code reads like a
// replaced one (404), never a validation error.
const tokenParams = z.object({ token: z.string().max(100) });

export const connectCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, clock } = app.services;

  app.get(
    '/me/connect-code',
    {
      config: { access: 'member' },
      schema: {
        tags: ['connections'],
        summary: 'Your personal connect code (made on first ask): its address and QR image',
        response: { 200: connectCodeResponse },
      },
    },
    async (request, reply) => {
      // The token is a credential of sorts: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return getConnectCode(db, config.publicUrl, request.viewer.id, clock.now());
    },
  );

  app.post(
    '/me/connect-code/regenerate',
    {
      config: { access: 'member', cache: 'private' },
      schema: {
        tags: ['connections'],
        summary: 'Replace your connect code; the old one stops working at once',
        response: { 200: connectCodeResponse },
      },
    },
    async (request) => {
      return regenerateConnectCode(db, config.publicUrl, request.viewer.id, clock.now());
    },
  );

  app.get(
    '/connect/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['connections'],
        summary: 'Whom a connect code belongs to',
        params: tokenParams,
        response: { 200: connectCodeOwner },
      },
    },
    async (request, reply) => {
      // A regenerated code must stop working at once: nothing may keep this answer.
      reply.header('cache-control', 'private, no-store');
      const { username, fullName, avatarUrl } = await findCodeOwner(db, request.params.token);
      return { username, fullName, avatarUrl };
    },
  );

  app.post(
    '/connect/:token',
    {
      config: { access: 'member' },
      schema: {
        tags: ['connections'],
        summary:
          "Connect with a code's owner: accepted at once when you both checked in to the same event that day, else a request",
        params: tokenParams,
        response: { 200: scanConnectResponse, ...errors },
      },
    },
    async (request) => {
      const { connection, metAt } = await connectByCode(
        db,
        request.viewer.id,
        request.params.token,
        clock.now(),
        config.SITE_TIMEZONE,
      );
      return { connection, metAt };
    },
  );
};
