import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { profiles } from '../db/schema';
import { IMAGE_WIDTHS, imageWidths } from '../../shared/image-widths';
import { registeredClient, uploadFile, type Client } from '../test/harness';
import { adminClient } from '../test/factories';
import { buildCustomApp, createServerDatabase, type CustomApp } from '../test/custom-apps';
import { HttpError } from './errors';
import { s3Storage, STORAGE_UNAVAILABLE_MESSAGE } from './storage';

// A real S3-protocol server (s3rver) on loopback, in a folder of its own; the app's storage is
// s3Storage pointed at it, path-style, as it would be at MinIO.
const BUCKET = 'power-mixer-test';
let s3dir: string;
let s3: S3rver | null;
let endpoint: string;

async function startS3(port = 0) {
  s3 = new S3rver({ address: '127.0.0.1', port, directory: s3dir, silent: true, configureBuckets: [{ name: BUCKET }] });
  const address = await s3.run();
  endpoint = `http://127.0.0.1:${address.port}`;
}
async function stopS3() {
  await s3?.close();
  s3 = null;
}

const s3Config = (env: Record<string, string> = {}) =>
  loadConfig({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    // s3rver checks signatures made with its fixed credentials.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    ...env,
  });

const png = (width: number, height: number, background = '#c0392b') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** What a browser would get for the URL: status, type and bytes, straight from the store. */
async function fetchObject(url: string) {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  s3dir = await mkdtemp(path.join(tmpdir(), 'power-mixer-s3-'));
  await startS3();
});
afterAll(async () => {
  await stopS3();
  await rm(s3dir, { recursive: true, force: true });
});

describe('s3Storage', () => {
  it('puts an object whose public URL serves its bytes, and removes it', async () => {
    const storage = s3Storage(s3Config());
    const body = Buffer.from('RIFF-not-really-webp');
    const url = await storage.put('avatars', 'someone/picture.webp', body, 'image/webp');
    expect(url).toBe(`${endpoint}/${BUCKET}/avatars/someone/picture.webp`);
    expect(storage.locate(url)).toEqual({ bucket: 'avatars', key: 'someone/picture.webp' });
    const got = await fetchObject(url);
    expect(got).toMatchObject({ status: 200, type: 'image/webp' });
    expect(got.bytes.equals(body)).toBe(true);

    await storage.remove('avatars', 'someone/picture.webp');
    expect((await fetchObject(url)).status).toBe(404);
    // Removing what is gone already is no error.
    await expect(storage.remove('avatars', 'someone/picture.webp')).resolves.toBeUndefined();
  });

  it('answers a 503 with a human message when the bucket does not exist', async () => {
    const storage = s3Storage(s3Config({ S3_BUCKET: 'no-such-bucket' }));
    const error = await storage.put('avatars', 'x/a.webp', Buffer.from('x'), 'image/webp').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 503, code: 'STORAGE_UNAVAILABLE', message: STORAGE_UNAVAILABLE_MESSAGE });
    expect((error as Error).cause).toMatchObject({ name: 'NoSuchBucket' });
  });

  it('gives up on a store that accepts connections but never answers, within its time limit', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const storage = s3Storage(s3Config({ S3_ENDPOINT: `http://127.0.0.1:${port}` }), { timeoutMs: 500 });
      const started = Date.now();
      const error = await storage.put('avatars', 'x/a.webp', Buffer.from('x'), 'image/webp').catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(error).toMatchObject({ statusCode: 503, code: 'STORAGE_UNAVAILABLE' });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('uploads through the routes, stored in S3', () => {
  let shared: { url: string; drop(): Promise<void> } | null;
  let ctx: CustomApp;
  beforeAll(async () => {
    shared = await createServerDatabase();
    const config = s3Config();
    ctx = await buildCustomApp(
      shared?.url ?? 'memory://',
      { S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint },
      s3Storage(config, { timeoutMs: 2_000 }),
    );
  });
  afterAll(async () => {
    await ctx?.close();
    await shared?.drop();
  });

  const avatarOf = async (userId: string) =>
    (await ctx.app.services.db.select().from(profiles).where(eq(profiles.id, userId)))[0]!.avatarUrl;

  let member: { client: Client; user: { id: string } };
  let firstUrl: string;

  it('stores an avatar in the bucket: the URL it answers serves the re-encoded image', async () => {
    member = await registeredClient(ctx.app);
    const res = await uploadFile(ctx.app, member.client, '/api/me/avatar', await png(600, 450));
    expect(res.statusCode).toBe(200);
    firstUrl = res.json().avatarUrl;
    expect(firstUrl.startsWith(`${endpoint}/${BUCKET}/avatars/${member.user.id}/`)).toBe(true);
    expect(await avatarOf(member.user.id)).toBe(firstUrl);

    const got = await fetchObject(firstUrl);
    expect(got).toMatchObject({ status: 200, type: 'image/webp' });
    const meta = await sharp(got.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 400 });
  });

  it('deletes the old object when the avatar is replaced, and the new one when it is removed', async () => {
    const res = await uploadFile(ctx.app, member.client, '/api/me/avatar', await png(300, 300, '#2980b9'));
    expect(res.statusCode).toBe(200);
    const secondUrl = res.json().avatarUrl as string;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await fetchObject(secondUrl)).status).toBe(200);
    expect((await fetchObject(firstUrl)).status).toBe(404);

    const removed = await member.client.request('DELETE', '/api/me/avatar');
    expect(removed.statusCode).toBe(200);
    expect(await avatarOf(member.user.id)).toBeNull();
    expect((await fetchObject(secondUrl)).status).toBe(404);
  });

  it('stores an event image with its narrower copies, and removes them all', async () => {
    const { client: admin } = await adminClient(ctx.app);
    const res = await uploadFile(ctx.app, admin, '/api/admin/event-images?folder=events', await png(1400, 700));
    expect(res.statusCode).toBe(200);
    const url = res.json().url as string;
    expect(url.startsWith(`${endpoint}/${BUCKET}/event-images/events/`)).toBe(true);
    const copies = imageWidths(url)?.copies.map((c) => c.path) ?? [];
    expect(copies).toHaveLength(IMAGE_WIDTHS.filter((w) => w < 1400).length);
    for (const each of [url, ...copies]) expect((await fetchObject(each)).status).toBe(200);

    const removed = await admin.request('DELETE', `/api/admin/event-images?url=${encodeURIComponent(url)}`);
    expect(removed.statusCode).toBe(200);
    for (const each of [url, ...copies]) expect((await fetchObject(each)).status).toBe(404);
  });

  it('answers 503 with a clear message when the store is down, and leaves the profile as it was', async () => {
    const upload = await uploadFile(ctx.app, member.client, '/api/me/avatar', await png(200, 200));
    expect(upload.statusCode).toBe(200);
    const kept = upload.json().avatarUrl as string;

    await stopS3();
    const res = await uploadFile(ctx.app, member.client, '/api/me/avatar', await png(200, 200, '#16a085'));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 'STORAGE_UNAVAILABLE', message: STORAGE_UNAVAILABLE_MESSAGE } });
    expect(await avatarOf(member.user.id)).toBe(kept);

    // Back up on the same address, the avatar that stayed is still served.
    await startS3(Number(new URL(kept).port));
    expect((await fetchObject(kept)).status).toBe(200);
  });
});
