import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client';
import { realtimeNotice, type RealtimeNotice } from '../../shared/realtime';

const CHANNEL = 'realtime';

type Send = (notice: RealtimeNotice) => void;
interface Subscriber {
  viewerId: string | null;
  send: Send;
}

export interface Realtime {
  /** Publishes through PostgreSQL NOTIFY: inside `tx` it is delivered only if the
   * transaction commits; every server process listening receives it. */
  publish(notice: RealtimeNotice, tx?: Db): Promise<void>;
  /** Registers a connected client; returns the unsubscribe function. */
  subscribe(viewerId: string | null, send: Send): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** How many clients this process holds (for health and tests). */
  size(): number;
}

/** A member receives the notices of their own topic `user:<id>`; everybody receives public
 * topics. Notices say only what changed; clients re-fetch what they may see. */
export function createRealtime(database: Database, log: FastifyBaseLogger): Realtime {
  const subscribers = new Set<Subscriber>();
  let unlisten: (() => Promise<void>) | null = null;

  function dispatch(payload: string) {
    let notice: RealtimeNotice;
    try {
      notice = realtimeNotice.parse(JSON.parse(payload));
    } catch {
      log.warn({ payload }, 'ignored malformed realtime notice');
      return;
    }
    const privateTo = notice.topic.startsWith('user:') ? notice.topic.slice(5) : null;
    for (const s of subscribers) {
      if (privateTo === null || s.viewerId === privateTo) s.send(notice);
    }
  }

  return {
    async publish(notice, tx) {
      await (tx ?? database.db).execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(notice)})`);
    },
    subscribe(viewerId, send) {
      const s = { viewerId, send };
      subscribers.add(s);
      return () => subscribers.delete(s);
    },
    async start() {
      unlisten = await database.listen(CHANNEL, dispatch);
    },
    async stop() {
      await unlisten?.();
      subscribers.clear();
    },
    size: () => subscribers.size,
  };
}
