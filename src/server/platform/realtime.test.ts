import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createTestContext, registeredClient, type TestContext } from '../test/harness';
import type { RealtimeNotice } from '../../shared/realtime';
import { forums, messages, podcasts } from '../db/schema';

let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => ctx?.close());

/** Opens GET /api/realtime over real HTTP and collects the notices it streams. */
async function openStream(cookie?: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/realtime`, { headers: cookie ? { cookie } : {}, signal: controller.signal });
  const notices: RealtimeNotice[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame.split('\n').find((l) => l.startsWith('data: '));
          if (data) notices.push(JSON.parse(data.slice(6)));
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return { res, notices, close: () => controller.abort() };
}

const waitFor = async (check: () => boolean, ms = 3000) => {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
};

describe('GET /api/realtime', () => {
  it("streams the members a change concerns their notice, and nobody else's", async () => {
    const alice = await registeredClient(ctx.app);
    const bob = await registeredClient(ctx.app);
    const carol = await registeredClient(ctx.app);
    const aliceStream = await openStream(alice.client.cookieHeader);
    const bobStream = await openStream(bob.client.cookieHeader);
    const carolStream = await openStream(carol.client.cookieHeader);
    const visitorStream = await openStream();
    expect(aliceStream.res.headers.get('content-type')).toContain('text/event-stream');
    // Delimited by its connection: each frame is written as it is, without chunk framing.
    expect(aliceStream.res.headers.get('transfer-encoding')).toBeNull();
    expect(aliceStream.res.headers.get('connection')).toBe('close');
    await waitFor(() => ctx.app.services.realtime.size() === 4);

    // Written behind the API's back, as a script or psql would: the database announces it.
    await ctx.app.services.db
      .insert(messages)
      .values({ senderId: alice.user.id, recipientId: bob.user.id, subject: 'Hello', content: 'Coffee?' });
    await waitFor(() => aliceStream.notices.length >= 1 && bobStream.notices.length >= 1);
    await new Promise((r) => setTimeout(r, 100));

    expect(aliceStream.notices).toEqual([{ topic: `user:${alice.user.id}`, kind: 'messages' }]);
    expect(bobStream.notices).toEqual([{ topic: `user:${bob.user.id}`, kind: 'messages' }]);
    expect(carolStream.notices).toEqual([]);
    expect(visitorStream.notices).toEqual([]);

    for (const s of [aliceStream, bobStream, carolStream, visitorStream]) s.close();
    await waitFor(() => ctx.app.services.realtime.size() === 0);
    expect(ctx.app.services.realtime.size()).toBe(0);
  });

  it('tells everyone of a public change, with its id', async () => {
    const { realtime, db } = ctx.app.services;
    realtime.notifyEveryone(podcasts, 'podcasts');
    const visitorStream = await openStream();
    await waitFor(() => realtime.size() === 1);
    const [episode] = await db.insert(podcasts).values({ title: 'Live episode' }).returning();
    await waitFor(() => visitorStream.notices.length >= 1);
    expect(visitorStream.notices).toEqual([{ topic: 'podcasts', kind: 'podcasts', id: episode!.id }]);
    visitorStream.close();
  });

  it('tells signed-in members, and not visitors, of a forum change', async () => {
    const { realtime, db } = ctx.app.services;
    const member = await registeredClient(ctx.app);
    const memberStream = await openStream(member.client.cookieHeader);
    const visitorStream = await openStream();
    await waitFor(() => realtime.size() === 2);
    const [forum] = await db.insert(forums).values({ name: 'Live forum' }).returning();
    await waitFor(() => memberStream.notices.length >= 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(memberStream.notices).toContainEqual({ topic: 'forums', kind: 'forums', id: forum!.id, ids: [forum!.id] });
    expect(visitorStream.notices).toEqual([]);
    memberStream.close();
    visitorStream.close();
    await waitFor(() => realtime.size() === 0);
  });

  it('says nothing of a rolled-back change', async () => {
    const dave = await registeredClient(ctx.app);
    const erin = await registeredClient(ctx.app);
    const stream = await openStream(dave.client.cookieHeader);
    await waitFor(() => ctx.app.services.realtime.size() === 1);
    const { db } = ctx.app.services;
    const values = { senderId: erin.user.id, recipientId: dave.user.id, subject: 'Hi', content: 'x' };
    await db
      .transaction(async (tx) => {
        await tx.insert(messages).values(values);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await new Promise((r) => setTimeout(r, 150));
    expect(stream.notices).toEqual([]);
    await db.transaction(async (tx) => {
      await tx.insert(messages).values(values);
    });
    await waitFor(() => stream.notices.length >= 1);
    expect(stream.notices.map((n) => n.kind)).toEqual(['messages']);
    stream.close();
  });
});
