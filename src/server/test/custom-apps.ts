import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { localStorage, type Storage } from '../platform/storage';
import { buildApp, type App } from '../app';
import { ORIGIN } from './harness';

// What createTestContext does not make: several server processes on one PostgreSQL database
// (each app with its own pool, its own change stream and timers), or an app with other storage.

/** A new, empty database on TEST_DATABASE_URL's server; null on PGlite. */
export async function createServerDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return null;
  const name = `pm_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

export interface CustomApp {
  app: App;
  database: Database;
  close(): Promise<void>;
}

/** A ready app on `databaseUrl` ('memory://' for a fresh PGlite), configured like the harness's. */
export async function buildCustomApp(
  databaseUrl: string,
  env: Record<string, string> = {},
  storage?: Storage,
): Promise<CustomApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'power-mixer-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    CACHE_STALE_MS: '0',
    ...env,
  });
  const database = await openDatabase(databaseUrl);
  const app = await buildApp({
    config,
    database,
    storage: storage ?? localStorage(path.join(dataDir, 'uploads')),
    webRoot: null,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
