import { useCallback, useEffect, useRef, useState } from 'react';
import {
  shortCodeOf,
  type DoorCounts,
  type DoorResponse,
  type DoorTicket,
  type ScanOutcome,
  type ScanResponse,
} from '../../../shared/check-in';
import { ApiRequestError } from '../../lib/api';

// The door keeps working when the venue's connection drops. The door's list (every ticket with
// its code) is kept on the device; a scan that cannot reach the server is decided from it, and an
// admission made that way waits in a queue in localStorage until the connection returns. Then
// the queue is sent in order, each scan with the time it was made. The server's answer is final:
// the first admission of a ticket to reach the server wins, so a queued admission that another
// device sent first is listed on this device as a conflict.

/** One admission made offline, waiting to be sent. */
export interface QueuedScan {
  id: string;
  code: string;
  device: string;
  scannedAt: string;
}

/** A queued scan the server did not count (another device admitted the ticket first, or the
 * ticket is no longer valid). */
export interface Conflict {
  id: string;
  name: string;
  outcome: ScanOutcome;
  /** The admission that won: when, and by which device. */
  at: string | null;
  device: string | null;
  /** When this device scanned it. */
  scannedAt: string;
}

// The list (names and codes) and the conflicts are copies of what a signed-in member saw: under
// the 'offline:' prefix, which sign-out clears (lib/service-worker.ts). Unsent scans stay: they
// are admissions the door made, sent when someone signs in on this device again.
const storageKey = (kind: 'roster' | 'queue' | 'conflicts', eventId: string) =>
  kind === 'queue' ? `door-queue:${eventId}` : `offline:door-${kind}:${eventId}`;
const DEVICE_KEY = 'door-device';

function read<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused (private mode): the door still works while the page stays open.
  }
}

export const readRoster = (eventId: string) => read<DoorResponse>(storageKey('roster', eventId));
export const saveRoster = (eventId: string, door: DoorResponse) => write(storageKey('roster', eventId), door);
export const readDevice = () => read<string>(DEVICE_KEY) ?? '';
export const saveDevice = (name: string) => write(DEVICE_KEY, name);

const QUEUED_PREFIX = 'queued:';
/** A check-in id that stands for an admission still in this device's queue. */
export const isQueued = (checkInId: string) => checkInId.startsWith(QUEUED_PREFIX);
const queueIdOf = (checkInId: string) => checkInId.slice(QUEUED_PREFIX.length);

/** The door's list as this device sees it: the server's, with this device's unsent admissions. */
export function withQueued(tickets: DoorTicket[], queue: QueuedScan[]): DoorTicket[] {
  if (queue.length === 0) return tickets;
  const byCode = new Map<string, QueuedScan>();
  for (const item of queue) if (!byCode.has(item.code)) byCode.set(item.code, item);
  return tickets.map((ticket) => {
    const queued = byCode.get(ticket.code);
    if (!queued || ticket.checkIn || ticket.status !== 'attending') return ticket;
    return { ...ticket, checkIn: { id: QUEUED_PREFIX + queued.id, at: queued.scannedAt, device: queued.device } };
  });
}

/** The counts with this device's unsent admissions added. */
export function countsWithQueued(counts: DoorCounts, server: DoorTicket[], mine: DoorTicket[]): DoorCounts {
  const serverIn = new Set(server.filter((t) => t.checkIn).map((t) => t.code));
  const added = mine.filter((t) => t.checkIn && isQueued(t.checkIn.id) && !serverIn.has(t.code));
  const guests = added.filter((t) => t.kind === 'guest').length;
  return {
    ...counts,
    checkedIn: counts.checkedIn + added.length,
    guestsCheckedIn: counts.guestsCheckedIn + guests,
    expected: Math.max(0, counts.expected - added.length),
  };
}

/** The ticket on the list a code names: the long code a scanner reads, or the short code typed
 * by hand (any case, spaces and dashes ignored), as the server matches them. */
export function ticketByCode(tickets: DoorTicket[], code: string): DoorTicket | undefined {
  const short = shortCodeOf(code);
  return short ? tickets.find((t) => t.shortCode === short) : tickets.find((t) => t.code === code);
}

