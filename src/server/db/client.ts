import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { CHANGE_TRIGGERS_SQL } from './change-triggers';

export type Db = NodePgDatabase<typeof schema>;
export type Listener = (payload: string) => void;
/** Called with `true` once the listening connection is up (again), `false` when it is lost. */
export type ListenStatus = (up: boolean) => void;
/** Sees every query's SQL text as it is sent (tests audit what cached reads touch). */
export type QueryObserver = (sql: string, params: unknown[]) => void;

export interface Listening {
  stop(): Promise<void>;
  /** NOTIFY on the channel from the listening connection itself: its own notice comes back on
   * that connection with the answer (one round trip, not one on the pool and a second arrival),
   * after every notice committed before it. Rejects while the connection is lost. */
  notify(payload: string): Promise<void>;
}

/** One database handle for the whole server: the Drizzle query builder plus the two
 * driver-level things Drizzle does not cover (LISTEN/NOTIFY and closing). */
export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /** Subscribe to a NOTIFY channel. On PostgreSQL the listening connection reconnects by itself
   * with backoff and reports its state. */
  listen(channel: string, onPayload: Listener, onStatus?: ListenStatus): Promise<Listening>;
  /** Runs raw SQL with parameters on the driver (tests: EXPLAIN of an observed query). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Set to see every query sent through `db`. */
  observer: QueryObserver | null;
  close(): Promise<void>;
}

/** Drizzle's logger is the one place every query passes, builder and raw SQL alike. */
function observingLogger(database: { observer: QueryObserver | null }) {
  return { logQuery: (query: string, params: unknown[]) => database.observer?.(query, params) };
}

/** PGlite runs every statement on the server's own thread, and hands its lock from one to the
 * next through promise callbacks: a burst of writes would run back to back while no request is
 * read from the network (cached reads starved to 3% under hot writes). Each statement and
 * transaction first lets pending I/O through. */
function yieldBetweenStatements(client: PGlite) {
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await nextTurn();
    return query(...args);
  }) as typeof client.query;
  client.transaction = (async (...args: Parameters<typeof transaction>) => {
    await nextTurn();
    return transaction(...args);
  }) as typeof client.transaction;
}

/** The `application_name` of each process's listening connection. */
export const LISTEN_APPLICATION_NAME = 'power-mixer changes';

const RECONNECT_DELAYS_MS = [100, 250, 500, 1_000, 2_000, 5_000];

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** `url` is a postgres:// URL, or a PGlite location: a folder path or 'memory://'. */
export async function openDatabase(url: string): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url);
  return openPglite(url);
}

async function openPglite(location: string): Promise<Database> {
  if (location !== 'memory://') mkdirSync(location, { recursive: true });
  const client = await PGlite.create(location === 'memory://' ? undefined : location, { extensions: { pg_trgm } });
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  await client.exec(CHANGE_TRIGGERS_SQL);
  yieldBetweenStatements(client);
  const database: Database = {
    // Drizzle's PGlite and node-postgres databases share the PgDatabase query builder.
    db: null as unknown as Db,
    driver: 'pglite',
    observer: null,
    async listen(channel, onPayload, onStatus) {
      // In-process: the channel cannot be lost.
      const unsubscribe = await client.listen(channel, onPayload);
      onStatus?.(true);
      return {
        stop: unsubscribe,
        notify: async (payload) => void (await client.query('select pg_notify($1, $2)', [channel, payload])),
      };
    },
    query: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    close: () => client.close(),
  };
  database.db = drizzlePglite(client, { schema, logger: observingLogger(database) }) as unknown as Db;
  return database;
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DB_POOL_SIZE ?? 20),
    // A request waits at most this long for a connection (a server that does not answer, or a
    // pool busy that long) and then answers 503, instead of hanging until the client gives up.
    // A stopped server refuses at once; 10 s leaves room for a burst queued on one event's lock.
    connectionTimeoutMillis: Number(process.env.DB_CONNECT_TIMEOUT_MS ?? 10_000),
    // No JIT: every statement here is short, and compiling one costs ~20 ms whenever the planner's
    // estimate passes jit_above_cost (the search's statements do, for branches that never run).
    options: '-c jit=off',
  });
  // An idle connection dropped by the server (restart, failover, a dropped test database) emits
  // 'error'; unhandled it would crash the process. The pool replaces it on the next query.
  pool.on('error', (err) => console.error(`database: idle connection lost (${err.message})`));
  // A connection lost while checked out but between queries (inside a transaction, during a
  // password hash) emits 'error' on the client, and the pool listens only to idle ones: without
  // this the process would crash. The next query on it fails and answers 503; release drops it.
  pool.on('connect', (client) => client.on('error', () => undefined));
  // Several server processes may start at once: one migrates, the others wait on the lock.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(727272)');
    await migratePg(drizzlePg(lockClient), { migrationsFolder });
    await lockClient.query(CHANGE_TRIGGERS_SQL);
  } finally {
    await lockClient.query('select pg_advisory_unlock(727272)').catch(() => undefined);
    lockClient.release();
  }
  const stops = new Set<() => Promise<void>>();
  const database: Database = {
    db: null as unknown as Db,
    driver: 'pg',
    observer: null,
    async listen(channel, onPayload, onStatus) {
      const listening = await listenWithReconnect(url, channel, onPayload, onStatus);
      stops.add(listening.stop);
      return {
        notify: listening.notify,
        async stop() {
          stops.delete(listening.stop);
          await listening.stop();
        },
      };
    },
    query: async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[],
    async close() {
      await Promise.all([...stops].map((stop) => stop()));
      await pool.end();
    },
  };
  database.db = drizzlePg(pool, { schema, logger: observingLogger(database) });
  return database;
}

/** LISTEN needs a connection of its own that stays open. When it is lost (a restart, a
 * terminated backend) it reconnects with backoff; `onStatus` tells the caller, whose notices
 * may have been missed in between. The first connection must succeed. */
async function listenWithReconnect(
  url: string,
  channel: string,
  onPayload: Listener,
  onStatus?: ListenStatus,
): Promise<Listening> {
  let client: pg.Client | null = null;
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    // Named, so an operator (and a test) finds it in pg_stat_activity: its last query is often a
    // catch-up marker, not the LISTEN.
    // Its keepalive starts after 10 s idle (the OS's default waits two hours): a connection
    // dropped silently is found and reconnected in minutes, not hours.
    const c = new pg.Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: LISTEN_APPLICATION_NAME,
    });
    let established = false;
    let lost = false;
    // Failures while connecting are the caller's (connect() rejects); after that, a loss.
    const onLost = (err?: Error) => {
      if (!established || lost) return;
      lost = true;
      if (client === c) client = null;
      void c.end().catch(() => undefined);
      if (stopped) return;
      console.error(`database: listen connection lost (${err?.message ?? 'closed'}); reconnecting`);
      onStatus?.(false);
      schedule();
    };
    c.on('error', onLost);
    c.on('end', () => onLost());
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    } catch (err) {
      void c.end().catch(() => undefined);
      throw err;
    }
    if (stopped) return void (await c.end().catch(() => undefined));
    established = true;
    client = c;
    attempt = 0;
    onStatus?.(true);
  };

  const schedule = () => {
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
    attempt++;
    timer = setTimeout(() => {
      connect().catch(() => {
        if (!stopped) schedule();
      });
    }, delay);
    timer.unref();
  };

  await connect();
  return {
    async notify(payload) {
      if (!client) throw new Error('the listen connection is lost');
      // On the driver's client: the listening connection is not one of Drizzle's.
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
