import { getTableName, type Table } from 'drizzle-orm';
import type { RealtimeNotice } from '../../shared/realtime';
import type { ChangeStream } from './changes';

type Send = (notice: RealtimeNotice) => void;
interface Subscriber {
  viewerId: string | null;
  send: Send;
}

/** Live notices to open event streams, derived from the change stream: a write cannot forget
 * to tell the people it concerns, whichever process or script made it. Notices say only what
 * changed; clients re-fetch what they may see. */
export interface Realtime {
  /** Changes to `table` concern the members whose ids its rows carry (a message's sender and
   * recipient, a connection's two sides): each of them gets `{ topic: 'user:<id>', kind }`. */
  notifyMembers(table: Table, kind: string): void;
  /** Changes to `table` are news for everyone connected: `{ topic: kind, kind }`. */
  notifyEveryone(table: Table, kind: string): void;
  /** Changes to `table` are news for every signed-in member (the forums): `{ topic: kind, kind }`. */
  notifySignedIn(table: Table, kind: string): void;
  /** Registers a connected client; returns the unsubscribe function. */
  subscribe(viewerId: string | null, send: Send): () => void;
  stop(): void;
  /** How many clients this process holds (for health and tests). */
  size(): number;
}

/** Sent when the change stream was interrupted: notices may have been missed. */
export const REFETCH_NOTICE: RealtimeNotice = { topic: 'all', kind: 'refetch' };

export function createRealtime(changes: ChangeStream): Realtime {
  const subscribers = new Set<Subscriber>();
  const memberKinds = new Map<string, string>();
  const publicKinds = new Map<string, string>();
  const signedInKinds = new Map<string, string>();

  changes.on(({ table, ids }) => {
    const kind = memberKinds.get(table);
    if (kind) {
      const concerned = ids && new Set(ids);
      for (const s of subscribers) {
        if (s.viewerId && (!concerned || concerned.has(s.viewerId))) s.send({ topic: `user:${s.viewerId}`, kind });
      }
    }
    const id = ids?.length === 1 ? ids[0] : undefined;
    const publicKind = publicKinds.get(table);
    if (publicKind) {
      for (const s of subscribers) s.send({ topic: publicKind, kind: publicKind, ...(id ? { id } : {}) });
    }
    const signedInKind = signedInKinds.get(table);
    if (signedInKind) {
      const notice = { topic: signedInKind, kind: signedInKind, ...(id ? { id } : {}), ...(ids ? { ids } : {}) };
      for (const s of subscribers) {
        if (s.viewerId) s.send(notice);
      }
    }
  });
  changes.onReset(() => {
    for (const s of subscribers) s.send(REFETCH_NOTICE);
  });

  return {
    notifyMembers: (table, kind) => void memberKinds.set(getTableName(table), kind),
    notifyEveryone: (table, kind) => void publicKinds.set(getTableName(table), kind),
    notifySignedIn: (table, kind) => void signedInKinds.set(getTableName(table), kind),
    subscribe(viewerId, send) {
      const s = { viewerId, send };
      subscribers.add(s);
      return () => subscribers.delete(s);
    },
    stop() {
      subscribers.clear();
    },
    size: () => subscribers.size,
  };
}
