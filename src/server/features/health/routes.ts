import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('ok'), driver: z.enum(['pglite', 'pg']) }),
          503: z.object({ status: z.literal('unavailable'), database: z.literal('down') }),
        },
      },
    },
    async (request, reply) => {
      const { database } = app.services;
      try {
        await database.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'ok' as const, driver: database.driver };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable' as const, database: 'down' as const });
      }
    },
  );
};
