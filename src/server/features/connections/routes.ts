import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { connectInput, connectionResponse, connectionsResponse } from '../../../shared/connections';
import { apiError } from '../../../shared/errors';
import { connections } from '../../db/schema';
import {
  listConnections,
  removeConnection,
  requestConnection,
  respondToRequest,
  type ConnectionChange,
} from './service';

const errors = { 401: apiError, 403: apiError, 404: apiError, 409: apiError, 422: apiError };
const idParams = z.object({ id: z.string().max(64) });

export const connectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, realtime } = app.services;
  // Both members' badges and lists change, in every tab they have open.
  realtime.notifyMembers(connections, 'connections');

  const answer = (change: ConnectionChange) => ({
    connection: change.id && change.status ? { id: change.id, status: change.status } : null,
  });

  app.get(
    '/connections',
    {
      config: { access: 'member' },
      schema: {
        tags: ['connections'],
        summary: 'Your pending incoming requests (newest first) and your connections',
        response: { 200: connectionsResponse, 401: apiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listConnections(db, request.viewer.id);
    },
  );

  app.post(
    '/connections',
    {
      config: { access: 'member' },
      schema: {
        tags: ['connections'],
        summary: 'Ask a member to connect',
        body: connectInput,
        response: { 200: connectionResponse, ...errors },
      },
    },
    async (request) => {
      return answer(await requestConnection(db, request.viewer.id, request.body.username));
    },
  );

  app.post(
    '/connections/:id/accept',
    {
      config: { access: 'member' },
      schema: {
        tags: ['connections'],
        summary: 'Accept a request addressed to you',
        params: idParams,
        response: { 200: connectionResponse, ...errors },
      },
    },
    async (request) => {
      return answer(await respondToRequest(db, request.viewer.id, request.params.id, true));
    },
  );

  app.post(
    '/connections/:id/reject',
    {
      config: { access: 'member' },
      schema: {
        tags: ['connections'],
        summary: 'Decline a request addressed to you',
        params: idParams,
        response: { 200: connectionResponse, ...errors },
      },
    },
    async (request) => {
      return answer(await respondToRequest(db, request.viewer.id, request.params.id, false));
    },
  );

  app.delete(
    '/connections/:id',
    {
      config: { access: 'member' },
      schema: {
        tags: ['connections'],
        summary: 'Withdraw your pending request, or remove a connection',
        params: idParams,
        response: { 200: connectionResponse, ...errors },
      },
    },
    async (request) => {
      return answer(await removeConnection(db, request.viewer.id, request.params.id));
    },
  );
};
