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
  /** Undoes what was prepared (drops the created database, deletes the generated rows) now rather
   * than at the end of the run; the end-of-run cleanup then has nothing left to do. */
  release?: () => Promise<void>;
}

export type Skipped = { skipped: string };

/** A fresh PGlite data folder: DATA_DIR/db, as the server lays it out. */
export function pgliteTarget(): DatabaseTarget {
  const dataDir = tempDir('pm-bench-pglite-');
  const url = path.join(dataDir, 'db');
  return { name: 'PGlite', url, serverEnv: { DATA_DIR: dataDir }, description: `embedded, fresh data folder ${url}` };
}

/** DATABASE_URL when set (it must be empty), else a fresh database `name` on the local server. */
export async function postgresTarget(name: string = settings.benchDatabaseName): Promise<DatabaseTarget | Skipped> {
  return settings.databaseUrl ? givenPostgres(settings.databaseUrl) : freshPostgres(name);
}

/** Registers `undo` for the end of the run, and returns it as a `release` that runs it now, once. */
function undoable(name: string, undo: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | null = null;
  const once = () => (done ??= undo());
  const forget = onCleanup(name, once);
  return async () => {
    forget();
    await once();
  };
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

async function freshPostgres(name: string): Promise<DatabaseTarget | Skipped> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name "${name}" is not a plain identifier`);
  // It is dropped first and at the end: never the database we connect through to do that.
  const adminDatabase = decodeURIComponent(new URL(settings.adminUrl).pathname.slice(1));
  if (['', adminDatabase, 'postgres', 'template0', 'template1'].includes(name))
    throw new Error(`refusing to use "${name}" as the benchmark database: it would be dropped`);
  const admin = await connect(settings.adminUrl);
  if (typeof admin === 'string') return { skipped: admin };
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const release = undoable(`database ${name}`, async () => {
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
    release,
  };
}

/** A database kept between runs (the search part with BENCH_SEARCH_KEEP=1): created when missing,
 * made again when `ready` says its rows are not the ones wanted, never dropped. `reused` says the
 * rows are there. */
export async function keptPostgres(
  name: string,
  ready: (client: pg.Client) => Promise<boolean>,
): Promise<(DatabaseTarget & { reused: boolean }) | Skipped> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name "${name}" is not a plain identifier`);
  const adminDatabase = decodeURIComponent(new URL(settings.adminUrl).pathname.slice(1));
  if (['', adminDatabase, 'postgres', 'template0', 'template1'].includes(name))
    throw new Error(`refusing to use "${name}" as the benchmark database: it could be dropped`);
  const url = new URL(settings.adminUrl);
  url.pathname = `/${name}`;
  const admin = await connect(settings.adminUrl);
  if (typeof admin === 'string') return { skipped: admin };
  let reused = false;
  try {
    const found = await admin.query(`select 1 from pg_database where datname = $1`, [name]);
    if (found.rowCount) {
      const client = await connect(url.toString());
      if (typeof client === 'string') return { skipped: client };
      try {
        reused = await ready(client).catch(() => false);
      } finally {
        await client.end();
      }
      if (!reused) await admin.query(`drop database ${name} with (force)`);
    }
    if (!reused) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return {
    name: 'PostgreSQL',
    url: url.toString(),
    serverEnv: { DATABASE_URL: url.toString() },
    description: `${redact(url.toString())} (BENCH_SEARCH_KEEP=1: ${reused ? 'generated by an earlier run' : 'created'}, kept after the run)`,
    reused,
  };
}

// Deleting "user" cascades to profiles, accounts, sessions, skills of members, registrations,
// connections and messages; events to attendees, guests and sponsor links.
const FILLED = ['user', 'events', 'sponsors', 'podcasts', 'skills'];

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
  const release = undoable('benchmark rows in DATABASE_URL', async () => {
    const c = await connect(url);
    if (typeof c === 'string') throw new Error(c);
    try {
      for (const table of FILLED) await c.query(`delete from "${table}"`);
      // The sign-in's attempt counter (the database had to be empty, so it is ours).
      await c.query(`delete from rate_limits where key like 'sign-in:%'`).catch(() => undefined);
      // The mail the server wrote to the generated members and guests (the reminders part).
      await c
        .query(`delete from email_outbox where "to" like '%@members.example' or "to" like '%@guests.example'`)
        .catch(() => undefined);
    } finally {
      await c.end();
    }
  });
  return {
    name: 'PostgreSQL',
    url,
    serverEnv: { DATABASE_URL: url },
    description: `${redact(url)} (DATABASE_URL; the generated rows are deleted at the end)`,
    release,
  };
}
