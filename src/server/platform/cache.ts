import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { getTableName, type Table } from 'drizzle-orm';
import type { Change, ChangeStream } from './changes';

/** A table a cached answer reads: all of it, or only its rows that carry `id` in their `id` or
 * one of their `*_id` columns (a member's messages, one event's registrations). */
export type Read = Table | { table: Table; id: string };

export interface Cached {
  body: string;
  etag: string;
  /** The body gzipped once, for large answers (event pages with hundreds of attendees). */
  gzip?: Buffer;
  /** The body in brotli, made on the first request that accepts it (brotliOf) and kept. */
  brotli?: Buffer;
  /** What the loader returned, for routes that build a viewer's answer on top of it. */
  value?: unknown;
}

export interface CacheOptions {
  /** Every table the loader reads: a change to one of them drops the answer. */
  reads: Read[];
  /** For what changes with the clock alone (which event is next). */
  ttlMs: number;
  /** Visitors only: while a dropped answer is being rebuilt, the previous one may still be
   * served if it went stale less than this long ago. Never for a member, whose own write must
   * show in their next read. */
  staleMs?: number;
}

const GZIP_FROM_BYTES = 2048;
const MAX_ENTRIES = 2_000;
const REBUILD_GAP_MS = 100;

export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** One viewer's answer, sent once: an ETag, but no gzip copy made ahead of a request that may
 * not want it. */
export const personalBody = (body: string): Cached => ({ body, etag: etagOf(body) });

export function cachedBody(body: string): Cached {
  return {
    body,
    etag: etagOf(body),
    gzip: body.length >= GZIP_FROM_BYTES ? gzipSync(body, { level: 6 }) : undefined,
  };
}

/** The answer in brotli for answers large enough to have a gzip copy: compressed once, on the
 * first request that asks for it (quality 5: smaller than gzip at about a millisecond per 50 KB),
 * then kept with the answer until it is dropped. */
export function brotliOf(cached: Cached): Buffer | undefined {
  if (!cached.gzip) return undefined;
  cached.brotli ??= brotliCompressSync(cached.body, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(cached.body),
    },
  });
  return cached.brotli;
}

/** Returned by a loader whose answer is already JSON text: stored as it is. */
export class SerializedJson {
  constructor(readonly json: string) {}
}

/** The cache entry whose loader is running, for the test that audits the tables its queries
 * touch (cache-audit.test.ts sets `storage`). Unset otherwise: once an AsyncLocalStorage has run,
 * Node 20 calls its hook on every async step of the process (each write to each open stream). */
export const loadingEntry: { storage: AsyncLocalStorage<{ key: string; reads: TableRead[] }> | null } = {
  storage: null,
};

interface TableRead {
  table: string;
  id?: string;
}

interface Entry extends Cached {
  /** The slot's version when its load started: it reflects every change before that. */
  version: number;
  expiresAt: number;
}

interface Slot {
  reads: TableRead[];
  load: () => Promise<unknown>;
  ttlMs: number;
  /** The stale allowance visitors' reads gave, for answers given before routing (peek). */
  staleMs?: number;
  /** Bumped by every change to what the slot reads. */
  version: number;
  entry?: Entry;
  /** Since when the entry has been out of date (a change, or its expiry). */
  staleSince?: number;
  /** The one load running for this key, and the version it will reflect. */
  running?: { promise: Promise<Entry>; version: number };
  lastLoadAt?: number;
  scheduled?: NodeJS.Timeout;
}

/** Answers kept per process as serialised JSON, each dropped when a table it reads changes
 * (the change stream tells every process) or its TTL ends. One load at a time per key: readers
 * wait for the running load, a change during it queues one more. While the change stream is
 * down nothing can be proven fresh, and the cache stores and serves nothing. */
export interface AnswerCache {
  get(key: string, options: CacheOptions, load: () => Promise<unknown>): Promise<Cached>;
  /** A visitor's answer without loading: fresh, or stale within its `staleMs` (then a rebuild
   * starts in the background). For answers given before routing (shared-answers.ts). */
  peek(key: string): Cached | undefined;
  /** How long a visitor may still be served an answer that changed, while it is rebuilt. */
  readonly visitorStaleMs: number;
}

