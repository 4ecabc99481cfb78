import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { auditLog, podcasts } from '../../db/schema';
import { Client, createTestContext, registeredClient, uploadFile, type TestContext } from '../../test/harness';
import { adminClient } from '../../test/factories';
import { NOT_VIMEO_LINK, NOT_YOUTUBE_LINK, PODCAST_NOT_FOUND } from '../../../shared/podcasts';

let ctx: TestContext;
let admin: Client;
let member: Client;
let visitor: Client;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await adminClient(ctx.app)).client;
  member = (await registeredClient(ctx.app)).client;
  visitor = new Client(ctx.app);
});
afterAll(async () => ctx?.close());
const db = () => ctx.database.db;

const MISSING = '00000000-0000-4000-8000-000000000000';
const png = () =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background: '#aa7722' } })
    .png()
    .toBuffer();
const fileOf = (url: string) => path.join(ctx.dataDir, 'uploads', url.replace('/uploads/', ''));
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
const rowOf = async (id: string) => (await db().select().from(podcasts).where(eq(podcasts.id, id)))[0];
let counter = 0;
const makePodcast = async (overrides: Partial<typeof podcasts.$inferInsert> = {}) => {
  const [row] = await db()
    .insert(podcasts)
    .values({ title: `Episode ${++counter}`, videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', ...overrides })
    .returning();
  return row!;
};

const valid = {
  title: '  Raising your first fund  ',
  description: 'How local founders raised.',
  mediaType: 'youtube',
  videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
  mediaUrl: '',
  guests: ' Ada Lovelace, , Grace Hopper ,',
  tags: 'funding,  startups ,',
  transcript: 'Full transcript',
  showNotes: 'Links mentioned',
  publishedAt: '2026-03-05T17:00:00.000Z',
};

describe('who may call the podcast admin routes', () => {
  it('refuses visitors (401) and members (403), and changes nothing', async () => {
    const podcast = await makePodcast({ title: 'Guarded' });
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/podcasts/${podcast.id}`],
      ['POST', '/api/podcasts', valid],
      ['PUT', `/api/podcasts/${podcast.id}`, valid],
      ['DELETE', `/api/podcasts/${podcast.id}`],
      ['DELETE', `/api/podcasts/${podcast.id}/thumbnail`],
    ];
    for (const [method, url, body] of routes) {
      expect((await visitor.request(method as 'GET', url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await member.request(method as 'GET', url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    for (const client of [visitor, member]) {
      const res = await uploadFile(ctx.app, client, `/api/podcasts/${podcast.id}/thumbnail`, await png());
      expect(res.statusCode).toBe(client === visitor ? 401 : 403);
    }
    expect((await rowOf(podcast.id))?.title).toBe('Guarded');
    expect(await db().select().from(podcasts).where(eq(podcasts.title, 'Raising your first fund'))).toHaveLength(0);
  });

  it('keeps the public list open to visitors', async () => {
    expect((await visitor.get('/api/podcasts')).statusCode).toBe(200);
  });
});

describe('POST /api/podcasts', () => {
  it('creates an episode: trimmed title, guests and tags split from comma-separated text', async () => {
    const res = await admin.post('/api/podcasts', valid);
    expect(res.statusCode).toBe(201);
    const created = res.json().podcast;
    expect(created).toMatchObject({
      title: 'Raising your first fund',
      guests: ['Ada Lovelace', 'Grace Hopper'],
      tags: ['funding', 'startups'],
      mediaUrl: null,
      publishedAt: '2026-03-05T17:00:00.000Z',
      viewCount: 0,
    });
    const row = await rowOf(created.id);
    expect(row).toMatchObject({
      title: 'Raising your first fund',
      mediaType: 'youtube',
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      guests: ['Ada Lovelace', 'Grace Hopper'],
      tags: ['funding', 'startups'],
      transcript: 'Full transcript',
      showNotes: 'Links mentioned',
    });
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, created.id));
    expect(audit).toHaveLength(1);
    // The public list follows by itself.
    const list = await visitor.get('/api/podcasts');
    expect(list.json().podcasts.map((p: { id: string }) => p.id)).toContain(created.id);
  });

  it('accepts lists too, an announced episode ("coming"), and a direct file; publishedAt defaults to now', async () => {
    const before = Date.now();
    const announced = await admin.post('/api/podcasts', { title: 'Soon', videoUrl: 'coming', guests: [' A ', ''] });
    expect(announced.statusCode).toBe(201);
    expect(announced.json().podcast).toMatchObject({
      videoUrl: 'coming',
      guests: ['A'],
      tags: [],
      mediaType: 'youtube',
    });
    expect(Date.parse(announced.json().podcast.publishedAt)).toBeGreaterThanOrEqual(before - 1000);
    const direct = await admin.post('/api/podcasts', {
      title: 'Audio only',
      mediaType: 'direct',
      mediaUrl: 'https://media.example/ep.mp3',
    });
    expect(direct.statusCode).toBe(201);
    expect(await rowOf(direct.json().podcast.id)).toMatchObject({ mediaType: 'direct', videoUrl: null });
  });

  it.each([
    [{ ...valid, title: '  ' }, 'Title is required'],
    [{ ...valid, mediaType: 'soundcloud' }, 'Media type must be youtube, vimeo or direct'],
    [{ ...valid, videoUrl: 'not a url' }, 'Video URL must be a URL'],
    [{ ...valid, mediaType: 'direct', mediaUrl: 'file:///etc/passwd' }, 'Media URL must be a URL'],
    [{ ...valid, videoUrl: 'https://www.youtube.com/watch?v=short' }, NOT_YOUTUBE_LINK],
    [{ ...valid, videoUrl: 'https://example.com/video' }, NOT_YOUTUBE_LINK],
    [{ ...valid, mediaType: 'vimeo', videoUrl: 'https://vimeo.com/channels/staff' }, NOT_VIMEO_LINK],
    [{ ...valid, publishedAt: 'yesterday' }, 'Published date'],
  ])('refuses bad input with 422 and a message, creating nothing (%#)', async (body, message) => {
    const before = (await db().select().from(podcasts)).length;
    const res = await admin.post('/api/podcasts', body);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toContain(message);
    expect(await db().select().from(podcasts)).toHaveLength(before);
  });
});

describe('GET /api/podcasts/:id', () => {
  it('answers every field for the edit form, and 404 for a missing or malformed id', async () => {
    const podcast = await makePodcast({ transcript: 'T', showNotes: 'N', guests: ['G'] });
    const res = await admin.get(`/api/podcasts/${podcast.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().podcast).toMatchObject({ id: podcast.id, transcript: 'T', showNotes: 'N', guests: ['G'] });
    for (const id of [MISSING, 'nope']) {
      const missing = await admin.get(`/api/podcasts/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe(PODCAST_NOT_FOUND);
    }
  });
});

describe('PUT /api/podcasts/:id', () => {
  it('replaces the fields, keeps publishedAt when it is left out, and records what changed', async () => {
    const podcast = await makePodcast({ title: 'Before', publishedAt: new Date('2025-01-02T03:04:05Z') });
    const { publishedAt: _omit, ...body } = valid;
    const res = await admin.request('PUT', `/api/podcasts/${podcast.id}`, {
      ...body,
      title: 'After',
      mediaType: 'vimeo',
      videoUrl: 'https://vimeo.com/76979871',
    });
    expect(res.statusCode).toBe(200);
    expect(await rowOf(podcast.id)).toMatchObject({
      title: 'After',
      mediaType: 'vimeo',
      videoUrl: 'https://vimeo.com/76979871',
      guests: ['Ada Lovelace', 'Grace Hopper'],
      publishedAt: new Date('2025-01-02T03:04:05Z'),
    });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.targetId, podcast.id));
    expect(audit?.changes).toMatchObject({ title: { before: 'Before', after: 'After' } });
  });

  it('answers 422 for bad input and 404 for a missing episode, changing nothing', async () => {
    const podcast = await makePodcast({ title: 'Unchanged' });
    const bad = await admin.request('PUT', `/api/podcasts/${podcast.id}`, {
      ...valid,
      thumbnail: 1,
      videoUrl: 'https://youtube.com/watch?v=abc',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.message).toContain(NOT_YOUTUBE_LINK);
    expect((await rowOf(podcast.id))?.title).toBe('Unchanged');
    const missing = await admin.request('PUT', `/api/podcasts/${MISSING}`, valid);
    expect(missing.statusCode).toBe(404);
  });
});

describe('DELETE /api/podcasts/:id', () => {
  it('deletes the episode and its thumbnail file; it leaves the public list', async () => {
    const podcast = await makePodcast();
    const upload = await uploadFile(ctx.app, admin, `/api/podcasts/${podcast.id}/thumbnail`, await png());
    const thumbnail = fileOf(upload.json().thumbnailUrl);
    expect(await exists(thumbnail)).toBe(true);
    expect((await visitor.get('/api/podcasts')).json().podcasts.map((p: { id: string }) => p.id)).toContain(podcast.id);

    const res = await admin.request('DELETE', `/api/podcasts/${podcast.id}`);
    expect(res.statusCode).toBe(200);
    expect(await rowOf(podcast.id)).toBeUndefined();
    expect(await exists(thumbnail)).toBe(false);
    expect((await visitor.get('/api/podcasts')).json().podcasts.map((p: { id: string }) => p.id)).not.toContain(
      podcast.id,
    );
    expect((await admin.request('DELETE', `/api/podcasts/${podcast.id}`)).statusCode).toBe(404);
  });
});

describe('podcast thumbnail', () => {
  it('stores a re-encoded image under podcast-images/thumbnails; a replacement and a removal delete the old file', async () => {
    const podcast = await makePodcast();
    const first = await uploadFile(ctx.app, admin, `/api/podcasts/${podcast.id}/thumbnail`, await png());
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json().thumbnailUrl as string;
    expect(firstUrl).toMatch(/^\/uploads\/podcast-images\/thumbnails\/.+\.webp$/);
    const meta = await sharp(await readFile(fileOf(firstUrl))).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 1280]);
    expect((await rowOf(podcast.id))?.thumbnailUrl).toBe(firstUrl);

    const second = await uploadFile(ctx.app, admin, `/api/podcasts/${podcast.id}/thumbnail`, await png());
    const secondUrl = second.json().thumbnailUrl as string;
    expect(await exists(fileOf(firstUrl))).toBe(false);
    expect(await exists(fileOf(secondUrl))).toBe(true);
    expect((await rowOf(podcast.id))?.thumbnailUrl).toBe(secondUrl);

    const removed = await admin.request('DELETE', `/api/podcasts/${podcast.id}/thumbnail`);
    expect(removed.statusCode).toBe(200);
    expect(await exists(fileOf(secondUrl))).toBe(false);
    expect((await rowOf(podcast.id))?.thumbnailUrl).toBeNull();
  });

  it('refuses a file that is not an image (422) and a missing episode (404)', async () => {
    const podcast = await makePodcast();
    const fake = await uploadFile(
      ctx.app,
      admin,
      `/api/podcasts/${podcast.id}/thumbnail`,
      Buffer.from('GIF89a nope'),
      'x.gif',
      'image/gif',
    );
    expect(fake.statusCode).toBe(422);
    expect((await rowOf(podcast.id))?.thumbnailUrl).toBeNull();
    expect((await uploadFile(ctx.app, admin, `/api/podcasts/${MISSING}/thumbnail`, await png())).statusCode).toBe(404);
    expect((await admin.request('DELETE', `/api/podcasts/${MISSING}/thumbnail`)).statusCode).toBe(404);
  });
});
