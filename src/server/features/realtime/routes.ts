import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REALTIME_HEARTBEAT_MS, REALTIME_RECONNECT_DELAYS_MS, type RealtimeNotice } from '../../../shared/realtime';
import { fileResponse } from '../../platform/http';
import { getViewer } from '../../platform/viewer';
import { memberPresence } from '../../db/schema';

/** A notice goes to every open stream it concerns, as one object (platform/realtime.ts): its
 * bytes are made once, not once per stream. */
const frames = new WeakMap<RealtimeNotice, Buffer>();
function frameOf(notice: RealtimeNotice): Buffer {
  let frame = frames.get(notice);
  if (!frame) frames.set(notice, (frame = Buffer.from(`data: ${JSON.stringify(notice)}\n\n`)));
  return frame;
}

/** Server-Sent Events: a member gets the notices of their own topic plus public ones;
 * a visitor gets public ones only. A member's open stream is also their presence: one
 * `member_presence` row per stream, seen when it opens, on each heartbeat and when it closes;
 * a member none of whose streams was seen lately is away and gets notification e-mails
 * (features/notifications/digest.ts). Old rows go with housekeeping. */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.services;
  /** Presence is a hint for e-mail: a failed write is logged and never breaks the stream; a
   * heartbeat's write that lands after the closing one never moves the time back. */
  const seen = (streamId: string, userId: string) =>
    db
      .insert(memberPresence)
      .values({ streamId, userId, seenAt: clock.now() })
      .onConflictDoUpdate({
        target: memberPresence.streamId,
        set: { seenAt: sql`greatest(${memberPresence.seenAt}, excluded.seen_at)` },
      })
      .then(
        () => undefined,
        (err: unknown) => app.log.warn({ err, userId }, 'presence write failed'),
      );

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
      schema: {
        tags: ['realtime'],
        summary: 'Live change notices (text/event-stream)',
        response: { 200: fileResponse('text/event-stream', 'The stream of change notices') },
      },
    },
    async (request, reply) => {
      const viewer = await getViewer(request);
      reply.hijack();
      const res = reply.raw;
      // The stream ends with its connection (Connection: close), so its frames need no chunk
      // framing: each notice goes out as its bytes alone, without a chunk header and line end.
      res.useChunkedEncodingByDefault = false;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no', // stop proxies from buffering the stream
      });
      res.write(`retry: ${REALTIME_RECONNECT_DELAYS_MS[0]}\n\n`);
      const unsubscribe = app.services.realtime.subscribe(viewer?.id ?? null, (notice) => {
        res.write(frameOf(notice));
      });
      const streamId = randomUUID();
      const memberId = viewer?.id ?? null;
      if (memberId) void seen(streamId, memberId);
      const heartbeat = setInterval(() => {
        res.write(': heartbeat\n\n');
        if (memberId) void seen(streamId, memberId);
      }, REALTIME_HEARTBEAT_MS);
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        // The moment they left: messages after it are the ones they have not seen.
        if (memberId) void seen(streamId, memberId);
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
