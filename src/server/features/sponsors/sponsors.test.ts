import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { auditLog, eventSponsors, sponsors } from '../../db/schema';
import { Client, createTestContext, registeredClient, uploadFile, type TestContext } from '../../test/harness';
import { adminClient, createEvent, createSponsor } from '../../test/factories';
import { SPONSOR_NOT_FOUND, WEBSITE_NOT_URL } from '../../../shared/sponsors';

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
  sharp({ create: { width: 1200, height: 600, channels: 3, background: '#2255aa' } })
    .png()
    .toBuffer();
const fileOf = (url: string) => path.join(ctx.dataDir, 'uploads', url.replace('/uploads/', ''));
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
const rowOf = async (id: string) => (await db().select().from(sponsors).where(eq(sponsors.id, id)))[0];
const valid = {
  name: '  Acme Title Co  ',
  level: 'Title Sponsor',
  info: 'Closings done right',
  website: 'https://acme.example',
};

describe('who may call the sponsor routes', () => {
  const routes = (id: string): [string, string, unknown?][] => [
    ['GET', '/api/sponsors'],
    ['GET', `/api/sponsors/${id}`],
    ['POST', '/api/sponsors', valid],
    ['PUT', `/api/sponsors/${id}`, valid],
    ['DELETE', `/api/sponsors/${id}`],
    ['DELETE', `/api/sponsors/${id}/logo`],
  ];

  it('refuses visitors (401) and members (403), and changes nothing', async () => {
    const event = await createEvent(db());
    const sponsor = await createSponsor(db(), event.id, { name: 'Guarded Sponsor' });
    for (const [method, url, body] of routes(sponsor.id)) {
      const asVisitor = await visitor.request(method as 'GET', url, body);
      expect(asVisitor.statusCode, `${method} ${url}`).toBe(401);
      const asMember = await member.request(method as 'GET', url, body);
      expect(asMember.statusCode, `${method} ${url}`).toBe(403);
    }
    for (const client of [visitor, member]) {
      const res = await uploadFile(ctx.app, client, `/api/sponsors/${sponsor.id}/logo`, await png());
      expect(res.statusCode).toBe(client === visitor ? 401 : 403);
    }
    expect((await rowOf(sponsor.id))?.name).toBe('Guarded Sponsor');
    expect(await db().select().from(sponsors).where(eq(sponsors.name, 'Acme Title Co'))).toHaveLength(0);
  });
});

describe('GET /api/sponsors', () => {
  it('lists every sponsor sorted by name with the fields the forms use', async () => {
    const event = await createEvent(db());
    await createSponsor(db(), event.id, { name: 'Zeta Bank', level: 'Title Sponsor', website: 'https://zeta.example' });
    await createSponsor(db(), event.id, { name: 'alpha Realty' });
    const res = await admin.get('/api/sponsors');
    expect(res.statusCode).toBe(200);
    const list = res.json().sponsors as { name: string }[];
    const names = list.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const zeta = list.find((s) => s.name === 'Zeta Bank');
    expect(zeta).toEqual({
      id: expect.any(String),
      name: 'Zeta Bank',
      level: 'Title Sponsor',
      logoUrl: null,
      website: 'https://zeta.example',
      info: null,
    });
    expect(list.find((s) => s.name === 'alpha Realty')).toMatchObject({ level: 'Event Sponsor' });
  });
});

describe('GET /api/sponsors/:id', () => {
  it('answers one sponsor, and 404 for a missing or malformed id', async () => {
    const event = await createEvent(db());
    const sponsor = await createSponsor(db(), event.id, { name: 'Findable' });
    const res = await admin.get(`/api/sponsors/${sponsor.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().sponsor).toMatchObject({ id: sponsor.id, name: 'Findable', level: 'Event Sponsor' });
    for (const id of [MISSING, 'not-a-uuid']) {
      const missing = await admin.get(`/api/sponsors/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe(SPONSOR_NOT_FOUND);
    }
  });
});

describe('POST /api/sponsors', () => {
  it('creates a sponsor with the trimmed name and writes the audit row', async () => {
    const res = await admin.post('/api/sponsors', valid);
    expect(res.statusCode).toBe(201);
    const created = res.json().sponsor;
    expect(created).toMatchObject({ name: 'Acme Title Co', level: 'Title Sponsor', info: 'Closings done right' });
    const row = await rowOf(created.id);
    expect(row).toMatchObject({ name: 'Acme Title Co', level: 'Title Sponsor', website: 'https://acme.example' });
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, created.id));
    expect(audit.map((a) => a.method)).toEqual(['POST']);
  });

  it('defaults the level to Event Sponsor and stores empty info and website as none', async () => {
    const res = await admin.post('/api/sponsors', { name: 'Plain Sponsor', info: '', website: '  ' });
    expect(res.statusCode).toBe(201);
    expect(await rowOf(res.json().sponsor.id)).toMatchObject({ level: 'Event Sponsor', info: null, website: null });
  });

  it.each([
    [{ ...valid, name: '   ' }, 'name', 'Name is required'],
    [{ ...valid, name: undefined }, 'name', ''],
    [{ ...valid, level: 'Gold Sponsor' }, 'level', 'Level must be Title Sponsor or Event Sponsor'],
    [{ ...valid, website: 'acme dot com' }, 'website', WEBSITE_NOT_URL],
    [{ ...valid, website: 'javascript:alert(1)' }, 'website', WEBSITE_NOT_URL],
    [{ ...valid, website: 'ftp://acme.example' }, 'website', WEBSITE_NOT_URL],
  ])('refuses bad input with 422 on its field, creating nothing (%#)', async (body, field, message) => {
    const before = (await db().select().from(sponsors)).length;
    const res = await admin.post('/api/sponsors', body);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.fields)).toEqual([field]);
    expect(res.json().error.fields[field]).toContain(message);
    expect(await db().select().from(sponsors)).toHaveLength(before);
  });
});

