import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { LISTEN_APPLICATION_NAME, openDatabase, type Database } from '../db/client';
import { buildApp, type App } from '../app';
import { profiles } from '../db/schema';
import { adminClient, createEvent } from '../test/factories';
import { Client, registeredClient } from '../test/harness';
import type { RealtimeNotice } from '../../shared/realtime';

/** Polls `read` every 20 ms until `done` holds or `ms` pass; returns the last value. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 1_000): Promise<T> {
  const until = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 20));
    value = await read();
  }
  return value;
}

// Two server processes share one PostgreSQL database: a write through one must drop the
// cached answers of the other (NOTIFY), and live notices must cross too.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('several server processes (PostgreSQL)', () => {
  const name = `pm_test_multi_${process.pid}_${Date.now()}`;
  let url: string;
  const apps: App[] = [];
  const databases: Database[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(serverUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase(url);
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000' });
      const app = await buildApp({ config, database, webRoot: null });
      await app.ready();
      apps.push(app);
      databases.push(database);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const d of databases) await d.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it("a registration through one process refreshes the other process's cached event", async () => {
    const [one, two] = apps as [App, App];
    const event = await createEvent(databases[0]!.db, { name: 'Shared cache mixer' });
    const before = await two.inject(`/api/events/${event.id}`);
    expect(before.json().event.attendeeCount).toBe(0);

    const { client } = await registeredClient(one);
    const res = await client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
    expect(res.statusCode).toBe(200);

    let count = 0;
    for (let i = 0; i < 50 && count === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      count = (await two.inject(`/api/events/${event.id}`)).json().event.attendeeCount;
    }
    expect(count).toBe(1);
  });

  it('signing out through one process ends the session in the other at once, though it was cached there', async () => {
    const [one, two] = apps as [App, App];
    const { client } = await registeredClient(one);
    const cookie = client.cookieHeader;
    expect((await two.inject({ url: '/api/messages', headers: { cookie } })).statusCode).toBe(200);
    expect((await client.post('/api/auth/sign-out')).statusCode).toBe(200);
    let status = 200;
    // Well inside the cache's 5 s: only the invalidation notice can make it 401 this soon.
    for (let i = 0; i < 50 && status === 200; i++) {
      await new Promise((r) => setTimeout(r, 20));
      status = (await two.inject({ url: '/api/messages', headers: { cookie } })).statusCode;
    }
    expect(status).toBe(401);
  });

  it('a message sent through one process is announced to its recipient connected to the other', async () => {
    const [one, two] = apps as [App, App];
    const sender = await registeredClient(one);
    const recipient = await registeredClient(one);
    const received: string[] = [];
    const unsubscribe = two.services.realtime.subscribe(recipient.user.id, (n) => received.push(n.kind));
    const res = await sender.client.post('/api/messages', {
      to: recipient.user.username,
      subject: 'Across processes',
      content: 'Hello from process one',
    });
    expect(res.statusCode).toBe(201);
    for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    unsubscribe();
    expect(received).toEqual(['messages']);
  });

  it("a rename through one process shows on the other process's cached event page within a fraction of a second", async () => {
    const [one, two] = apps as [App, App];
    const event = await createEvent(databases[0]!.db);
    const { client, user } = await registeredClient(one);
    await client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
    const names = async () =>
      ((await two.inject(`/api/events/${event.id}`)).json().event.attendees as { user: { username: string } }[]).map(
        (a) => a.user.username,
      );
    expect(await eventually(names, (n) => n[0] === user.username)).toEqual([user.username]);
    const renamed = `${user.username}.two`;
    const started = Date.now();
    expect((await client.request('PATCH', '/api/me/profile', { username: renamed })).statusCode).toBe(200);
    expect(await eventually(names, (n) => n[0] === renamed, 500)).toEqual([renamed]);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('an admin demoted through one process loses admin rights in the other on the next request', async () => {
    const [one, two] = apps as [App, App];
    const { client, admin } = await adminClient(one);
    const onTwo = () => two.inject({ url: '/api/dev/mailbox', headers: { cookie: client.cookieHeader } });
    expect((await onTwo()).statusCode).toBe(200); // now cached in process two
    await databases[0]!.db.update(profiles).set({ isAdmin: false }).where(eq(profiles.id, admin.id));
    expect((await eventually(onTwo, (r) => r.statusCode === 403, 500)).statusCode).toBe(403);
  });

  it('when the listening connections are killed, they reconnect: streams are told to refetch, then invalidation and notices resume', async () => {
    const [one, two] = apps as [App, App];
    const event = await createEvent(databases[0]!.db, { name: 'Before the outage' });
    const sender = await registeredClient(one);
    const recipient = await registeredClient(one);
    const received: RealtimeNotice[] = [];
    const unsubscribe = two.services.realtime.subscribe(recipient.user.id, (n) => received.push(n));
    const name = async () => (await two.inject(`/api/events/${event.id}`)).json().event.name as string;
    expect(await name()).toBe('Before the outage');

    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const killed = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
      [LISTEN_APPLICATION_NAME],
    );
    await admin.end();
    expect(killed.rowCount).toBe(2);

    // Both processes notice the loss and reconnect by themselves; open streams are told to refetch.
    await eventually(
      async () => received,
      (r) => r.some((n) => n.kind === 'refetch'),
      5_000,
    );
    expect(received.some((n) => n.kind === 'refetch')).toBe(true);
    await eventually(
      async () => one.services.changes.live && two.services.changes.live,
      (live) => live,
      5_000,
    );

    await databases[0]!.db.execute(sql`update events set name = 'After the outage' where id = ${event.id}`);
    expect(await eventually(name, (n) => n === 'After the outage', 3_000)).toBe('After the outage');
    // The cache works again: the next visitor read is a hit.
    expect((await new Client(two).get(`/api/events/${event.id}`)).headers['x-cache']).toBe('hit');

    received.length = 0;
    const res = await sender.client.post('/api/messages', {
      to: recipient.user.username,
      subject: 'After the outage',
      content: 'Still there?',
    });
    expect(res.statusCode).toBe(201);
    await eventually(
      async () => received,
      (r) => r.some((n) => n.kind === 'messages'),
      3_000,
    );
    unsubscribe();
    expect(received.map((n) => n.kind)).toContain('messages');
  });
});
