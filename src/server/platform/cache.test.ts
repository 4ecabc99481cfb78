import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { buildApp, type App } from '../app';
import { createEvent } from '../test/factories';
import { registeredClient } from '../test/harness';

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
});
