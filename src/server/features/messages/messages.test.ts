import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '../../db/schema';
import { Client, createTestContext, registeredClient, type TestContext } from '../../test/harness';
import { RECIPIENT_NOT_FOUND } from '../../../shared/messages';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const rowOf = async (id: string) => (await ctx.database.db.select().from(messages).where(eq(messages.id, id)))[0];

describe('messages', () => {
  it('refuses visitors', async () => {
    const v = new Client(ctx.app);
    expect((await v.get('/api/messages')).statusCode).toBe(401);
    expect((await v.get('/api/messages/thread?with=someone&subject=Hi')).statusCode).toBe(401);
    expect((await v.post('/api/messages', { to: 'x', subject: 's', content: 'c' })).statusCode).toBe(401);
    expect((await v.request('DELETE', '/api/messages/00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
  });

  it('sends, groups by member and subject, counts unread, marks read on opening', async () => {
    const a = await registeredClient(ctx.app);
    const b = await registeredClient(ctx.app);
    const sent = await a.client.post('/api/messages', {
      to: b.user.username.toUpperCase(),
      subject: 'Coffee?',
      content: 'Tuesday at 9?',
    });
    expect(sent.statusCode).toBe(201);
    await a.client.post('/api/messages', { to: b.user.username, subject: 'Listing', content: 'New listing in NoDa' });
    expect((await b.client.get('/api/me')).json().user.unreadMessages).toBe(2);

    const inbox = (await b.client.get('/api/messages')).json().conversations;
    expect(inbox.map((c: { subject: string }) => c.subject)).toEqual(['Listing', 'Coffee?']);
    expect(inbox[1]).toMatchObject({
      other: { id: a.user.id, username: a.user.username },
      unread: 1,
      preview: 'Tuesday at 9?',
    });

    const read = await b.client.post('/api/messages/read', { with: a.user.id, subject: 'Coffee?' });
    expect(read.json().marked).toBe(1);
    expect((await rowOf(sent.json().id))?.readAt).toBeInstanceOf(Date);
    expect((await b.client.get('/api/me')).json().user.unreadMessages).toBe(1);

    await b.client.post('/api/messages', { to: a.user.username, subject: 'Coffee?', content: 'Works for me' });
    const summary = (await a.client.get('/api/messages'))
      .json()
      .conversations.find((c: { subject: string }) => c.subject === 'Coffee?');
    expect(summary).toMatchObject({ messageCount: 2, unread: 1, preview: 'Works for me' });
    expect(summary).not.toHaveProperty('messages');
    const thread = await a.client.get(
      `/api/messages/thread?with=${b.user.id}&subject=${encodeURIComponent('Coffee?')}`,
    );
    expect(thread.statusCode).toBe(200);
    expect(
      thread
        .json()
        .messages.map((m: { content: string; sender: { username: string } }) => [m.sender.username, m.content]),
    ).toEqual([
      [a.user.username, 'Tuesday at 9?'],
      [b.user.username, 'Works for me'],
    ]);
  });

  it('lists one summary per member and subject, newest activity first, with the first date and the last preview', async () => {
    const a = await registeredClient(ctx.app);
    const b = await registeredClient(ctx.app);
    const c = await registeredClient(ctx.app);
    await a.client.post('/api/messages', { to: b.user.username, subject: 'Plans', content: 'First' });
    await b.client.post('/api/messages', { to: a.user.username, subject: 'Plans', content: 'Second' });
    await c.client.post('/api/messages', { to: a.user.username, subject: 'Plans', content: 'From C' });
    await b.client.post('/api/messages', { to: a.user.username, subject: 'Plans', content: 'x'.repeat(300) });
    const list = (await a.client.get('/api/messages')).json().conversations;
    expect(list.map((x: { other: { id: string } }) => x.other.id)).toEqual([b.user.id, c.user.id]);
    expect(list[0]).toMatchObject({ subject: 'Plans', messageCount: 3, unread: 2, preview: 'x'.repeat(140) });
    expect(Date.parse(list[0].startedAt)).toBeLessThan(Date.parse(list[0].lastAt));
  });

  it("answers 'Recipient not found' for an unknown username and 422 for missing fields", async () => {
    const a = await registeredClient(ctx.app);
    const res = await a.client.post('/api/messages', { to: 'ghost-member', subject: 'Hi', content: 'Hello' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(RECIPIENT_NOT_FOUND);
    expect((await a.client.post('/api/messages', { to: 'x', subject: '', content: 'Hello' })).statusCode).toBe(422);
    expect(
      (await a.client.post('/api/messages', { to: a.user.username, subject: 'Me', content: 'Hello' })).statusCode,
    ).toBe(422);
  });

  it("cannot read, mark read or delete someone else's messages", async () => {
    const a = await registeredClient(ctx.app);
    const b = await registeredClient(ctx.app);
    const eve = await registeredClient(ctx.app);
    const id = (
      await a.client.post('/api/messages', { to: b.user.username, subject: 'Private', content: 'Secret plan' })
    ).json().id;
    const eveInbox = (await eve.client.get('/api/messages')).json().conversations;
    expect(JSON.stringify(eveInbox)).not.toContain('Secret plan');
    // Naming either party and the subject opens only Eve's own side of it: there is none.
    for (const other of [a.user.id, b.user.id]) {
      const peek = await eve.client.get(`/api/messages/thread?with=${other}&subject=Private`);
      expect(peek.statusCode).toBe(404);
      expect(peek.body).not.toContain('Secret plan');
    }
    expect((await eve.client.get('/api/messages/thread?subject=Private')).statusCode).toBe(422);
    expect((await eve.client.post(`/api/messages/${id}/read`)).statusCode).toBe(404);
    // The sender cannot mark their own sent message read on the recipient's behalf.
    expect((await a.client.post(`/api/messages/${id}/read`)).statusCode).toBe(404);
    expect((await eve.client.request('DELETE', `/api/messages/${id}`)).statusCode).toBe(404);
    const marked = await eve.client.post('/api/messages/read', { with: a.user.id, subject: 'Private' });
    expect(marked.json().marked).toBe(0);
    const row = await rowOf(id);
    expect(row?.readAt).toBeNull();
    expect(row?.senderDeletedAt).toBeNull();
    expect(row?.recipientDeletedAt).toBeNull();
  });

  it('deleting hides the message from one side only; it is gone when both deleted it', async () => {
    const a = await registeredClient(ctx.app);
    const b = await registeredClient(ctx.app);
    const id = (
      await a.client.post('/api/messages', { to: b.user.username, subject: 'Delete me', content: 'Oops' })
    ).json().id;
    const threadOf = async (viewer: typeof a, other: typeof a) =>
      JSON.stringify(
        (await viewer.client.get(`/api/messages/thread?with=${other.user.id}&subject=Delete%20me`)).json(),
      );
    expect((await a.client.request('DELETE', `/api/messages/${id}`)).statusCode).toBe(200);
    expect(JSON.stringify((await a.client.get('/api/messages')).json())).not.toContain('Oops');
    expect(await threadOf(a, b)).not.toContain('Oops');
    expect(JSON.stringify((await b.client.get('/api/messages')).json())).toContain('Oops');
    expect(await threadOf(b, a)).toContain('Oops');
    expect((await a.client.request('DELETE', `/api/messages/${id}`)).statusCode).toBe(404);
    expect((await b.client.request('DELETE', `/api/messages/${id}`)).statusCode).toBe(200);
    expect(await rowOf(id)).toBeUndefined();
  });

  it('keeps each inbox fresh through every change: a new message, reading, deleting, a renamed sender', async () => {
    const a = await registeredClient(ctx.app);
    const b = await registeredClient(ctx.app);
    const inboxOf = async (m: typeof a) => (await m.client.get('/api/messages')).json().conversations;
    expect(await inboxOf(b)).toEqual([]);
    const id = (await a.client.post('/api/messages', { to: b.user.username, subject: 'Fresh', content: 'One' })).json()
      .id;
    expect(await inboxOf(b)).toMatchObject([{ subject: 'Fresh', unread: 1, messageCount: 1 }]);
    await b.client.post('/api/messages/read', { with: a.user.id, subject: 'Fresh' });
    expect(await inboxOf(b)).toMatchObject([{ unread: 0 }]);
    await a.client.post('/api/messages', { to: b.user.username, subject: 'Fresh', content: 'Two' });
    expect(await inboxOf(b)).toMatchObject([{ unread: 1, messageCount: 2, preview: 'Two' }]);
    await b.client.post(`/api/messages/${id}/read`);
    await b.client.request('DELETE', `/api/messages/${id}`);
    expect(await inboxOf(b)).toMatchObject([{ messageCount: 1, preview: 'Two' }]);
    expect(await inboxOf(a)).toMatchObject([{ messageCount: 2 }]);
    await a.client.request('PATCH', '/api/me/profile', { username: `${a.user.username}.new` });
    expect((await inboxOf(b))[0].other.username).toBe(`${a.user.username}.new`);
  });

  it('publishes a live notice to the recipient', async () => {
    const a = await registeredClient(ctx.app);
    const b = await registeredClient(ctx.app);
    const received: string[] = [];
    const unsubscribe = ctx.app.services.realtime.subscribe(b.user.id, (n) => received.push(n.kind));
    await a.client.post('/api/messages', { to: b.user.username, subject: 'Live', content: 'Ping' });
    for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    unsubscribe();
    expect(received).toContain('messages');
  });
});
