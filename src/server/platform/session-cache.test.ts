import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profiles } from '../db/schema';
import { createTestContext, registeredClient, type TestContext } from '../test/harness';

// The session a request names is read once for all the requests that ask at the same moment:
// when the kept one runs out under load, every open connection would otherwise read it again.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('session lookups', () => {
  it('reads a session once for a burst of requests, and again after a change to its member', async () => {
    const { client, user } = await registeredClient(ctx.app);
    const { db, changes } = ctx.app.services;
    const sessionReads: string[] = [];
    ctx.database.observer = (sql) => {
      if (/from "session"/i.test(sql)) sessionReads.push(sql);
    };
    try {
      // A change to the member's profile drops their kept sessions in every process.
      await db.update(profiles).set({ position: 'Treasurer' }).where(eq(profiles.id, user.id));
      await changes.caughtUp();
      const burst = await Promise.all(Array.from({ length: 20 }, () => client.get('/api/forums')));
      expect(burst.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
      expect(sessionReads).toHaveLength(1);

      // Kept now: no read at all.
      expect((await client.get('/api/forums')).statusCode).toBe(200);
      expect(sessionReads).toHaveLength(1);

      await db.update(profiles).set({ position: 'Chair' }).where(eq(profiles.id, user.id));
      await changes.caughtUp();
      expect((await client.get('/api/forums')).statusCode).toBe(200);
      expect(sessionReads).toHaveLength(2);
    } finally {
      ctx.database.observer = null;
    }
  });

  it('refuses a cookie whose signature does not hold, though its token is kept', async () => {
    const { client } = await registeredClient(ctx.app);
    expect((await client.get('/api/forums')).statusCode).toBe(200);
    const [name, value] = [...client.cookies].find(([key]) => key.endsWith('session_token'))!;
    const decoded = decodeURIComponent(value);
    const forged = encodeURIComponent(`${decoded.slice(0, decoded.lastIndexOf('.'))}.${'A'.repeat(43)}=`);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/forums', headers: { cookie: `${name}=${forged}` } });
    expect(res.statusCode).toBe(401);
  });
});
