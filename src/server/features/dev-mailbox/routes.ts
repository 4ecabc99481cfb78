import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '../../../shared/errors';
import { requireAdmin } from '../../platform/viewer';

/** The outbox as a mailbox, so reset links work on a laptop. It shows every captured mail
 * (reset links included), so it is for admins only, in every mode. */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
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
                createdAt: z.string(),
              }),
            ),
          }),
          401: apiError,
          403: apiError,
        },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const rows = await app.services.mailer.recent(50);
      return {
        messages: rows.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          status: m.status,
          attachments: (m.attachments ?? []).map(({ filename, contentType }) => ({ filename, contentType })),
          createdAt: m.createdAt.toISOString(),
        })),
      };
    },
  );
};
