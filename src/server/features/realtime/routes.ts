import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REALTIME_HEARTBEAT_MS, REALTIME_RECONNECT_DELAYS_MS } from '../../../shared/realtime';
import { getViewer } from '../../platform/viewer';

/** Server-Sent Events: a member gets the notices of their own topic plus public ones;
 * a visitor gets public ones only. */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Open streams end as soon as the server starts closing (preClose: before it waits for its
  // connections, which an open stream would hold forever). Browsers reconnect through the
  // balancer to another process and refetch what they show.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get(
    '/realtime',
    {
      config: { access: 'public' },
      schema: { tags: ['realtime'], summary: 'Live change notices (text/event-stream)', hide: false },
    },
    async (request, reply) => {
      const viewer = await getViewer(request);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no', // stop proxies from buffering the stream
      });
      res.write(`retry: ${REALTIME_RECONNECT_DELAYS_MS[0]}\n\n`);
      const unsubscribe = app.services.realtime.subscribe(viewer?.id ?? null, (notice) => {
        res.write(`data: ${JSON.stringify(notice)}\n\n`);
      });
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), REALTIME_HEARTBEAT_MS);
      const close = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
      };
      const end = () => {
        close();
        res.end();
      };
      open.add(end);
      request.raw.on('close', close);
    },
  );
};