describe('PUT /api/sponsors/:id', () => {
  it('replaces the fields and records what changed', async () => {
    const event = await createEvent(db());
    const sponsor = await createSponsor(db(), event.id, { name: 'Old Name', website: 'https://old.example' });
    const res = await admin.request('PUT', `/api/sponsors/${sponsor.id}`, {
      name: 'New Name',
      level: 'Title Sponsor',
      info: 'Now a title sponsor',
      website: 'http://new.example/about',
    });
    expect(res.statusCode).toBe(200);
    expect(await rowOf(sponsor.id)).toMatchObject({
      name: 'New Name',
      level: 'Title Sponsor',
      info: 'Now a title sponsor',
      website: 'http://new.example/about',
    });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.targetId, sponsor.id));
    expect(audit?.changes).toMatchObject({ name: { before: 'Old Name', after: 'New Name' } });
  });

  it('answers 422 for bad input and 404 for a missing sponsor, changing nothing', async () => {
    const event = await createEvent(db());
    const sponsor = await createSponsor(db(), event.id, { name: 'Stays' });
    const bad = await admin.request('PUT', `/api/sponsors/${sponsor.id}`, { name: 'Changed', website: 'nope' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.message).toContain(WEBSITE_NOT_URL);
    const level = await admin.request('PUT', `/api/sponsors/${sponsor.id}`, { name: 'Changed', level: 'Platinum' });
    expect(level.statusCode).toBe(422);
    expect((await rowOf(sponsor.id))?.name).toBe('Stays');
    const missing = await admin.request('PUT', `/api/sponsors/${MISSING}`, valid);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(SPONSOR_NOT_FOUND);
  });
});

describe('DELETE /api/sponsors/:id', () => {
  it('deletes the sponsor, its event links and its logo file; the event stays', async () => {
    const event = await createEvent(db());
    const sponsor = await createSponsor(db(), event.id, { name: 'Leaving' });
    const upload = await uploadFile(ctx.app, admin, `/api/sponsors/${sponsor.id}/logo`, await png());
    const logo = fileOf(upload.json().logoUrl);
    expect(await exists(logo)).toBe(true);

    const res = await admin.request('DELETE', `/api/sponsors/${sponsor.id}`);
    expect(res.statusCode).toBe(200);
    expect(await rowOf(sponsor.id)).toBeUndefined();
    expect(await db().select().from(eventSponsors).where(eq(eventSponsors.sponsorId, sponsor.id))).toHaveLength(0);
    expect(await exists(logo)).toBe(false);
    const again = await admin.request('DELETE', `/api/sponsors/${sponsor.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('leaves a logo that is not one of our stored files alone', async () => {
    const event = await createEvent(db());
    const sponsor = await createSponsor(db(), event.id, { logoUrl: 'https://cdn.example/logo.png' });
    const res = await admin.request('DELETE', `/api/sponsors/${sponsor.id}`);
    expect(res.statusCode).toBe(200);
    expect(await rowOf(sponsor.id)).toBeUndefined();
  });
});

describe('sponsor logo', () => {
  it('stores a re-encoded image under sponsor-images/logos; a replacement and a removal delete the old file', async () => {
    const event = await createEvent(db());
    const sponsor = await createSponsor(db(), event.id);
    const first = await uploadFile(ctx.app, admin, `/api/sponsors/${sponsor.id}/logo`, await png());
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json().logoUrl as string;
    expect(firstUrl).toMatch(/^\/uploads\/sponsor-images\/logos\/.+\.webp$/);
    const meta = await sharp(await readFile(fileOf(firstUrl))).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 800]);
    expect((await rowOf(sponsor.id))?.logoUrl).toBe(firstUrl);

    const second = await uploadFile(ctx.app, admin, `/api/sponsors/${sponsor.id}/logo`, await png());
    const secondUrl = second.json().logoUrl as string;
    expect(secondUrl).not.toBe(firstUrl);
    expect(await exists(fileOf(firstUrl))).toBe(false);
    expect(await exists(fileOf(secondUrl))).toBe(true);
    expect((await rowOf(sponsor.id))?.logoUrl).toBe(secondUrl);

    const removed = await admin.request('DELETE', `/api/sponsors/${sponsor.id}/logo`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ logoUrl: null });
    expect(await exists(fileOf(secondUrl))).toBe(false);
    expect((await rowOf(sponsor.id))?.logoUrl).toBeNull();
  });

  it('refuses a file that is not an image (422) and a missing sponsor (404), storing nothing', async () => {
    const event = await createEvent(db());
    const sponsor = await createSponsor(db(), event.id);
    const fake = await uploadFile(
      ctx.app,
      admin,
      `/api/sponsors/${sponsor.id}/logo`,
      Buffer.from('not an image'),
      'x.png',
    );
    expect(fake.statusCode).toBe(422);
    expect(fake.json().error.message).toMatch(/image file/);
    expect((await rowOf(sponsor.id))?.logoUrl).toBeNull();
    const missing = await uploadFile(ctx.app, admin, `/api/sponsors/${MISSING}/logo`, await png());
    expect(missing.statusCode).toBe(404);
    const missingRemove = await admin.request('DELETE', `/api/sponsors/${MISSING}/logo`);
    expect(missingRemove.statusCode).toBe(404);
  });
});
