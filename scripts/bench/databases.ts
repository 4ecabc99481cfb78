import path from 'node:path';
import pg from 'pg';
import { onCleanup } from './cleanup';
import { tempDir } from './servers';
import { settings } from './settings';

// The two databases the server supports, each prepared empty for the data set and undone at the end.

export interface DatabaseTarget {
  name: 'PGlite' | 'PostgreSQL';
  /** What openDatabase() takes. */
  url: string;
  /** How the server child reaches the same database. */
  serverEnv: { DATABASE_URL: string } | { DATA_DIR: string };
  description: string;
}

export type Skipped = { skipped: string };

/** A fresh PGlite data folder: DATA_DIR/db, as the server lays it out. */
export function pgliteTarget(): DatabaseTarget {
  const dataDir = tempDir('pm-bench-pglite-');
  const url = path.join(dataDir, 'db');
  return { name: 'PGlite', url, serverEnv: { DATA_DIR: dataDir }, description: `embedded, fresh data folder ${url}` };
}

/** DATABASE_URL when set (it must be empty), else a fresh database on the local server. */
export async function postgresTarget(): Promise<DatabaseTarget | Skipped> {
  return settings.databaseUrl ? givenPostgres(settings.databaseUrl) : freshPostgres();
}

const redact = (url: string) => {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
};

async function connect(url: string): Promise<pg.Client | string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    return client;
  } catch (err) {
    await client.end().catch(() => undefined);
    return `PostgreSQL at ${redact(url)} is unreachable (${(err as Error).message})`;
  }
}

async function freshPostgres(): Promise<DatabaseTarget | Skipped> {
  const admin = await connect(settings.adminUrl);
  if (typeof admin === 'string') return { skipped: admin };
  const name = settings.benchDatabaseName;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_PG_DATABASE "${name}" is not a plain identifier`);
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  onCleanup(`database ${name}`, async () => {
    const client = await connect(settings.adminUrl);
    if (typeof client === 'string') throw new Error(client);
    try {
      await client.query(`drop database if exists ${name} with (force)`);
    } finally {
      await client.end();
    }
  });
  const url = new URL(settings.adminUrl);
  url.pathname = `/${name}`;
  return {
    name: 'PostgreSQL',
    url: url.toString(),
    serverEnv: { DATABASE_URL: url.toString() },
    description: `${redact(url.toString())} (created for this run, dropped at the end)`,
  };
}

const FILLED = ['user', 'events', 'sponsors', 'podcasts'];

/** Someone else's database: used only when it holds none of what we generate, and emptied again. */
async function givenPostgres(url: string): Promise<DatabaseTarget | Skipped> {
  const client = await connect(url);
  if (typeof client === 'string') return { skipped: client };
  try {
    for (const table of FILLED) {
      const exists = await client.query<{ t: string | null }>(`select to_regclass('public."${table}"') as t`);
      if (!exists.rows[0]?.t) continue; // not migrated yet: empty
      const rows = await client.query<{ n: number }>(`select count(*)::int as n from "${table}"`);
      if (rows.rows[0]!.n > 0) {
        return {
          skipped: `DATABASE_URL ${redact(url)} is not empty ("${table}" has rows); the benchmark needs an empty one`,
        };
      }
    }
  } finally {
    await client.end();
  }
  onCleanup('benchmark rows in DATABASE_URL', async () => {
    const c = await connect(url);
    if (typeof c === 'string') throw new Error(c);
    try {
      // Deleting these cascades to profiles, attendees, guests and sponsor links.
      for (const table of FILLED) await c.query(`delete from "${table}"`);
    } finally {
      await c.end();
    }
  });
  return {
    name: 'PostgreSQL',
    url,
    serverEnv: { DATABASE_URL: url },
    description: `${redact(url)} (DATABASE_URL; the generated rows are deleted at the end)`,
  };
}
