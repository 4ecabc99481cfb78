import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { auditLog, emailOutbox, invitations, signingKeys } from '../../db/schema';
import { manualClock } from '../../platform/clock';
import { Client, ORIGIN, createTestContext, newMember, registeredClient, type TestContext } from '../../test/harness';
import { adminClient, createMembers } from '../../test/factories';
import {
  CSV_CHOOSE_FILE,
  INVALID_INVITATION_LINK_MESSAGE,
  INVITATIONS_PAGE_SIZE,
  INVITATION_EXPIRED_MESSAGE,
  INVITATION_JOINED_MESSAGE,
  INVITATION_RESENT_MESSAGE,
  INVITATION_REVOKED_MESSAGE,
  INVITATION_ROWS_MAX,
  INVITATION_USED_MESSAGE,
  INVITATION_WITHDRAWN_MESSAGE,
  PROBLEM_INVITED,
  PROBLEM_MEMBER,
  PROBLEM_NAME_MISSING,
  PROBLEM_NOT_EMAIL,
  invitationRowsRefused,
  problemDuplicate,
  type Invitation,
  type InvitationsPreviewResponse,
  type InvitationsResponse,
} from '../../../shared/invitations';

const DAY = 86_400_000;
const START = new Date('2031-03-04T15:00:00Z');
const clock = manualClock(START);

let ctx: TestContext;
let admin: Client;
let member: Client;
let visitor: Client;
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
  admin = (await adminClient(ctx.app)).client;
  member = (await registeredClient(ctx.app)).client;
  visitor = new Client(ctx.app);
});
afterAll(async () => ctx?.close());
beforeEach(() => clock.set(START));
const db = () => ctx.database.db;

let tag = 0;
/** Addresses unique to one test. */
const address = (name: string) => `${name}.${++tag}@invite.example`;
const csvOf = (...rows: string[]) => ['Name,Email,Company,Position', ...rows].join('\r\n');

