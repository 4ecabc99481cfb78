import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectCodes, eventAttendees, eventCheckIns, eventGuests, offersAndAsks, profiles } from '../../db/schema';
import { adminClient, createEvent, createMembers, signIn } from '../../test/factories';
import { Client, createTestContext, type TestContext } from '../../test/harness';
import { MEMBERS } from '../../setup/seed/data';
import { BADGE_TEXTS, badgesUrl, type BadgesQuery } from '../../../shared/badges';

// Name badges (issue 36): the PDF read back by pdf.js: pages per layout, every name in it, long
// names within their badge, other scripts' names as text, offers and asks only for those in
// People to meet, and who may download it.

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await adminClient(ctx.app)).client;
});
afterAll(async () => ctx?.close());
const db = () => ctx.database.db;

const LONG = 'Maximiliana Alexandrina Featherstonehaugh-Cholmondeley';
const NAMES = ['Zoë Ibáñez', 'محمد الأحمد', '张伟', 'Анна Кузнецова', LONG];

interface PdfText {
  pages: number;
  /** Each page's text items with where they start and how wide they are, in points. */
  items: { page: number; text: string; x: number; y: number; width: number }[];
  pageWidth: number;
}

async function readPdf(bytes: Buffer): Promise<PdfText> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const items: PdfText['items'] = [];
  let pageWidth = 0;
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    pageWidth = page.view[2]!;
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || !item.str) continue;
      items.push({ page: n, text: item.str, x: item.transform[4], y: item.transform[5], width: item.width });
    }
  }
  await doc.destroy();
  return { pages: doc.numPages, items, pageWidth };
}

/** The text of a page, items joined: a name set in several runs reads as one. */
const pageText = (pdf: PdfText, page: number) =>
  pdf.items
    .filter((i) => i.page === page)
    .map((i) => i.text)
    .join('');

async function setUp(count: number) {
  const event = await createEvent(db(), { name: 'December Power Mixer' });
  const members = await createMembers(db(), count, `badge${count}`);
  await db()
    .insert(eventAttendees)
    .values(members.map((m) => ({ eventId: event.id, userId: m.id, status: 'attending' })));
  return { event, members };
}

const download = (client: Client, eventId: string, query: BadgesQuery = {}) => client.get(badgesUrl(eventId, query));

