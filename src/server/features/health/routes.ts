import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const CHECK_TIMEOUT_MS = 2_000;

/** Rejects when `work` takes longer than a readiness probe may wait. */
async function within<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const part = z.enum(['ok', 'down']);
const readiness = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: part,
  /** The LISTEN connection that keeps caches and live notices true. */
  changes: part,
  storage: part,
  /** True once the process has been told to stop (SIGTERM): it finishes what it has and leaves. */
  draining: z.boolean(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process answers. It does not touch the database, so a database restart does
  // not get healthy processes killed by an orchestrator.
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up',
        response: { 200: z.object({ status: z.literal('ok'), driver: z.enum(['pglite', 'pg']) }) },
      },
    },
    async () => ({ status: 'ok' as const, driver: app.services.database.driver }),
  );

  // Readiness: whether this process should be sent traffic now (the balancer and the fleet use it).
  app.get(
    '/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: database, change stream and storage reachable, not shutting down',
        response: { 200: readiness, 503: readiness },
      },
    },
    async (request, reply) => {
      const { database, storage, changes, lifecycle } = app.services;
      const [db, store] = await Promise.all([
        within(database.db.execute(sql`select 1`)).then(
          () => 'ok' as const,
          (err: unknown) => {
            request.log.warn({ err }, 'readiness: database unreachable');
            return 'down' as const;
          },
        ),
        within(storage.check()).then(
          () => 'ok' as const,
          (err: unknown) => {
            request.log.warn({ err }, 'readiness: storage unreachable');
            return 'down' as const;
          },
        ),
      ]);
      const body = {
        database: db,
        changes: changes.live ? ('ok' as const) : ('down' as const),
        storage: store,
        draining: lifecycle.draining,
      };
      const ready = db === 'ok' && body.changes === 'ok' && store === 'ok' && !lifecycle.draining;
      reply.header('cache-control', 'no-store');
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', ...body });
    },
  );
};
