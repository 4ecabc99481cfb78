import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { user } from '../db/schema';
import { buildApp, type App } from '../app';
import { localStorage } from './storage';
import { Client, createTestContext, ORIGIN, type TestContext } from '../test/harness';
import { createMembers } from '../test/factories';
import { fixedPart, safeError } from './logging';

// Errors are logged without the request values they carry: e-mail addresses, message text.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const EMAIL = 'private.person@example.com';

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the query to fail');
}

describe('safeError', () => {
  it('logs a failed insert by its constraint and SQL, not the e-mail in its parameters or detail', async () => {
    const insert = () => db().insert(user).values({ id: randomUUID(), name: 'Private Person', email: EMAIL });
    await insert();
    const error = await failure(insert);

    // What the default serializer would have written: the e-mail, twice over.
    const unsafe = JSON.stringify(pino.stdSerializers.err(error as Error));
    expect(unsafe).toContain(EMAIL);

    const safe = safeError(error);
    const text = JSON.stringify(safe);
    expect(text).not.toContain('private.person');
    expect(text).not.toContain('Private Person');
    expect(text).not.toMatch(/already exists|Key \(/);
    expect(safe).toMatchObject({ type: 'DrizzleQueryError', message: 'Failed query' });
    expect(safe.query).toMatch(/^insert into "user" .*\$1/);
    expect(safe.stack).toMatch(/^\s+at /);
    expect(safe.cause).toMatchObject({ code: '23505', constraint: 'user_email_unique', table: 'user' });
    expect(safe.cause?.message).toBe('duplicate key value violates unique constraint');
  });

  it('cuts a PostgreSQL message where it quotes the value', async () => {
    const error = await failure(() => db().execute(sql`select 1 from events where id = ${EMAIL}`));
    expect(JSON.stringify(pino.stdSerializers.err(error as Error))).toContain(EMAIL);
    const safe = safeError(error);
    expect(JSON.stringify(safe)).not.toContain('private.person');
    expect(safe.cause).toMatchObject({ code: '22P02', message: 'invalid input syntax for type uuid' });
  });

  it('keeps the fixed part of any other message', () => {
    expect(fixedPart("Cannot read properties of undefined (reading 'email')")).toBe(
      "Cannot read properties of undefined (reading '…')",
    );
    expect(fixedPart(`Can't send mail - all recipients were rejected: 550 5.1.1 <${EMAIL}>: unknown`)).toBe(
      "Can't send mail - all recipients were rejected",
    );
    expect(fixedPart(`Unexpected token 'p', "${EMAIL}" is not valid JSON`)).toBe("Unexpected token '…',");
    expect(fixedPart(`no profile for ${EMAIL} or 7045551234`)).toBe('no profile for …@… or …');
    expect(fixedPart('first line\nsecond line with private text')).toBe('first line');
  });

  it('drops the message lines that head a stack, keeping its frames', () => {
    const error = new Error(`lookup failed\n    at ${EMAIL}`);
    error.stack = `Error: lookup failed\n    at ${EMAIL}\n    at lookup (file:///app/x.ts:1:1)`;
    expect(safeError(error).stack).toBe('    at lookup (file:///app/x.ts:1:1)');
  });

  it('serialises anything thrown, and passes what it made unchanged', () => {
    expect(safeError('a thrown string with private text')).toEqual({ type: 'string', message: '', stack: '' });
    const once = safeError(new TypeError('x is not a function'));
    expect(safeError(once)).toBe(once);
    expect(once).toMatchObject({ type: 'TypeError', message: 'x is not a function' });
  });
});

/** A second app on the test database whose log lines (level info) are collected in `lines`. */
async function appLoggingTo(lines: string[]): Promise<App> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: ctx.dataDir, PUBLIC_URL: ORIGIN });
  const app = await buildApp({
    config,
    database: ctx.database,
    storage: localStorage(path.join(ctx.dataDir, 'uploads')),
    webRoot: null,
    logStream: { write: (line) => void lines.push(line) },
  });
  await app.ready();
  return app;
}

describe('the server log when a request fails', () => {
  let app: App;
  const lines: string[] = [];
  beforeAll(async () => {
    app = await appLoggingTo(lines);
  });
  afterAll(async () => app?.close());

  it('names the failure (code, constraint, SQL) and none of the values sent', async () => {
    // The database refuses the row, quoting the sender's e-mail and message as PostgreSQL does.
    await db().execute(
      sql.raw(`create or replace function pm_test_refuse_contact() returns trigger
      language plpgsql as $$ begin
        raise exception 'refused row for %', new.email
          using errcode = '23514', constraint = 'contact_test_refusal', table = 'contact_messages',
                detail = 'Failing row contains (' || new.email || ', ' || new.message || ').';
      end $$`),
    );
    await db().execute(
      sql.raw(`create trigger pm_test_refuse_contact before insert on contact_messages
        for each row execute function pm_test_refuse_contact()`),
    );
    try {
      const res = await new Client(app).post('/api/contact', {
        fullName: 'Dana Secretname',
        email: 'dana.secret@example.org',
        subject: 'A very private subject',
        message: 'Please keep this private message text out of every log.',
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await db().execute(sql.raw('drop trigger pm_test_refuse_contact on contact_messages'));
    }

    const log = lines.join('');
    for (const value of ['dana.secret', 'Secretname', 'very private subject', 'private message text']) {
      expect(log).not.toContain(value);
    }
    const failed = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request failed');
    expect(failed).toMatchObject({ level: 50, method: 'POST', route: '/api/contact' });
    expect(failed.err.type).toBe('DrizzleQueryError');
    expect(failed.err.query).toMatch(/insert into "contact_messages"/);
    expect(failed.err.cause).toMatchObject({ code: '23514', constraint: 'contact_test_refusal' });
    expect(failed.err.cause.message).toBe('refused row for …@…');
  });
});

describe('the request log', () => {
  it('names the path, never the query string', async () => {
    const lines: string[] = [];
    const app = await appLoggingTo(lines);
    await app.inject('/api/members?q=private.search.words');
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/api/members');
    expect(log).not.toContain('private.search.words');
  });

  it("names a member's calendar feed by its route, never its token", async () => {
    const [member] = await createMembers(db(), 1, 'logfeed');
    const token = randomBytes(32).toString('base64url');
    await db().execute(sql`insert into calendar_feeds (user_id, token) values (${member!.id}, ${token})`);
    const lines: string[] = [];
    const app = await appLoggingTo(lines);
    expect((await app.inject(`/calendar/${token}.ics`)).statusCode).toBe(200);
    expect((await app.inject(`/calendar/${token.slice(1)}.ics`)).statusCode).toBe(404);
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/calendar/:token.ics');
    expect(log).not.toContain(token.slice(1));
  });
});
