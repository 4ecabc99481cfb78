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

export type Db = NodePgDatabase<typeof schema>;
export type Listener = (payload: string) => void;

/** One database handle for the whole server: the Drizzle query builder plus the two
 * driver-level things Drizzle does not cover (LISTEN/NOTIFY and closing). */
export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /** Subscribe to a NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: Listener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** `url` is a postgres:// URL, or a PGlite location: a folder path or 'memory://'. */
export async function openDatabase(url: string): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url);
  return openPglite(url);
}

async function openPglite(location: string): Promise<Database> {
  if (location !== 'memory://') mkdirSync(location, { recursive: true });
  const client = await PGlite.create(location === 'memory://' ? undefined : location, { extensions: { pg_trgm } });
  // Drizzle's PGlite and node-postgres databases share the PgDatabase query builder.
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db,
    driver: 'pglite',
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return unsubscribe;
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_POOL_SIZE ?? 20) });
  // An idle connection dropped by the server (restart, failover, a dropped test database) emits
  // 'error'; unhandled it would crash the process. The pool replaces it on the next query.
  pool.on('error', (err) => console.error(`database: idle connection lost (${err.message})`));
  const db = drizzlePg(pool, { schema });
  // Several server processes may start at once: one migrates, the others wait on the lock.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(727272)');
    await migratePg(drizzlePg(lockClient), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock(727272)').catch(() => undefined);
    lockClient.release();
  }
  const listeners: pg.Client[] = [];
  return {
    db,
    driver: 'pg',
    async listen(channel, onPayload) {
      // LISTEN needs a connection of its own that stays open.
      const client = new pg.Client({ connectionString: url });
      client.on('error', (err) => console.error(`database: listen connection lost (${err.message})`));
      await client.connect();
      client.on('notification', (n) => {
        if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
      });
      await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      listeners.push(client);
      return async () => {
        await client.end().catch(() => undefined);
      };
    },
    async close() {
      await Promise.all(listeners.map((c) => c.end().catch(() => undefined)));
      await pool.end();
    },
  };
}
