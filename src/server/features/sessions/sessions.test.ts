import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestContext, type TestContext } from '../../test/harness';
import { createMembers, signIn } from '../../test/factories';
import { describeUserAgent } from '../../platform/user-agent';
import { SESSION_NOT_FOUND } from '../../../shared/sessions';

const PASSWORD = 'factory password 1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());
const db = () => ctx.database.db;

/** A member signed in from a browser that says who it is. */
async function signInAs(email: string, userAgent: string) {
  const client = new Client(ctx.app);
  const res = await client.post('/api/auth/sign-in', { email, password: PASSWORD }, { 'user-agent': userAgent });
  expect(res.statusCode).toBe(200);
  return client;
}

type Listed = { id: string; browser: string; system: string; current: boolean; lastActiveAt: string };
const list = async (client: Client) =>
  ((await client.get('/api/me/sessions')).json() as { sessions: Listed[] }).sessions;

describe('where a member is signed in', () => {
  it('names browsers and systems from the user agent', () => {
    expect(describeUserAgent(FIREFOX_LINUX)).toEqual({ browser: 'Firefox 133', system: 'Linux' });
    expect(describeUserAgent(SAFARI_IPHONE)).toEqual({ browser: 'Safari 18', system: 'iOS 18.1' });
    expect(describeUserAgent(null)).toEqual({ browser: 'Unknown browser', system: 'Unknown system' });
    expect(describeUserAgent('curl/8.5.0').system).toBe('Unknown system');
  });

  it('lists two browsers, marks this one, and signs one out at once', async () => {
    const [member, stranger] = await createMembers(db(), 2, 'sessions');
    const laptop = await signInAs(member!.email, FIREFOX_LINUX);
    const phone = await signInAs(member!.email, SAFARI_IPHONE);
    const other = await signIn(ctx.app, stranger!);

    const seen = await list(laptop);
    expect(seen).toHaveLength(2);
    expect(seen.find((s) => s.current)).toMatchObject({ browser: 'Firefox 133', system: 'Linux' });
    const phoneSession = seen.find((s) => !s.current)!;
    expect(phoneSession).toMatchObject({ browser: 'Safari 18', system: 'iOS 18.1' });

    // Another member cannot end it, nor learn it exists.
    const foreign = await other.request('DELETE', `/api/me/sessions/${phoneSession.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(SESSION_NOT_FOUND);
    expect((await phone.get('/api/me/sessions')).statusCode).toBe(200);

    const ended = await laptop.request('DELETE', `/api/me/sessions/${phoneSession.id}`);
    expect(ended.json()).toEqual({ current: false });
    expect((await phone.get('/api/me/sessions')).statusCode).toBe(401);
    expect(await list(laptop)).toHaveLength(1);
    expect((await laptop.request('DELETE', `/api/me/sessions/${phoneSession.id}`)).statusCode).toBe(404);
  });

  it('signs out everywhere else, and only there', async () => {
    const [member] = await createMembers(db(), 1, 'sessionsall');
    const here = await signInAs(member!.email, FIREFOX_LINUX);
    const elsewhere = [await signInAs(member!.email, SAFARI_IPHONE), await signIn(ctx.app, member!)];
    const res = await here.post('/api/me/sessions/sign-out-others');
    expect(res.json()).toEqual({ ended: 2 });
    for (const client of elsewhere) expect((await client.get('/api/me/sessions')).statusCode).toBe(401);
    expect((await list(here)).map((s) => s.current)).toEqual([true]);
  });

  it('ends this browser when it signs its own session out; visitors reach nothing', async () => {
    const [member] = await createMembers(db(), 1, 'sessionsself');
    const client = await signIn(ctx.app, member!);
    const [mine] = await list(client);
    expect((await client.request('DELETE', `/api/me/sessions/${mine!.id}`)).json()).toEqual({ current: true });
    expect((await client.get('/api/me/sessions')).statusCode).toBe(401);
    const visitor = new Client(ctx.app);
    expect((await visitor.get('/api/me/sessions')).statusCode).toBe(401);
    expect((await visitor.post('/api/me/sessions/sign-out-others')).statusCode).toBe(401);
    expect((await visitor.request('DELETE', `/api/me/sessions/${mine!.id}`)).statusCode).toBe(401);
  });
});
