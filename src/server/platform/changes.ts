import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CHANGES_CHANNEL } from '../db/change-triggers';
import type { Database, Listening } from '../db/client';

/** One committed statement: the table it wrote and the keys of the rows it touched (`id` and
 * `*_id` values), or `ids: null` when it touched too many to list. */
export interface Change {
  table: string;
  ids: string[] | null;
}

/** The change channel: what the database announces (db/change-triggers.ts), delivered to this
 * process's caches and live streams. Its listening connection may be lost; while it is, nothing
 * derived from earlier notices can be trusted, and `onReset` listeners must start over. */
export interface ChangeStream {
  on(listener: (change: Change) => void): void;
  /** The stream was interrupted (lost, or back after a loss): notices may have been missed. */
  onReset(listener: () => void): void;
  /** Whether every change committed since the last reset has been (or will be) delivered. */
  readonly live: boolean;
  /** Resolves once every change committed before the call has reached this process's
   * listeners: writes wait for it before answering, so the writer's next read is fresh. */
  caughtUp(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const CATCH_UP_TIMEOUT_MS = 2_000;

export function createChangeStream(database: Database, log: FastifyBaseLogger): ChangeStream {
  const listeners: ((change: Change) => void)[] = [];
  const resetListeners: (() => void)[] = [];
  // This process's catch-up markers: sent through NOTIFY, so they arrive after every change
  // committed before them (PostgreSQL delivers notices in commit order).
  const marker = `sync:${randomUUID()}:`;
  const waiting = new Map<string, () => void>();
  let sequence = 0;
  let live = false;
  let listening: Listening | null = null;

  function reset() {
    for (const waiter of waiting.values()) waiter();
    waiting.clear();
    for (const listener of resetListeners) listener();
  }

  function receive(payload: string) {
    if (payload.startsWith('sync:')) return void waiting.get(payload)?.();
    let change: Change;
    try {
      const parsed = JSON.parse(payload) as { t: string; ids: unknown };
      change = { table: parsed.t, ids: Array.isArray(parsed.ids) ? parsed.ids.map(String) : null };
    } catch {
      log.warn('ignored a malformed change notice');
      return;
    }
    for (const listener of listeners) listener(change);
  }

  function status(up: boolean) {
    if (up === live) return;
    live = up;
    log[up ? 'info' : 'warn'](up ? 'change stream connected' : 'change stream lost; caches bypassed until it is back');
    reset();
  }

  return {
    on: (listener) => void listeners.push(listener),
    onReset: (listener) => void resetListeners.push(listener),
    get live() {
      return live;
    },
    async caughtUp() {
      if (!live) return;
      const token = `${marker}${++sequence}`;
      const arrived = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(token);
          log.warn('change stream did not deliver a catch-up marker in time');
          resolve();
        }, CATCH_UP_TIMEOUT_MS);
        timer.unref();
        waiting.set(token, () => {
          clearTimeout(timer);
          waiting.delete(token);
          resolve();
        });
      });
      // Not awaited: a listening connection that hangs (dropped without a word) must not hold the
      // write longer than the timeout; markers sent after it queue on it and time out alike.
      if (listening) listening.notify(token).catch(() => waiting.get(token)?.());
      else waiting.get(token)?.();
      await arrived;
    },
    async start() {
      listening = await database.listen(CHANGES_CHANNEL, receive, status);
    },
    async stop() {
      await listening?.stop();
      listening = null;
      live = false;
      reset();
    },
  };
}
