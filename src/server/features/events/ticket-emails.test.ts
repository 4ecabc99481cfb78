import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { ScanResponse } from '../../../shared/check-in';
import type { MailAttachment } from '../../platform/mail';
import { manualClock } from '../../platform/clock';
import { adminClient, createEvent } from '../../test/factories';
import { createTestContext, registeredClient, type Client, type TestContext } from '../../test/harness';
import { decodeQr } from '../../test/qr';
import { deliverable } from '../../platform/mail';

// The ticket in e-mails: the confirmation and each reminder carry the recipient's own QR code as
// an inline PNG (a Content-ID the HTML part shows), which the door admits.

const HOUR = 3_600_000;

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: MailAttachment[] | null;
}

let ctx: TestContext;
let admin: Client;
const clock = manualClock(new Date());
beforeAll(async () => {
  ctx = await createTestContext({ JOBS_CHECK_MS: '3600000', REMINDER_OFFSETS: '24h' }, { clock });
  admin = (await adminClient(ctx.app)).client;
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const mailsTo = async (to: string, subjectLike = '%') =>
  (
    await db().execute<Mail & Record<string, unknown>>(sql`select "to", subject, text, html, attachments
      from email_outbox where "to" = ${to} and subject like ${subjectLike} order by created_at`)
  ).rows;
const waitFor = async (check: () => Promise<boolean>, ms = 3000) => {
  const until = Date.now() + ms;
  while (!(await check()) && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
};

/** The inline ticket of a mail: the HTML shows the attachment its cid names; its QR decoded. */
async function inlineTicket(mail: Mail): Promise<string> {
  const image = mail.attachments?.find((a) => a.contentType === 'image/png');
  expect(image?.cid).toMatch(/^ticket-/);
  // Written as the code, drawn as the PNG the mail carries when it is delivered.
  expect(image?.encoding).toBe('qr');
  expect(mail.html).toContain(`<img src="cid:${image!.cid}" alt="Your check-in code"`);
  expect(mail.text).toContain('Your ticket: show the check-in code in this e-mail at the door.');
  const png = deliverable(image!).content as Buffer;
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  const code = await decodeQr(png);
  expect(code).toMatch(/^T1\./);
  return code!;
}

/** The short code a mail gives after its ticket's image ("K7MW-3QXP"), in both parts. */
function mailShortCode(mail: Mail): string {
  const said = /If the door cannot scan it, give them this code: ([2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4})/;
  const code = said.exec(mail.text ?? '')?.[1];
  expect(code).toBeTruthy();
  // In the HTML, under the image.
  const image = mail.html!.indexOf('<img src="cid:ticket-');
  expect(image).toBeGreaterThan(0);
  expect(mail.html!.indexOf(code!)).toBeGreaterThan(image);
  return code!;
}

const scan = async (eventId: string, code: string) => {
  const res = await admin.post(`/api/events/${eventId}/check-ins`, { code, device: 'Front door' });
  expect(res.statusCode).toBe(200);
  return res.json() as ScanResponse;
};

describe('tickets in e-mails', () => {
  it('the registration e-mail carries the member’s ticket as an inline image the door admits', async () => {
    const event = await createEvent(db(), { name: 'Ticketed Mixer & <Friends>' });
    const { client, input } = await registeredClient(ctx.app, { fullName: 'Tia Ticket' });
    expect(
      (await client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' })).statusCode,
    ).toBe(200);
    await waitFor(async () => (await mailsTo(input.email)).length === 1);
    const [mail] = await mailsTo(input.email);
    // The same words in HTML, escaped.
    expect(mail!.html).toContain('Ticketed Mixer &amp; &lt;Friends&gt;');
    expect(mail!.html).not.toContain('<Friends>');
    expect(mail!.text).toContain('It is on the event page too.');
    const code = await inlineTicket(mail!);
    const ticket = await client.get(`/api/events/${event.id}/ticket`);
    expect(ticket.json().holders[0].code).toBe(code);
    expect(mailShortCode(mail!).replace('-', '')).toBe(ticket.json().holders[0].shortCode);
    const scanned = await scan(event.id, code);
    expect(scanned.outcome).toBe('admitted');
    expect(scanned.ticket?.name).toBe('Tia Ticket');
  });

  it('a reminder carries each person’s own ticket: the member’s, and the guest’s for the guest', async () => {
    const before = clock.now();
    onTestFinished(() => clock.set(before));
    clock.set(new Date());
    const start = new Date(Math.ceil((Date.now() + 3 * 24 * HOUR) / HOUR) * HOUR);
    const event = await createEvent(db(), { startTime: start });
    const { client, input } = await registeredClient(ctx.app, { fullName: 'Rae Remind' });
    await client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
    const saved = await client.request('PUT', `/api/events/${event.id}/guests`, {
      guests: [{ name: 'Gail Guest', email: 'gail.ticket@example.com' }],
    });
    expect(saved.statusCode).toBe(200);

    clock.set(new Date(start.getTime() - 24 * HOUR));
    await ctx.app.services.jobs.tick();
    const [toMember] = await mailsTo(input.email, 'Tomorrow:%');
    const [toGuest] = await mailsTo('gail.ticket@example.com', 'Tomorrow:%');
    expect(toMember && toGuest).toBeTruthy();
    // The calendar file stays beside the ticket.
    expect(toMember!.attachments!.map((a) => a.contentType)).toEqual([
      'text/calendar; charset=utf-8; method=PUBLISH',
      'image/png',
    ]);
    const memberCode = await inlineTicket(toMember!);
    const guestCode = await inlineTicket(toGuest!);
    expect(guestCode).not.toBe(memberCode);
    expect(toGuest!.text).toContain('Rae Remind can show it from the event page too.');

    const guestScan = await scan(event.id, guestCode);
    expect(guestScan.outcome).toBe('admitted');
    expect(guestScan.ticket).toMatchObject({ kind: 'guest', name: 'Gail Guest', hostName: 'Rae Remind' });
    // Each with its own short code under the image, naming the same ticket.
    const guestShort = mailShortCode(toGuest!);
    expect(guestShort).not.toBe(mailShortCode(toMember!));
    const typed = await scan(event.id, guestShort.toLowerCase());
    expect(typed).toMatchObject({ outcome: 'already', ticket: { code: guestCode, name: 'Gail Guest' } });
    const memberScan = await scan(event.id, memberCode);
    expect(memberScan.outcome).toBe('admitted');
    expect(memberScan.ticket).toMatchObject({ kind: 'member', name: 'Rae Remind' });
  });
});
