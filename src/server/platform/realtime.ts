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

  // One notice object per change (per member for theirs), handed to every stream it concerns:
  // streams encode a notice once, however many of them there are (features/realtime/routes.ts).
  changes.on(({ table, ids }) => {
    const kind = memberKinds.get(table);
    if (kind) {
      const concerned = ids && new Set(ids);
      const notices = new Map<string, RealtimeNotice>();
      for (const s of subscribers) {
        if (!s.viewerId || (concerned && !concerned.has(s.viewerId))) continue;
        let notice = notices.get(s.viewerId);
        if (!notice) notices.set(s.viewerId, (notice = { topic: `user:${s.viewerId}`, kind }));
        s.send(notice);
      }
    }
    const id = ids?.length === 1 ? ids[0] : undefined;
    const publicKind = publicKinds.get(table);
    if (publicKind) {
      const notice = { topic: publicKind, kind: publicKind, ...(id ? { id } : {}) };
      for (const s of subscribers) s.send(notice);
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
