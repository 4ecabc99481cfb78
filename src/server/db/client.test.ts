import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client';
import { isDatabaseUnavailable } from '../platform/database-errors';

// The pool on PostgreSQL outlives connections the server drops: a restart must cost requests
// a 503, never the process.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('the PostgreSQL pool', () => {
  const name = `pm_test_pool_${process.pid}_${Date.now()}`;
  let url: string;
  let database: Database;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(serverUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
    database = await openDatabase(url);
  });
  afterAll(async () => {
    await database?.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('survives a connection killed in the middle of a transaction, between two queries', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const outcome = database.db.transaction(async (tx) => {
        // Raw: the connection's own pid, from no table (the builder selects from one).
        const { rows } = await tx.execute(sql`select pg_backend_pid() as pid`);
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query('select pg_terminate_backend($1)', [Number(rows[0]!.pid)]);
        await admin.end();
        // The server's goodbye arrives while this connection has no query running.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      });
      const error = await outcome.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).not.toBeNull();
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(uncaught).toEqual([]);
      // The broken connection left the pool: the next query gets a fresh one.
      // Raw: a probe of the pool's next connection, from no table.
      const { rows } = await database.db.execute(sql`select 1 as one`);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
