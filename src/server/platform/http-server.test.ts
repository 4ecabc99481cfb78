import { request as httpRequest } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createMembers } from '../test/factories';
import { Client, createTestContext, registeredClient, type TestContext } from '../test/harness';

// The listening server writes a visitor's published answer before Fastify sees the request
// (http-server.ts). It must be the answer the route and the first hook give: same body, same
// headers, the same 304, and never for a request that carries a session.

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    httpRequest(base + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('answers before Fastify', () => {
  let ctx: TestContext;
  let base: string;
  let path: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { db } = ctx.app.services;
    // Enough attendees that the answer is kept compressed too.
    const event = await createEvent(db);
    const members = await createMembers(db, 60, 'early');
    const { eventAttendees } = await import('../db/schema');
    await db
      .insert(eventAttendees)
      .values(members.map((m) => ({ eventId: event.id, userId: m.id, status: 'attending' })));
    path = `/api/events/${event.id}`;
  });
  afterAll(async () => ctx?.close());

  it("gives a visitor's repeat read the route's own answer, byte for byte, with every header", async () => {
    const routed = await get(base, path);
    expect(routed.status).toBe(200);
    expect(routed.headers['x-cache']).toBeUndefined();
    const injected = await new Client(ctx.app).get(path);
    expect(injected.headers['x-cache']).toBe('hit');

    const early = await get(base, path);
    expect(early.status).toBe(200);
    expect(early.headers['x-cache']).toBe('hit');
    expect(early.body.equals(routed.body)).toBe(true);
    for (const name of [
      'etag',
      'cache-control',
      'vary',
      'content-type',
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'cross-origin-resource-policy',
    ]) {
      expect(early.headers[name], name).toBe(routed.headers[name]);
      expect(early.headers[name], name).toBe(injected.headers[name]);
    }
    expect(Number(early.headers['content-length'])).toBe(early.body.length);
  });

  it('answers in brotli when asked, and 304 for the copy the browser has', async () => {
    const plain = await get(base, path);
    const br = await get(base, path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['x-cache']).toBe('hit');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

    const unchanged = await get(base, path, { 'if-none-match': String(plain.headers.etag) });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);
    expect(unchanged.headers.etag).toBe(plain.headers.etag);
  });

  it("never answers a member's read early: it carries their own registration", async () => {
    await get(base, path);
    const { client } = await registeredClient(ctx.app);
    await client.request('PUT', `${path}/registration`, { status: 'attending' });
    const cookie = client.cookieHeader;
    const mine = await get(base, path, { cookie });
    expect(mine.headers['x-cache']).toBeUndefined();
    expect(JSON.parse(mine.body.toString()).registration.status).toBe('attending');
  });
});
