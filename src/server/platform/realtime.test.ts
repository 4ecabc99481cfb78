import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createTestContext, registeredClient, type TestContext } from '../test/harness';
import type { RealtimeNotice } from '../../shared/realtime';

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
  it("streams a member their own notices and public ones, but not other members' notices", async () => {
    const alice = await registeredClient(ctx.app);
    const bob = await registeredClient(ctx.app);
    const aliceStream = await openStream(alice.client.cookieHeader);
    const bobStream = await openStream(bob.client.cookieHeader);
    const visitorStream = await openStream();
    expect(aliceStream.res.headers.get('content-type')).toContain('text/event-stream');
    await waitFor(() => ctx.app.services.realtime.size() === 3);

    const { realtime } = ctx.app.services;
    await realtime.publish({ topic: `user:${alice.user.id}`, kind: 'messages' });
    await realtime.publish({ topic: 'forums', kind: 'forums', id: 'f1' });
    await waitFor(
      () => aliceStream.notices.length >= 2 && bobStream.notices.length >= 1 && visitorStream.notices.length >= 1,
    );

    expect(aliceStream.notices).toEqual([
      { topic: `user:${alice.user.id}`, kind: 'messages' },
      { topic: 'forums', kind: 'forums', id: 'f1' },
    ]);
    expect(bobStream.notices).toEqual([{ topic: 'forums', kind: 'forums', id: 'f1' }]);
    expect(visitorStream.notices).toEqual([{ topic: 'forums', kind: 'forums', id: 'f1' }]);

    for (const s of [aliceStream, bobStream, visitorStream]) s.close();
    await waitFor(() => ctx.app.services.realtime.size() === 0);
    expect(ctx.app.services.realtime.size()).toBe(0);
  });

  it('delivers a notice published inside a transaction only when it commits', async () => {
    const carol = await registeredClient(ctx.app);
    const stream = await openStream(carol.client.cookieHeader);
    await waitFor(() => ctx.app.services.realtime.size() === 1);
    const { realtime, db } = ctx.app.services;
    await db
      .transaction(async (tx) => {
        await realtime.publish({ topic: `user:${carol.user.id}`, kind: 'rolled-back' }, tx as never);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await db.transaction(async (tx) => {
      await realtime.publish({ topic: `user:${carol.user.id}`, kind: 'connections' }, tx as never);
    });
    await waitFor(() => stream.notices.length >= 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(stream.notices.map((n) => n.kind)).toEqual(['connections']);
    stream.close();
  });
});