describe('name badges', () => {
  it('prints every attending member and guest, six or eight to a sheet, names in any script', async () => {
    const { event, members } = await setUp(NAMES.length + 6);
    for (const [i, name] of NAMES.entries()) {
      await db().update(profiles).set({ fullName: name }).where(eq(profiles.id, members[i]!.id));
    }
    await db()
      .insert(eventGuests)
      .values([
        { eventId: event.id, profileId: members[0]!.id, guestName: 'Grace Guest', guestEmail: 'grace@example.com' },
      ]);
    const waitlisted = (await createMembers(db(), 1, 'badgewait'))[0]!;
    await db().insert(eventAttendees).values({ eventId: event.id, userId: waitlisted.id, status: 'waitlisted' });

    const res = await download(admin, event.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="badges-december-power-mixer.pdf"');
    const pdf = await readPdf(res.rawPayload);
    // 11 members and one guest: two Letter sheets of six.
    expect(pdf.pages).toBe(2);
    expect(pdf.pageWidth).toBeCloseTo(612, 0);
    const all = pdf.items.map((i) => i.text).join('\n');
    for (const m of members.slice(NAMES.length)) expect(all).toContain(m.username);
    expect(all).not.toContain(waitlisted.username);
    expect(all).toContain('Grace');
    expect(all).toContain(BADGE_TEXTS.guestOf('Zoë Ibáñez'));
    for (const name of ['Zoë Ibáñez', '张伟', 'Анна Кузнецова']) {
      expect(all.normalize('NFC')).toContain(name);
    }
    // Arabic is shaped (joined letters, the lam-alef ligature) and read back in its order. The
    // ligature's glyph reads back as no letter (pdf-lib maps one code point per glyph), so the
    // name is checked on each side of it.
    const arabic = pdf.items.map((i) => i.text.normalize('NFKC')).filter((t) => /[\u0600-\u06ff]/.test(t));
    expect(arabic).toContain('محمد');
    expect(arabic.some((t) => t.startsWith('محمد ال') && t.endsWith('حمد'))).toBe(true);

    // Eight to a sheet on labels; A4 is 595 points wide.
    const labels = await readPdf((await download(admin, event.id, { layout: 'label', paper: 'a4' })).rawPayload);
    expect(labels.pages).toBe(2);
    expect(labels.pageWidth).toBeCloseTo(595.28, 1);
  });

  it("shrinks a long name to fit its badge, never past its edge: the demo's longest, and a longer one", async () => {
    const demo = [...MEMBERS].sort((a, b) => `${b.first} ${b.last}`.length - `${a.first} ${a.last}`.length)[0]!;
    const people = [
      { fullName: `${demo.first} ${demo.last}`, position: demo.position, company: demo.company },
      {
        fullName: LONG,
        position: 'Managing Director',
        company: 'Featherstonehaugh Commercial Capital Partners of the Carolinas',
      },
    ];
    for (const person of people) {
      const { event, members } = await setUp(1);
      await db().update(profiles).set(person).where(eq(profiles.id, members[0]!.id));
      for (const layout of ['insert', 'label'] as const) {
        const pdf = await readPdf((await download(admin, event.id, { layout })).rawPayload);
        const badgeWidth = layout === 'insert' ? 4 * 72 : 3.375 * 72;
        // The badge's left edge: its lines start 14 points (scaled) inside it.
        const left = Math.min(...pdf.items.map((i) => i.x));
        for (const item of pdf.items) {
          expect(item.x + item.width, `${item.text} (${layout})`).toBeLessThanOrEqual(left + badgeWidth - 2 * 10);
        }
        const text = pdf.items.map((i) => i.text).join('');
        expect(text).toContain(person.fullName.split(' ')[0]);
      }
    }
  });

  it("shows what a member offers and looks for, unless they left People to meet, and each one's connect code", async () => {
    const { event, members } = await setUp(2);
    const [open, hidden] = members;
    for (const m of members) {
      await db()
        .insert(offersAndAsks)
        .values([
          { userId: m!.id, kind: 'offer', text: 'commercial lending', position: 0 },
          { userId: m!.id, kind: 'ask', text: 'SBA loan referrals', position: 0 },
        ]);
    }
    await db().update(profiles).set({ inPeopleToMeet: false }).where(eq(profiles.id, hidden!.id));
    const pdf = await readPdf((await download(admin, event.id)).rawPayload);
    const text = pageText(pdf, 1);
    expect(text).toContain(BADGE_TEXTS.askMeAbout('commercial lending'));
    expect(text).toContain(BADGE_TEXTS.lookingFor('SBA loan referrals'));
    expect(text.split(BADGE_TEXTS.askMeAbout('commercial lending'))).toHaveLength(2); // once: not the hidden one's
    expect(text).toContain(BADGE_TEXTS.scanToConnect);
    // Both got a personal code (made for the one who had none yet).
    const codes = await db().select().from(connectCodes);
    expect(codes.map((c) => c.userId)).toEqual(expect.arrayContaining([open!.id, hidden!.id]));
  });

  it('prints only those checked in, or one ticket by its code', async () => {
    const { event, members } = await setUp(3);
    await db()
      .insert(eventCheckIns)
      .values({
        eventId: event.id,
        ticket: `member:${members[1]!.id}`,
        userId: members[1]!.id,
        checkedInAt: new Date(),
        device: 'test',
        checkedInBy: members[1]!.id,
      });
    const checked = await readPdf((await download(admin, event.id, { who: 'checked-in' })).rawPayload);
    expect(checked.items.map((i) => i.text).join('\n')).toContain(members[1]!.username);
    expect(checked.items.map((i) => i.text).join('\n')).not.toContain(members[0]!.username);

    const [ticket] = await db().select().from(eventAttendees).where(eq(eventAttendees.userId, members[2]!.id));
    const one = await readPdf(
      (await download(admin, event.id, { ticket: ticket!.shortCode.toLowerCase() })).rawPayload,
    );
    expect(one.pages).toBe(1);
    const text = one.items.map((i) => i.text).join('\n');
    expect(text).toContain(members[2]!.username);
    expect(text).not.toContain(members[1]!.username);

    const nobody = await download(admin, event.id, { ticket: 'ZZZZZZZZ' });
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().error.message).toBe(BADGE_TEXTS.none);
    const bad = await download(admin, event.id, { layout: 'poster' as never });
    expect(bad.statusCode).toBe(422);
  });

  it("is for admins and the event's door staff, not members or visitors", async () => {
    const { event } = await setUp(1);
    const other = await createEvent(db(), { name: 'Another evening' });
    await db()
      .insert(eventAttendees)
      .values({ eventId: other.id, userId: (await createMembers(db(), 1, 'othr'))[0]!.id, status: 'attending' });
    const [staff, member] = await createMembers(db(), 2, 'badgestaff');
    const put = await admin.request('PUT', `/api/admin/events/${event.id}/door-staff`, { userIds: [staff!.id] });
    expect(put.statusCode).toBe(200);
    const staffClient = await signIn(ctx.app, staff!);
    expect((await download(staffClient, event.id)).statusCode).toBe(200);
    expect((await download(staffClient, other.id)).statusCode).toBe(403);
    expect((await download(await signIn(ctx.app, member!), event.id)).statusCode).toBe(403);
    expect((await download(new Client(ctx.app), event.id)).statusCode).toBe(401);
    expect((await download(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
