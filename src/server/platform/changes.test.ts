import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { profiles } from '../db/schema';
import { adminClient, createEvent } from '../test/factories';
import sharp from 'sharp';
import { Client, createTestContext, registeredClient, uploadFile, type TestContext } from '../test/harness';

// What a write changes announces itself from the database: routes keep no list of caches,
// sessions or notices to update. These cases were each missed once by a hand-written list.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const attendees = async (eventId: string) =>
  (
    (await new Client(ctx.app).get(`/api/events/${eventId}`)).json().event.attendees as {
      user: { username: string; avatarUrl: string | null };
    }[]
  ).map((a) => a.user);

describe('the change stream', () => {
  it("a member's rename and new avatar show at once on the cached event page they attend", async () => {
    const event = await createEvent(ctx.app.services.db);
    const { client, user } = await registeredClient(ctx.app);
    await client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
    expect((await attendees(event.id)).map((a) => a.username)).toEqual([user.username]);
    expect((await new Client(ctx.app).get(`/api/events/${event.id}`)).headers['x-cache']).toBe('hit');

    const renamed = `${user.username}.renamed`;
    const res = await client.request('PATCH', '/api/me/profile', { username: renamed });
    expect(res.statusCode).toBe(200);
    expect((await attendees(event.id)).map((a) => a.username)).toEqual([renamed]);
    expect((await new Client(ctx.app).get(`/api/profiles/${renamed}`)).statusCode).toBe(200);

    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const avatar = await uploadFile(ctx.app, client, '/api/me/avatar', png);
    expect(avatar.statusCode).toBe(200);
    expect((await attendees(event.id))[0]!.avatarUrl).toBe(avatar.json().avatarUrl);
  });

  it('a change made outside the server (a script, psql) drops the cached answers that show it', async () => {
    const event = await createEvent(ctx.app.services.db, { name: 'Before the script' });
    expect((await new Client(ctx.app).get(`/api/events/${event.id}`)).json().event.name).toBe('Before the script');
    await ctx.database.query('update events set name = $1 where id = $2', ['After the script', event.id]);
    // On PostgreSQL the notice travels on another connection: wait until it has arrived.
    await ctx.app.services.changes.caughtUp();
    expect((await new Client(ctx.app).get(`/api/events/${event.id}`)).json().event.name).toBe('After the script');
  });

  it('a write whose keys hold long text still commits, announced as "all of it"', async () => {
    // An audit row's target is the last part of the URL: text a person chose, as long as they like.
    const seen: { table: string; ids: string[] | null }[] = [];
    ctx.app.services.changes.on((change) => seen.push(change));
    const target = 'x'.repeat(10_000);
    await ctx.database.query(
      `insert into audit_log (actor_id, actor_name, action, method, path, target_id) values ($1, 'a', 'probe', 'PATCH', '/', $2)`,
      [null, target],
    );
    await ctx.app.services.changes.caughtUp();
    expect(seen.filter((c) => c.table === 'audit_log')).toEqual([{ table: 'audit_log', ids: null }]);
    const rows = await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from audit_log where target_id = $1',
      [target],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('a rolled-back change drops nothing', async () => {
    const event = await createEvent(ctx.app.services.db, { name: 'Kept' });
    await new Client(ctx.app).get(`/api/events/${event.id}`);
    await ctx.app.services.db
      .transaction(async (tx) => {
        await tx.execute(sql`update events set name = 'Never' where id = ${event.id}`);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const again = await new Client(ctx.app).get(`/api/events/${event.id}`);
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.json().event.name).toBe('Kept');
  });

  it('a demoted admin loses admin rights on the next request, though their session was cached', async () => {
    const { client, admin } = await adminClient(ctx.app);
    expect((await client.get('/api/dev/mailbox')).statusCode).toBe(200);
    await ctx.app.services.db.update(profiles).set({ isAdmin: false }).where(eq(profiles.id, admin.id));
    await ctx.app.services.changes.caughtUp();
    expect((await client.get('/api/dev/mailbox')).statusCode).toBe(403);
  });

  it('a deleted account is signed out on the next request', async () => {
    const { client, user } = await registeredClient(ctx.app);
    expect((await client.get('/api/messages')).statusCode).toBe(200);
    await ctx.database.query('delete from "user" where id = $1', [user.id]);
    await ctx.app.services.changes.caughtUp();
    expect((await client.get('/api/messages')).statusCode).toBe(401);
  });
});