/** What the door says about a code without the server, from the list kept on the device. */
export function decideOffline(tickets: DoorTicket[], code: string): ScanResponse {
  const ticket = ticketByCode(tickets, code);
  if (!ticket) return { outcome: 'invalid', ticket: null, otherEvent: null };
  if (ticket.status === 'waitlisted') return { outcome: 'waitlisted', ticket, otherEvent: null };
  if (ticket.checkIn) return { outcome: 'already', ticket, otherEvent: null };
  return { outcome: 'admitted', ticket, otherEvent: null };
}

/** Failed for want of a connection (not a refusal): the scan is decided on the device. */
export const isNetworkFailure = (error: unknown) =>
  error instanceof ApiRequestError && (error.status === 0 || error.status >= 500);

/** How often a waiting queue is tried again, besides the browser's `online` event. */
const RETRY_MS = 15_000;

/**
 * The queue of unsent admissions and the conflicts found when sending it, both kept in
 * localStorage. `send` posts one queued scan; `onSent` runs after a round (refresh the list).
 */
export function useOfflineQueue(
  eventId: string,
  send: (item: QueuedScan) => Promise<ScanResponse>,
  onSent: () => void,
  /** The name on the list for a code, for a conflict the server answered without a ticket. */
  nameOf: (code: string) => string | undefined,
) {
  const [queue, setQueueState] = useState<QueuedScan[]>(() => read(storageKey('queue', eventId)) ?? []);
  const [conflicts, setConflictsState] = useState<Conflict[]>(() => read(storageKey('conflicts', eventId)) ?? []);
  // The latest values for the sender, which runs across renders.
  const queueRef = useRef(queue);
  const sending = useRef(false);
  const latest = useRef({ send, onSent, nameOf });
  useEffect(() => {
    latest.current = { send, onSent, nameOf };
  });

  const setQueue = useCallback(
    (next: QueuedScan[]) => {
      queueRef.current = next;
      write(storageKey('queue', eventId), next);
      setQueueState(next);
    },
    [eventId],
  );
  const addConflict = useCallback(
    (conflict: Conflict) =>
      setConflictsState((list) => {
        const next = [conflict, ...list];
        write(storageKey('conflicts', eventId), next);
        return next;
      }),
    [eventId],
  );

  const enqueue = useCallback(
    (code: string, device: string): QueuedScan => {
      const item = { id: crypto.randomUUID(), code, device, scannedAt: new Date().toISOString() };
      setQueue([...queueRef.current, item]);
      return item;
    },
    [setQueue],
  );

  /** Undoing an unsent admission only takes it out of the queue. */
  const unqueue = useCallback(
    (checkInId: string) => setQueue(queueRef.current.filter((item) => item.id !== queueIdOf(checkInId))),
    [setQueue],
  );

  const flush = useCallback(async () => {
    if (sending.current || queueRef.current.length === 0) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    sending.current = true;
    let sent = false;
    try {
      // In order, one at a time: the first admission to reach the server wins.
      while (queueRef.current.length > 0) {
        const item = queueRef.current[0]!;
        let answer: ScanResponse | null = null;
        try {
          answer = await latest.current.send(item);
        } catch (error) {
          if (isNetworkFailure(error)) break;
          // Refused (no longer door staff, a malformed entry): it will never be counted.
        }
        sent = true;
        setQueue(queueRef.current.filter((queued) => queued.id !== item.id));
        const winner = answer?.ticket?.checkIn;
        // Our own admission, answered before the connection dropped and sent again, is no conflict.
        const ours =
          answer?.outcome === 'admitted' || (answer?.outcome === 'already' && winner?.device === item.device);
        if (!ours) {
          addConflict({
            id: item.id,
            name: answer?.ticket?.name ?? latest.current.nameOf(item.code) ?? 'A ticket',
            outcome: answer?.outcome ?? 'invalid',
            at: winner?.at ?? null,
            device: winner?.device ?? null,
            scannedAt: item.scannedAt,
          });
        }
      }
    } finally {
      sending.current = false;
      if (sent) latest.current.onSent();
    }
  }, [setQueue, addConflict]);

  useEffect(() => {
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    void flush();
    return () => window.removeEventListener('online', onOnline);
  }, [flush]);

  const waiting = queue.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void flush(), RETRY_MS);
    return () => clearInterval(timer);
  }, [waiting, flush]);

  const clearConflicts = useCallback(() => {
    write(storageKey('conflicts', eventId), []);
    setConflictsState([]);
  }, [eventId]);

  return { queue, conflicts, enqueue, unqueue, flush, clearConflicts };
}
