import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  ORIGIN,
  createTestContext,
  multipartBody,
  registeredClient,
  uploadFile,
  type TestContext,
} from '../../test/harness';
import { FORUM_IMAGE_RATE, IMAGE_TOO_LARGE, NOT_AN_IMAGE } from './routes';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const URL = '/api/uploads/forum-images';
const png = (width = 2400, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: '#3355aa' } })
    .png()
    .toBuffer();

describe('POST /api/uploads/forum-images', () => {
  it('stores a member’s real image in forum-images, re-encoded and scaled, and serves it', async () => {
    const { client, user } = await registeredClient(ctx.app);
    const res = await uploadFile(ctx.app, client, URL, await png(), 'photo.png', 'image/png');
    expect(res.statusCode).toBe(200);
    const url = res.json().url as string;
    // Named with its width: narrower copies for small screens were stored beside it.
    expect(url).toMatch(new RegExp(`^/uploads/forum-images/${user.id}/\\d{13}-[0-9a-f]+-w1600\\.webp$`));

    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 800]);
    const copy = await ctx.app.inject({ method: 'GET', url: url.replace('-w1600.webp', '-w480.webp') });
    expect(copy.statusCode).toBe(200);
    const copyMeta = await sharp(copy.rawPayload).metadata();
    expect([copyMeta.format, copyMeta.width, copyMeta.height]).toEqual(['webp', 480, 240]);
  });

  it('refuses a visitor with 401', async () => {
    const body = multipartBody('file', 'photo.png', 'image/png', await png(10, 10));
    const res = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: { origin: ORIGIN, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a file declared as something other than an image with 415 and a message', async () => {
    const { client } = await registeredClient(ctx.app);
    const res = await uploadFile(ctx.app, client, URL, Buffer.from('%PDF-1.4 hello'), 'doc.pdf', 'application/pdf');
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe(NOT_AN_IMAGE);
  });

  it('refuses bytes that are no image even when named and typed as one with 422', async () => {
    const { client } = await registeredClient(ctx.app);
    const res = await uploadFile(ctx.app, client, URL, Buffer.from('<svg onload=alert(1)>'), 'x.png', 'image/png');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/choose an image file/i);
  });

  it('takes the formats its message names and refuses the others the decoder could read (SVG, TIFF)', async () => {
    const { client } = await registeredClient(ctx.app);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#4f46e5"/></svg>',
    );
    const pixels = sharp({ create: { width: 40, height: 40, channels: 3, background: '#4f46e5' } });
    const refused: [string, Buffer, string][] = [
      ['logo.svg', svg, 'image/svg+xml'],
      ['scan.tiff', await pixels.clone().tiff().toBuffer(), 'image/tiff'],
    ];
    for (const [name, bytes, type] of refused) {
      const res = await uploadFile(ctx.app, client, URL, bytes, name, type);
      expect(res.statusCode, name).toBe(422);
      expect(res.json().error.message, name).toBe(NOT_AN_IMAGE);
    }
    const taken: [string, Buffer, string][] = [
      ['a.jpg', await pixels.clone().jpeg().toBuffer(), 'image/jpeg'],
      ['a.png', await pixels.clone().png().toBuffer(), 'image/png'],
      ['a.webp', await pixels.clone().webp().toBuffer(), 'image/webp'],
      ['a.gif', await pixels.clone().gif().toBuffer(), 'image/gif'],
      ['a.avif', await pixels.clone().avif().toBuffer(), 'image/avif'],
    ];
    for (const [name, bytes, type] of taken) {
      const res = await uploadFile(ctx.app, client, URL, bytes, name, type);
      expect(res.statusCode, name).toBe(200);
    }
  });

  it('refuses an image over 10 MB with 413 and a message', async () => {
    const { client } = await registeredClient(ctx.app);
    const huge = Buffer.concat([await png(10, 10), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const res = await uploadFile(ctx.app, client, URL, huge, 'huge.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(IMAGE_TOO_LARGE);
  });

  it('refuses a request without a file with 400', async () => {
    const { client } = await registeredClient(ctx.app);
    const res = await client.post(URL, {});
    expect(res.statusCode).toBe(400);
  });

  it('limits how many images one member uploads in a window (429)', async () => {
    const { client } = await registeredClient(ctx.app);
    const tiny = await png(4, 4);
    const statuses: number[] = [];
    for (let i = 0; i <= FORUM_IMAGE_RATE.limit; i++) {
      statuses.push((await uploadFile(ctx.app, client, URL, tiny, 'a.png', 'image/png')).statusCode);
    }
    expect(statuses.slice(0, FORUM_IMAGE_RATE.limit).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another member is not affected.
    const other = await registeredClient(ctx.app);
    expect((await uploadFile(ctx.app, other.client, URL, tiny, 'a.png', 'image/png')).statusCode).toBe(200);
  });
});
