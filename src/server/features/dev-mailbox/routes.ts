import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/errors';
import { outboxQuery, outboxResponse, outboxMessageResponse } from '../../../shared/outbox';
import { recordChanges } from '../../platform/audit';
import { findOutboxMessage, listOutbox, retryOutboxMessage } from './service';
import { idParams } from '../../platform/http';

/** The outbox as a mailbox, so reset links work on a laptop, and as the admin's Outbox tab with
 * each mail's delivery. It shows every captured mail (reset links included), so it is for
 * admins only, in every mode. */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer } = app.services;

  app.get(
    '/dev/mailbox',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['development'],
        summary: 'Mails captured by the outbox (admins only)',
        response: {
          200: z.object({
            messages: z.array(
              z.object({
                id: z.string(),
                to: z.string(),
                subject: z.string(),
                text: z.string(),
                html: z.string().nullable(),
                status: z.string(),
                attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
                /** Extra header lines (List-Unsubscribe on notification mail). */
                headers: z.record(z.string(), z.string()),
                createdAt: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async () => {
      const rows = await mailer.recent(50);
      return {
        messages: rows.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          status: m.status,
          attachments: (m.attachments ?? []).map(({ filename, contentType }) => ({ filename, contentType })),
          headers: m.headers ?? {},
          createdAt: m.createdAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    '/admin/outbox',
    {
      config: { access: 'admin', cache: 'private' },
      schema: {
        tags: ['admin'],
        summary: 'The outbox, newest first, with delivery status, attempts and last error (paged)',
        querystring: outboxQuery,
        response: { 200: outboxResponse },
      },
    },
    async (request) => {
      return listOutbox(db, request.query);
    },
  );

  app.get(
    '/admin/outbox/:id',
    {
      config: { access: 'admin', cache: 'private' },
      schema: {
        tags: ['admin'],
        summary: 'One mail of the outbox with its text',
        params: idParams,
        response: { 200: outboxMessageResponse },
      },
    },
    async (request) => {
      return { message: await findOutboxMessage(db, request.params.id) };
    },
  );

  app.post(
    '/admin/outbox/:id/retry',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Retry a failed delivery: back to pending, and the mailer sends it',
        params: idParams,
        response: { 200: outboxMessageResponse, ...errorResponses(409) },
      },
    },
    async (request) => {
      const { before } = await retryOutboxMessage(db, request.params.id);
      recordChanges(request, { status: { before, after: 'pending' } });
      // After this answer: the delivery must not hold the admin's click.
      setImmediate(() => void mailer.deliverPending().catch((err) => app.log.error({ err }, 'mail retry failed')));
      return { message: await findOutboxMessage(db, request.params.id) };
    },
  );
};
