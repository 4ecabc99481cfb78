import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationQuery,
  inboxResponse,
  sendMessageInput,
  threadResponse,
  sentMessageResponse,
  markedReadResponse,
} from '../../../shared/messages';
import { messages, profiles } from '../../db/schema';
import { sendJsonWithEtag } from '../../platform/shared-answers';
import { notFound, errorResponses } from '../../platform/errors';
import {
  conversationMessages,
  deleteMessage,
  inbox,
  markConversationRead,
  markMessageRead,
  sendMessage,
} from './service';
import { idParams } from '../../platform/http';

/** Each member's conversation list is cached in the process this long at most. */
const INBOX_CACHE_TTL_MS = 60_000;

const errors = errorResponses(404);
const ok = z.object({ ok: z.literal(true) });

export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, realtime, cache } = app.services;
  // A message's sender and recipient are told of every change to it, in every tab.
  realtime.notifyMembers(messages, 'messages');

  app.get(
    '/messages',
    {
      config: { access: 'member' },
      schema: {
        tags: ['messages'],
        summary: 'Your conversations (other member + subject), most recent first: who, subject, preview, unread count',
        response: { 200: inboxResponse },
      },
    },
    async (request, reply) => {
      const { viewer } = request;
      // Kept until one of the member's messages changes (or a profile, for names and avatars).
      const reads = [{ table: messages, id: viewer.id }, profiles];
      const cached = await cache.get(`inbox:${viewer.id}`, { reads, ttlMs: INBOX_CACHE_TTL_MS }, async () => ({
        conversations: await inbox(db, viewer.id),
      }));
      return sendJsonWithEtag(request, reply, cached, 'private, no-cache');
    },
  );

  app.get(
    '/messages/thread',
    {
      config: { access: 'member', cache: 'private' },
      schema: {
        tags: ['messages'],
        summary: 'One conversation (the other member + subject): its messages on your side, oldest first',
        querystring: conversationQuery,
        response: { 200: threadResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { with: otherId, subject } = request.query;
      const messages = await conversationMessages(db, request.viewer.id, otherId, subject);
      // Someone else's conversation, or one the viewer deleted entirely, is not theirs to open.
      if (messages.length === 0) throw notFound('Conversation not found.');
      return { messages };
    },
  );

  app.post(
    '/messages',
    {
      config: { access: 'member' },
      schema: {
        tags: ['messages'],
        summary: 'Send a message to a member by username',
        body: sendMessageInput,
        response: { 201: sentMessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = await sendMessage(db, request.viewer.id, request.body);
      return reply.status(201).send({ id });
    },
  );

  app.post(
    '/messages/read',
    {
      config: { access: 'member' },
      schema: {
        tags: ['messages'],
        summary: 'Mark a conversation read (messages the other member sent you under that subject)',
        body: conversationQuery,
        response: { 200: markedReadResponse, ...errors },
      },
    },
    async (request) => {
      const { count } = await markConversationRead(db, request.viewer.id, request.body.with, request.body.subject);
      return { marked: count };
    },
  );

  app.post(
    '/messages/:id/read',
    {
      config: { access: 'member' },
      schema: {
        tags: ['messages'],
        summary: 'Mark one message addressed to you read',
        params: idParams,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await markMessageRead(db, request.viewer.id, request.params.id);
      return { ok: true as const };
    },
  );

  app.delete(
    '/messages/:id',
    {
      config: { access: 'member' },
      schema: {
        tags: ['messages'],
        summary: 'Delete a message from your side (the other member keeps theirs)',
        params: idParams,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await deleteMessage(db, request.viewer.id, request.params.id);
      return { ok: true as const };
    },
  );
};
