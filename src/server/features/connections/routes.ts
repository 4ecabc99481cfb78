import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { connectInput, connectionResponse, connectionsResponse } from '../../../shared/connections';
import { errorResponses } from '../../platform/errors';
import { connections } from '../../db/schema';
import {
  listConnections,
  removeConnection,
  requestConnection,
  respondToRequest,
  type ConnectionChange,
} from './service';
import { idParams } from '../../platform/http';

const errors = errorResponses(404, 409);

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
      config: { access: 'member', cache: 'private' },
      schema: {
        tags: ['connections'],
        summary: 'Your pending incoming requests (newest first) and your connections',
        response: { 200: connectionsResponse },
      },
    },
    async (request) => {
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
