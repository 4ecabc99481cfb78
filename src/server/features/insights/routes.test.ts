import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityInsightsResponse, eventInsightsResponse } from './schemas';
import { adminClient, createEvent, createMembers } from '../../test/factories';
import { Client, createTestContext, registeredClient, type TestContext } from '../../test/harness';

// Who may read the organisers' figures, and what a refusal looks like; the figures themselves are
// tested in insights.test.ts.

let ctx: TestContext;
let admin: Client;
let member: Client;
let visitor: Client;
let eventId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await adminClient(ctx.app)).client;
  member = (await registeredClient(ctx.app)).client;
  visitor = new Client(ctx.app);
  eventId = (await createEvent(ctx.app.services.db, { name: 'Insight mixer' })).id;
});
afterAll(async () => {
  await ctx?.close();
});

const urls = () => ['/api/admin/insights', '/api/admin/insights?period=90d', `/api/admin/events/${eventId}/insights`];

describe('the insights routes', () => {
  it('answer an admin with the figures, for each period (12 months when none is given)', async () => {
    for (const period of ['90d', '12m', 'all']) {
      const res = await admin.get(`/api/admin/insights?period=${period}`);
      expect(res.statusCode).toBe(200);
      const body = communityInsightsResponse.parse(res.json());
      expect(body.period).toBe(period);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    expect((await admin.get('/api/admin/insights')).json().period).toBe('12m');
    const one = await admin.get(`/api/admin/events/${eventId}/insights`);
    expect(one.statusCode).toBe(200);
    expect(eventInsightsResponse.parse(one.json()).event.name).toBe('Insight mixer');
  });

  it('refuse visitors (401) and members (403), also once an admin has warmed the cache', async () => {
    for (const url of urls()) {
      expect((await admin.get(url)).statusCode, url).toBe(200);
      const asVisitor = await visitor.get(url);
      expect(asVisitor.statusCode, url).toBe(401);
      expect(asVisitor.json().error.code).toBe('UNAUTHORIZED');
      expect(asVisitor.body).not.toContain('members');
      const asMember = await member.get(url);
      expect(asMember.statusCode, url).toBe(403);
      expect(asMember.json().error.code).toBe('FORBIDDEN');
      expect(asMember.body).not.toContain('attendance');
    }
  });

  it('refuse a period it does not know with 422 on the field', async () => {
    for (const period of ['30d', 'ALL', '']) {
      const res = await admin.get(`/api/admin/insights?period=${period}`);
      expect(res.statusCode, period).toBe(422);
      expect(res.json().error).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Choose a period: 90d, 12m or all.',
        fields: { period: 'Choose a period: 90d, 12m or all.' },
      });
    }
    expect((await admin.get('/api/admin/insights?period=12m&extra=1')).statusCode).toBe(422);
  });

  it('answer 404 for an event that does not exist', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-event']) {
      const res = await admin.get(`/api/admin/events/${id}/insights`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.message).toBe('Event Not Found');
    }
  });

  it('drop a cached answer when a table it read changes', async () => {
    const before = (await admin.get('/api/admin/insights?period=all')).json().members.total as number;
    await createMembers(ctx.app.services.db, 2, 'joiner');
    const after = (await admin.get('/api/admin/insights?period=all')).json().members.total as number;
    expect(after).toBe(before + 2);
  });
});