export function createAnswerCache(changes: ChangeStream, visitorStaleMs: number): AnswerCache {
  const slots = new Map<string, Slot>();
  // Bumped when the change stream resets: a load that started before must not be kept.
  let epoch = 0;

  changes.on((change: Change) => {
    const now = Date.now();
    for (const slot of slots.values()) {
      if (!slot.reads.some((r) => r.table === change.table && (!r.id || !change.ids || change.ids.includes(r.id))))
        continue;
      if (slot.entry && slot.entry.version === slot.version) slot.staleSince = now;
      slot.version++;
    }
  });
  changes.onReset(() => {
    epoch++;
    for (const slot of slots.values()) clearTimeout(slot.scheduled);
    slots.clear();
  });

  const isFresh = (slot: Slot, entry: Entry | undefined, now: number): entry is Entry =>
    !!entry && entry.version === slot.version && entry.expiresAt > now;

  function refresh(key: string, slot: Slot): Promise<Entry> {
    const version = slot.version;
    if (slot.running && slot.running.version === version) return slot.running.promise;
    const before = slot.running?.promise.catch(() => undefined);
    const startedIn = epoch;
    const promise = (async () => {
      // Once at a time: a change during a load queues the next load behind it.
      await before;
      if (isFresh(slot, slot.entry, Date.now()) && slot.entry.version >= version) return slot.entry;
      const loadVersion = slot.version;
      const startedAt = Date.now();
      slot.lastLoadAt = startedAt;
      const audit = loadingEntry.storage;
      const value = await (audit ? audit.run({ key, reads: slot.reads }, slot.load) : slot.load());
      const entry: Entry = {
        // A loader may hand over JSON it spliced itself (a visitor's copy of a cached page).
        ...(value instanceof SerializedJson ? cachedBody(value.json) : cachedBody(JSON.stringify(value))),
        value: value instanceof SerializedJson ? undefined : value,
        version: loadVersion,
        expiresAt: Date.now() + slot.ttlMs,
      };
      if (startedIn === epoch && slots.get(key) === slot && (!slot.entry || slot.entry.version <= loadVersion)) {
        slot.entry = entry;
        // Changed while loading: out of date since some moment after the load started.
        slot.staleSince = loadVersion === slot.version ? undefined : startedAt;
      }
      return entry;
    })();
    slot.running = { promise, version };
    void promise
      .finally(() => {
        if (slot.running?.promise === promise) slot.running = undefined;
      })
      .catch(() => undefined);
    return promise;
  }

  /** For visitors served the previous answer: one rebuild at a time and at most one per
   * REBUILD_GAP_MS, not one per change (a hot event changes at every registration). */
  function refreshInBackground(key: string, slot: Slot) {
    if (slot.running || slot.scheduled) return;
    const wait = (slot.lastLoadAt ?? 0) + REBUILD_GAP_MS - Date.now();
    if (wait <= 0) return void refresh(key, slot).catch(() => undefined);
    slot.scheduled = setTimeout(() => {
      slot.scheduled = undefined;
      if (slots.get(key) === slot) void refresh(key, slot).catch(() => undefined);
    }, wait);
    slot.scheduled.unref();
  }

  return {
    visitorStaleMs,
    async get(key, options, load) {
      if (!changes.live) {
        const value = await load();
        return cachedBody(value instanceof SerializedJson ? value.json : JSON.stringify(value));
      }
      let slot = slots.get(key);
      if (!slot) {
        if (slots.size >= MAX_ENTRIES) {
          const oldest = slots.keys().next().value!;
          clearTimeout(slots.get(oldest)!.scheduled);
          slots.delete(oldest);
        }
        slot = {
          reads: options.reads.map((r) =>
            'table' in r && 'id' in r && typeof r.id === 'string'
              ? { table: getTableName(r.table as Table), id: r.id }
              : { table: getTableName(r as Table) },
          ),
          load,
          ttlMs: options.ttlMs,
          version: 0,
        };
        slots.set(key, slot);
      }
      slot.load = load;
      slot.ttlMs = options.ttlMs;
      if (options.staleMs) slot.staleMs = options.staleMs;
      const now = Date.now();
      if (isFresh(slot, slot.entry, now)) return slot.entry;
      if (options.staleMs && servableStale(slot, now, options.staleMs)) {
        refreshInBackground(key, slot);
        return slot.entry!;
      }
      return refresh(key, slot);
    },
    peek(key) {
      if (!changes.live) return undefined;
      const slot = slots.get(key);
      if (!slot?.entry) return undefined;
      const now = Date.now();
      if (isFresh(slot, slot.entry, now)) return slot.entry;
      if (!slot.staleMs || !servableStale(slot, now, slot.staleMs)) return undefined;
      refreshInBackground(key, slot);
      return slot.entry;
    },
  };
}

/** A dropped or expired entry still within its stale allowance. */
function servableStale(slot: Slot, now: number, staleMs: number): boolean {
  const entry = slot.entry;
  if (!entry) return false;
  const since = Math.min(slot.staleSince ?? Infinity, entry.expiresAt);
  return now - since <= staleMs;
}