const invitationCount = async () => (await db().select({ n: count() }).from(invitations))[0]!.n;
const mailCount = async () => (await db().select({ n: count() }).from(emailOutbox))[0]!.n;
const rowOf = async (email: string) => (await db().select().from(invitations).where(eq(invitations.email, email)))[0];
const mailsTo = (email: string) => db().select().from(emailOutbox).where(eq(emailOutbox.to, email));
/** The token of the newest invitation mail to `email`. */
async function tokenFor(email: string): Promise<string> {
  const mails = await mailsTo(email);
  const text = mails.at(-1)!.text;
  return /\/register\?invite=(\S+)/.exec(text)![1]!;
}
async function invite(...rows: string[]) {
  const res = await admin.post('/api/admin/invitations', { csv: csvOf(...rows) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { invited: number; skipped: number };
}
async function listed(email: string): Promise<Invitation> {
  for (let page = 1; ; page++) {
    const body = (await admin.get(`/api/admin/invitations?page=${page}`)).json() as InvitationsResponse;
    const found = body.invitations.find((i) => i.email === email);
    if (found) return found;
    if (body.invitations.length < body.pageSize) throw new Error(`${email} is not listed`);
  }
}

describe('who may call the invitation routes', () => {
  it('refuses every link as 400 before any invitation was sent, and makes no key for it', async () => {
    const res = await visitor.get('/api/invitations/aTppbnZpdGVk.c2lnbmF0dXJl');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_INVITATION_LINK');
    expect(await db().select().from(signingKeys).where(eq(signingKeys.name, 'invitations'))).toHaveLength(0);
  });

  const valid = { csv: csvOf('Guarded Person,guarded@invite.example,,') };
  const MISSING = '00000000-0000-4000-8000-000000000000';
  const routes: [string, string, unknown?][] = [
    ['POST', '/api/admin/invitations/preview', valid],
    ['POST', '/api/admin/invitations', valid],
    ['GET', '/api/admin/invitations'],
    ['POST', `/api/admin/invitations/${MISSING}/revoke`],
    ['POST', `/api/admin/invitations/${MISSING}/resend`],
  ];

  it('refuses visitors (401) and members (403) on every admin route, and writes nothing', async () => {
    const [invitationsBefore, mailsBefore] = [await invitationCount(), await mailCount()];
    for (const [method, url, body] of routes) {
      expect((await visitor.request(method as 'GET', url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await member.request(method as 'GET', url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await invitationCount()).toBe(invitationsBefore);
    expect(await mailCount()).toBe(mailsBefore);
  });

  it('lets an admin call each of them (404 for an invitation that does not exist)', async () => {
    expect((await admin.post('/api/admin/invitations/preview', valid)).statusCode).toBe(200);
    expect((await admin.post('/api/admin/invitations', valid)).statusCode).toBe(200);
    expect((await admin.get('/api/admin/invitations')).statusCode).toBe(200);
    for (const action of ['revoke', 'resend']) {
      for (const id of [MISSING, 'not-a-uuid']) {
        const res = await admin.post(`/api/admin/invitations/${id}/${action}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.message).toBe('Invitation not found');
      }
    }
  });

  it("opens an invitation's link to anyone, signed in or not", async () => {
    const email = address('open');
    await invite(`Open Link,${email},,`);
    const token = await tokenFor(email);
    for (const client of [visitor, member, admin]) {
      expect((await client.get(`/api/invitations/${token}`)).statusCode).toBe(200);
    }
  });
});

describe('POST /api/admin/invitations/preview', () => {
  it('gives each row with its line and problem, and the counts, writing nothing', async () => {
    const [m] = await createMembers(db(), 1, 'previewmember');
    const invited = address('invited');
    await invite(`Invited Before,${invited},,`);
    const fresh = address('fresh');
    const [invitationsBefore, mailsBefore] = [await invitationCount(), await mailCount()];
    const csv = csvOf(
      `Fresh Person,${fresh},Queen City CPA,Partner`,
      `Member Person,${m!.email.toUpperCase()},,`,
      `Invited Person,${invited},,`,
      'Bad Mail,not-an-email,,',
      `,${address('noname')},,`,
      `Fresh Again,${fresh.toUpperCase()},,`,
    );
    const res = await admin.post('/api/admin/invitations/preview', { csv });
    expect(res.statusCode).toBe(200);
    const body = res.json() as InvitationsPreviewResponse;
    expect(body.rows.map((r) => [r.line, r.problem, r.blocking])).toEqual([
      [2, null, false],
      [3, PROBLEM_MEMBER, false],
      [4, PROBLEM_INVITED, false],
      [5, PROBLEM_NOT_EMAIL, true],
      [6, PROBLEM_NAME_MISSING, true],
      [7, problemDuplicate(2), true],
    ]);
    expect(body.rows[0]).toEqual({
      line: 2,
      name: 'Fresh Person',
      email: fresh,
      company: 'Queen City CPA',
      position: 'Partner',
      problem: null,
      blocking: false,
    });
    expect(body.counts).toEqual({ total: 6, ready: 1, problems: 5, blocking: 3 });
    expect(await invitationCount()).toBe(invitationsBefore);
    expect(await mailCount()).toBe(mailsBefore);
    // Not an admin write: the Activity tab does not list it.
    const audited = await db().select().from(auditLog).where(eq(auditLog.path, '/api/admin/invitations/preview'));
    expect(audited).toHaveLength(0);
  });

  it.each([
    [{}, 'csv', 'expected string'],
    [{ csv: '' }, 'csv', CSV_CHOOSE_FILE],
    [{ csv: 42 }, 'csv', 'expected string'],
    [{ csv: 'Dana Whitfield,dana@x.example' }, 'csv', 'The first line must name the columns'],
    [{ csv: 'Name,Email\r\n' }, 'csv', 'The file has a header line but no rows.'],
    [{ csv: 'Name,Email\nA,a\u0000@x.example' }, 'csv', 'control characters'],
  ])('refuses a body that is not a readable list with 422 and a message (%#)', async (body, field, message) => {
    for (const url of ['/api/admin/invitations/preview', '/api/admin/invitations']) {
      const [invitationsBefore, mailsBefore] = [await invitationCount(), await mailCount()];
      const res = await admin.post(url, body);
      expect(res.statusCode, url).toBe(422);
      expect(Object.keys(res.json().error.fields)).toEqual([field]);
      expect(res.json().error.message).toContain(message);
      expect(await invitationCount()).toBe(invitationsBefore);
      expect(await mailCount()).toBe(mailsBefore);
    }
  });

  it('refuses a body that is not JSON with 400, and one over 4 MB with 413', async () => {
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/invitations/preview',
      remoteAddress: admin.ip,
      headers: { origin: ORIGIN, cookie: admin.cookieHeader, 'content-type': 'application/json' },
      payload: '{"csv": "Name,Email',
    });
    expect(notJson.statusCode).toBe(400);
    const huge = await admin.post('/api/admin/invitations/preview', { csv: `Name,Email\n${'x'.repeat(4_300_000)}` });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toEqual(expect.any(String));
  });
});

describe('POST /api/admin/invitations', () => {
  it('refuses a list with malformed rows (422, each line named) and writes nothing at all', async () => {
    const [invitationsBefore, mailsBefore] = [await invitationCount(), await mailCount()];
    const keysBefore = await db().select().from(signingKeys);
    const good = address('good');
    const csv = csvOf(`Good Person,${good},,`, 'Bad Mail,bad@,,', `Dup Person,${good},,`, `,${address('noname')},,`);
    const res = await admin.post('/api/admin/invitations', { csv });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      code: 'INVITATION_ROWS_REFUSED',
      message: invitationRowsRefused(3),
      fields: { 'csv.3': PROBLEM_NOT_EMAIL, 'csv.4': problemDuplicate(2), 'csv.5': PROBLEM_NAME_MISSING },
    });
    expect(await invitationCount()).toBe(invitationsBefore);
    expect(await mailCount()).toBe(mailsBefore);
    expect(await rowOf(good)).toBeUndefined();
    expect(await db().select().from(signingKeys)).toEqual(keysBefore);
  });

  it('with skipProblems, invites the ready rows only, each with a mail whose link opens registration', async () => {
    const [m] = await createMembers(db(), 1, 'sendmember');
    const before = address('before');
    await invite(`Before Person,${before},,`);
    const [ana, ben] = [address('ana'), address('ben')];
    const csv = csvOf(
      `Ana Ruiz,${ana.toUpperCase()},Ruiz Legal,Attorney`,
      `Member Person,${m!.email},,`,
      `Before Person,${before},,`,
      'Bad Mail,bad@,,',
      `Ben Cole,${ben},,`,
    );
    const res = await admin.post('/api/admin/invitations', { csv, skipProblems: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ invited: 2, skipped: 3 });

    const row = await rowOf(ana);
    expect(row).toMatchObject({
      email: ana,
      name: 'Ana Ruiz',
      company: 'Ruiz Legal',
      position: 'Attorney',
      sendCount: 1,
      revokedAt: null,
      joinedAt: null,
    });
    expect(row!.createdAt).toEqual(START);
    expect(row!.sentAt).toEqual(START);
    expect(row!.expiresAt).toEqual(new Date(START.getTime() + 30 * DAY));
    expect((await rowOf(ben))?.company).toBeNull();
    // Members and people invited before get nothing; the others one mail each.
    expect(await mailsTo(m!.email)).toHaveLength(0);
    expect(await mailsTo(before)).toHaveLength(1);
    const [mail] = await mailsTo(ana);
    expect(mail!.subject).toMatch(/invites you to join Power Mixer$/);
    expect(mail!.text).toContain('Hello Ana Ruiz,');
    expect(mail!.text).toMatch(/http:\/\/localhost:3000\/register\?invite=\S+/);
    expect(mail!.text).toContain('It works until Thursday, April 3, 2031.');
    expect(mail!.html).toContain('<a href="http://localhost:3000/register?invite=');
    // Written in the audit log as the admin's write.
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'postAdminInvitations')).limit(1);
    expect(audit?.method).toBe('POST');
  });

  it('stores formula-looking names as the text they are', async () => {
    const names = ['=HYPERLINK("http://evil.example","Click me")', '+1', '-2', '@x'];
    const emails = names.map((_, i) => address(`formula${i}`));
    const csv = csvOf(...names.map((n, i) => `"${n.replace(/"/g, '""')}",${emails[i]},"=1+2","@SUM(A1)"`));
    expect((await admin.post('/api/admin/invitations', { csv })).json()).toEqual({ invited: 4, skipped: 0 });
    for (const [i, email] of emails.entries()) {
      expect(await rowOf(email)).toMatchObject({ name: names[i], company: '=1+2', position: '@SUM(A1)' });
      expect((await listed(email)).name).toBe(names[i]);
    }
  });
});

describe('GET /api/admin/invitations', () => {
  it('lists newest first with each status, and counts them all', async () => {
    const [pending, expired, revoked, joined] = ['pending', 'expired', 'revoked', 'joined'].map(address) as [
      string,
      string,
      string,
      string,
    ];
    clock.set(new Date(START.getTime() - 40 * DAY));
    await invite(`Expired Person,${expired},,`);
    clock.set(START);
    await invite(`Revoked Person,${revoked},,`, `Joined Person,${joined},,`);
    clock.set(new Date(START.getTime() + 1000));
    await invite(`Pending Person,${pending},Acme,CEO`);
    expect((await admin.post(`/api/admin/invitations/${(await rowOf(revoked))!.id}/revoke`)).statusCode).toBe(200);
    await registeredClient(ctx.app, { email: joined });

    const before = (await admin.get('/api/admin/invitations')).json() as InvitationsResponse;
    const first = before.invitations[0]!;
    expect(first).toMatchObject({
      name: 'Pending Person',
      email: pending,
      company: 'Acme',
      position: 'CEO',
      status: 'pending',
      sendCount: 1,
      joinedAt: null,
      revokedAt: null,
      invitedAt: new Date(START.getTime() + 1000).toISOString(),
    });
    expect((await listed(expired)).status).toBe('expired');
    expect((await listed(revoked)).status).toBe('revoked');
    const joinedOne = await listed(joined);
    expect(joinedOne.status).toBe('joined');
    expect(joinedOne.joinedAt).not.toBeNull();
    const { totals } = before;
    expect(totals.invited).toBe(await invitationCount());
    expect(totals.pending + totals.joined + totals.expired + totals.revoked).toBe(totals.invited);
    expect(totals.joined).toBeGreaterThanOrEqual(1);
    expect(totals.revoked).toBeGreaterThanOrEqual(1);
    expect(totals.expired).toBeGreaterThanOrEqual(1);

    // 31 days on, what was pending has expired.
    clock.set(new Date(START.getTime() + 31 * DAY));
    const later = (await admin.get('/api/admin/invitations')).json() as InvitationsResponse;
    expect(later.invitations[0]!.status).toBe('expired');
    expect(later.totals.pending).toBe(0);
    expect(later.totals.expired).toBe(totals.expired + totals.pending);
  });

  it('pages by INVITATIONS_PAGE_SIZE, newest first across pages, and refuses a bad page with 422', async () => {
    await invite(...Array.from({ length: INVITATIONS_PAGE_SIZE + 1 }, (_, i) => `Paged ${i},${address('paged')},,`));
    const total = await invitationCount();
    const one = (await admin.get('/api/admin/invitations?page=1')).json() as InvitationsResponse;
    const two = (await admin.get('/api/admin/invitations?page=2')).json() as InvitationsResponse;
    expect(one.invitations).toHaveLength(Math.min(INVITATIONS_PAGE_SIZE, total));
    expect(one.pageSize).toBe(INVITATIONS_PAGE_SIZE);
    expect(two.page).toBe(2);
    expect(one.invitations.at(-1)!.invitedAt >= two.invitations[0]!.invitedAt).toBe(true);
    for (const page of ['0', '-1', 'abc', '1.5']) {
      const res = await admin.get(`/api/admin/invitations?page=${page}`);
      expect(res.statusCode, page).toBe(422);
      expect(res.json().error.fields).toHaveProperty('page');
    }
  });
});

describe('revoking and sending again', () => {
  it('revokes once: the link stops working, a second revoke or a resend is 409, and it is audited', async () => {
    const email = address('revoke');
    await invite(`Revoke Me,${email},,`);
    const token = await tokenFor(email);
    const { id } = (await rowOf(email))!;
    clock.set(new Date(START.getTime() + DAY));
    const res = await admin.post(`/api/admin/invitations/${id}/revoke`);
    expect(res.statusCode).toBe(200);
    expect(res.json().invitation).toMatchObject({
      id,
      status: 'revoked',
      revokedAt: new Date(START.getTime() + DAY).toISOString(),
    });
    expect((await rowOf(email))!.revokedAt).toEqual(new Date(START.getTime() + DAY));

    const link = await visitor.get(`/api/invitations/${token}`);
    expect(link.statusCode).toBe(410);
    expect(link.json().error).toMatchObject({ code: 'INVITATION_WITHDRAWN', message: INVITATION_WITHDRAWN_MESSAGE });

    for (const action of ['revoke', 'resend']) {
      const again = await admin.post(`/api/admin/invitations/${id}/${action}`);
      expect(again.statusCode, action).toBe(409);
      expect(again.json().error.message).toBe(INVITATION_REVOKED_MESSAGE);
    }
    expect(await mailsTo(email)).toHaveLength(1);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit).toMatchObject({
      action: 'postAdminInvitationsByIdRevoke',
      targetLabel: 'Revoke Me',
      changes: { status: { before: 'pending', after: 'revoked' } },
    });
  });

  it('sends again once, valid 30 days from then; the second time is 409 and sends nothing', async () => {
    const email = address('resend');
    await invite(`Send Again,${email},,`);
    const { id } = (await rowOf(email))!;
    const firstToken = await tokenFor(email);
    // After the first link has expired.
    const later = new Date(START.getTime() + 35 * DAY);
    clock.set(later);
    expect((await listed(email)).status).toBe('expired');
    expect((await visitor.get(`/api/invitations/${firstToken}`)).statusCode).toBe(410);

    const res = await admin.post(`/api/admin/invitations/${id}/resend`);
    expect(res.statusCode).toBe(200);
    expect(res.json().invitation).toMatchObject({
      status: 'pending',
      sendCount: 2,
      sentAt: later.toISOString(),
      expiresAt: new Date(later.getTime() + 30 * DAY).toISOString(),
      invitedAt: START.toISOString(),
    });
    expect(await mailsTo(email)).toHaveLength(2);
    const secondToken = await tokenFor(email);
    expect(secondToken).not.toBe(firstToken);
    expect((await visitor.get(`/api/invitations/${secondToken}`)).statusCode).toBe(200);
    // The first mail's link keeps its own end.
    expect((await visitor.get(`/api/invitations/${firstToken}`)).statusCode).toBe(410);

    const again = await admin.post(`/api/admin/invitations/${id}/resend`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'INVITATION_RESENT', message: INVITATION_RESENT_MESSAGE });
    expect(await mailsTo(email)).toHaveLength(2);
    expect((await rowOf(email))!.sendCount).toBe(2);
    const audits = await db().select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audits.map((a) => a.action)).toEqual(['postAdminInvitationsByIdResend']);
  });

  it('refuses to revoke or resend the invitation of someone who joined (409)', async () => {
    const email = address('joiner');
    await invite(`Joiner,${email},,`);
    const { id } = (await rowOf(email))!;
    await registeredClient(ctx.app, { email: email.toUpperCase() });
    for (const action of ['revoke', 'resend']) {
      const res = await admin.post(`/api/admin/invitations/${id}/${action}`);
      expect(res.statusCode, action).toBe(409);
      expect(res.json().error).toEqual({ code: 'INVITATION_JOINED', message: INVITATION_JOINED_MESSAGE });
    }
    expect(await mailsTo(email)).toHaveLength(1);
  });
});

describe("GET /api/invitations/:token (the link's registration form)", () => {
  it('gives the name, e-mail, company and position; registering with them marks the invitation joined', async () => {
    const email = address('welcome');
    await invite(`Welcome Person,${email},Carolina Health,Nurse Manager`);
    const token = await tokenFor(email);
    const res = await visitor.get(`/api/invitations/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.json()).toEqual({
      name: 'Welcome Person',
      email,
      company: 'Carolina Health',
      position: 'Nurse Manager',
    });

    const { user } = await registeredClient(ctx.app, newMember({ email, fullName: 'Welcome Person' }));
    const row = (await rowOf(email))!;
    expect(row.joinedUserId).toBe(user.id);
    expect(row.joinedAt).not.toBeNull();
    const used = await visitor.get(`/api/invitations/${token}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().error.message).toBe(INVITATION_USED_MESSAGE);
  });

  it('answers 410 once the link has expired', async () => {
    const email = address('late');
    await invite(`Late Person,${email},,`);
    const token = await tokenFor(email);
    clock.set(new Date(START.getTime() + 30 * DAY - 1));
    expect((await visitor.get(`/api/invitations/${token}`)).statusCode).toBe(200);
    clock.set(new Date(START.getTime() + 30 * DAY));
    const res = await visitor.get(`/api/invitations/${token}`);
    expect(res.statusCode).toBe(410);
    expect(res.json().error).toEqual({ code: 'INVITATION_EXPIRED', message: INVITATION_EXPIRED_MESSAGE });
  });

  it('refuses a forged, altered or garbled link with 400, writing nothing', async () => {
    const email = address('forged');
    await invite(`Forged Person,${email},,`);
    const token = await tokenFor(email);
    const [payload, signature] = token.split('.') as [string, string];
    const { id } = (await rowOf(email))!;
    // The same invitation, its end moved ten years on, with the real signature.
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    const bytes = Buffer.from(payload, 'base64url');
    bytes.writeBigUInt64BE(BigInt(START.getTime() + 3650 * DAY), 16);
    const longer = bytes.toString('base64url');
    expect(Buffer.from(payload, 'base64url').subarray(0, 16).toString('hex')).toBe(id.replace(/-/g, ''));
    const bad = [
      'garbled',
      `${payload}.`,
      `${payload}.${flipped}`,
      `${longer}.${signature}`,
      `${token}.extra`,
      '%E2%80%AE',
      `${Buffer.alloc(23).toString('base64url')}.${signature}`,
    ];
    const keys = await db().select().from(signingKeys);
    for (const value of bad) {
      const res = await visitor.get(`/api/invitations/${value}`);
      expect(res.statusCode, value).toBe(400);
      expect(res.json().error).toEqual({ code: 'INVALID_INVITATION_LINK', message: INVALID_INVITATION_LINK_MESSAGE });
    }
    expect(await db().select().from(signingKeys)).toEqual(keys);
    // Longer than any token: refused before it reaches the route.
    const tooLong = await visitor.get(`/api/invitations/${'x'.repeat(400)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toEqual(expect.any(String));
  });
});

// Last: the 10,000 rows it invites would be pages ahead of every other test's in the list.
describe('a list of the largest size', () => {
  it('reads a list of 10,000 rows in one request, over the usual 1 MB body limit', async () => {
    const rows = Array.from(
      { length: INVITATION_ROWS_MAX },
      (_, i) =>
        `"Person ${i}, Esq.",bulk${i}.${tag}@bulk.example,"Company ""${i}"" LLC","Partner; Founder of a fairly long title"`,
    );
    const csv = `\uFEFF${csvOf(...rows)}`;
    expect(JSON.stringify({ csv }).length).toBeGreaterThan(1024 * 1024);
    const preview = await admin.post('/api/admin/invitations/preview', { csv });
    expect(preview.statusCode).toBe(200);
    expect((preview.json() as InvitationsPreviewResponse).counts).toEqual({
      total: INVITATION_ROWS_MAX,
      ready: INVITATION_ROWS_MAX,
      problems: 0,
      blocking: 0,
    });
    const mailsBefore = await mailCount();
    const res = await admin.post('/api/admin/invitations', { csv });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ invited: INVITATION_ROWS_MAX, skipped: 0 });
    expect(await mailCount()).toBe(mailsBefore + INVITATION_ROWS_MAX);
    expect(await rowOf(`bulk9999.${tag}@bulk.example`)).toMatchObject({
      name: 'Person 9999, Esq.',
      company: 'Company "9999" LLC',
    });
    // Sent again, every row is someone invited already.
    expect((await admin.post('/api/admin/invitations', { csv })).json()).toEqual({
      invited: 0,
      skipped: INVITATION_ROWS_MAX,
    });
  }, 120_000);
});
