import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { emailOutbox } from '../../db/schema';
import { createTestContext, registeredClient, type Client, type TestContext } from '../../test/harness';
import { createEvent } from '../../test/factories';

// One confirmation e-mail per registration: guests added right after registering are folded
// into it; guests changed later get a short note of their own, not a second confirmation.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const mailsTo = (email: string) =>
  db().select().from(emailOutbox).where(eq(emailOutbox.to, email)).orderBy(emailOutbox.createdAt);

const waitFor = async (check: () => Promise<boolean>, ms = 3000) => {
  const until = Date.now() + ms;
  while (!(await check()) && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
};

const register = (client: Client, eventId: string, status: 'attending' | 'maybe') =>
  client.request('PUT', `/api/events/${eventId}/registration`, { status });
const putGuests = (client: Client, eventId: string, guests: { name: string; email: string }[]) =>
  client.request('PUT', `/api/events/${eventId}/guests`, { guests });

describe('registration e-mails', () => {
  it('lists guests added right after registering in the one confirmation e-mail', async () => {
    const event = await createEvent(db(), { name: 'Harbor Lights Social' });
    const { client, input } = await registeredClient(ctx.app);
    expect((await register(client, event.id, 'attending')).statusCode).toBe(200);
    await waitFor(async () => (await mailsTo(input.email)).length === 1);

    const saved = await putGuests(client, event.id, [
      { name: 'Ann Guest', email: 'ann.guest@example.com' },
      { name: 'Bob Guest', email: 'bob.guest@example.com' },
    ]);
    expect(saved.statusCode).toBe(200);
    await waitFor(async () => (await mailsTo(input.email))[0]!.text.includes('Bob Guest'));
    // Give a second e-mail, were one on its way, the time to be written.
    await new Promise((r) => setTimeout(r, 200));

    const mails = await mailsTo(input.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("You're registered: Harbor Lights Social");
    expect(mails[0]!.text).toContain(
      'Your guests:\n  - Ann Guest <ann.guest@example.com>\n  - Bob Guest <bob.guest@example.com>',
    );
    expect(mails[0]!.attachments?.[0]?.content).toContain('BEGIN:VEVENT');
  });

  it('sends a short guest-list note, not a second confirmation, once the confirmation has gone out', async () => {
    const event = await createEvent(db(), { name: 'Riverside Breakfast' });
    const { client, input } = await registeredClient(ctx.app);
    await register(client, event.id, 'attending');
    await waitFor(async () => (await mailsTo(input.email)).length === 1);
    // As if SMTP had delivered it.
    await db().update(emailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(emailOutbox.to, input.email));

    await putGuests(client, event.id, [{ name: 'Cy Guest', email: 'cy.guest@example.com' }]);
    await waitFor(async () => (await mailsTo(input.email)).length === 2);
    const mails = await mailsTo(input.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).not.toContain('Cy Guest');
    expect(mails[1]!.subject).toBe('Your guests for Riverside Breakfast');
    expect(mails[1]!.text).toContain('  - Cy Guest <cy.guest@example.com>');
    expect(mails[1]!.attachments ?? []).toHaveLength(0);
  });

  it('writes a note of its own when the confirmation is older than the merge window', async () => {
    const event = await createEvent(db(), { name: 'Late Guests Mixer' });
    const { client, input } = await registeredClient(ctx.app);
    await register(client, event.id, 'attending');
    await waitFor(async () => (await mailsTo(input.email)).length === 1);
    await db()
      .update(emailOutbox)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(eq(emailOutbox.to, input.email));

    await putGuests(client, event.id, [{ name: 'Dee Guest', email: 'dee.guest@example.com' }]);
    await waitFor(async () => (await mailsTo(input.email)).length === 2);
    const mails = await mailsTo(input.email);
    expect(mails.map((m) => m.subject)).toEqual([
      "You're registered: Late Guests Mixer",
      'Your guests for Late Guests Mixer',
    ]);
  });

  it('e-mails nobody when a member switches between attending and maybe', async () => {
    const event = await createEvent(db(), { name: 'Switching Mixer' });
    const { client, input } = await registeredClient(ctx.app);
    await register(client, event.id, 'maybe');
    const toAttending = await register(client, event.id, 'attending');
    expect(toAttending.json().registration.status).toBe('attending');
    await waitFor(async () => (await mailsTo(input.email)).length === 1);
    const toMaybe = await register(client, event.id, 'maybe');
    expect(toMaybe.statusCode).toBe(200);
    expect(toMaybe.json().registration.status).toBe('maybe');
    await new Promise((r) => setTimeout(r, 200));
    expect((await mailsTo(input.email)).map((m) => m.subject)).toEqual(["You're registered: Switching Mixer"]);
  });
});
