import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { localStorage } from '../platform/storage';
import { buildApp, type App, type BuildOptions } from '../app';

export const ORIGIN = 'http://localhost:3000';

export interface TestContext {
  app: App;
  database: Database;
  dataDir: string;
  /** The PostgreSQL database's address (TEST_DATABASE_URL runs), for a second process. */
  databaseUrl: string | null;
  close(): Promise<void>;
}

/** A fresh database for one test file: in-memory PGlite by default, or, with
 * TEST_DATABASE_URL set, a new database created on that PostgreSQL server. */
async function freshDatabase(): Promise<{ database: Database; url: string | null; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase('memory://');
    return { database, url: null, drop: async () => undefined };
  }
  const name = `pm_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase(url.toString());
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestContext(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'clock' | 'jobs' | 'webRoot'> = {},
): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'power-mixer-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    // Every read sees every write at once; the cache tests set the visitors' allowance themselves.
    CACHE_STALE_MS: '0',
    ...env,
  });
  const { database, url, drop } = await freshDatabase();
  const app = await buildApp({
    config,
    database,
    storage: localStorage(path.join(dataDir, 'uploads')),
    webRoot: null,
    ...options,
  });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    databaseUrl: url,
    async close() {
      await app.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let ipCounter = 1;
/** A distinct client address per test, so rate limits do not leak between tests. */
export const nextIp = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

/** A tiny cookie-keeping client over app.inject, like a browser on our origin. */
export class Client {
  cookies = new Map<string, string>();
  constructor(
    private app: App,
    readonly ip = nextIp(),
  ) {}

  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    // Like a person who clicks after a test's factories wrote straight to the database: their
    // changes have reached the server (on PostgreSQL they travel on another connection).
    await this.app.services.changes.caughtUp();
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        origin: ORIGIN,
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', url, body, headers);
}

let userCounter = 0;
export function newMember(
  overrides: Partial<{ email: string; username: string; fullName: string; password: string }> = {},
) {
  const n = `${process.pid}${++userCounter}`;
  return {
    email: `member${n}@example.com`,
    username: `member${n}`,
    fullName: `Member ${n}`,
    password: 'correct horse battery',
    ...overrides,
  };
}

/** Registers a member and returns a signed-in client. */
export async function registeredClient(app: App, overrides: Parameters<typeof newMember>[0] = {}) {
  const client = new Client(app);
  const input = newMember(overrides);
  const res = await client.post('/api/auth/register', input);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { client, input, user: res.json().user as { id: string; username: string } };
}

/** A multipart/form-data body with one file, as a browser's upload sends it. */
export function multipartBody(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = '----pmtest' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads a file as `client` (field "file"). */
export function uploadFile(
  app: App,
  client: Client,
  url: string,
  bytes: Buffer,
  filename = 'image.png',
  type = 'image/png',
) {
  const body = multipartBody('file', filename, type, bytes);
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: client.ip,
    headers: { origin: ORIGIN, cookie: client.cookieHeader, 'content-type': body.contentType },
    payload: body.payload,
  });
}
