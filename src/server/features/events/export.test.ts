import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { eventCheckIns, eventGuests, profiles } from '../../db/schema';
import { Client, createTestContext, type TestContext } from '../../test/harness';
import { adminClient, createEvent, createMembers, signIn } from '../../test/factories';
import { ATTENDEE_EXPORT_COLUMNS, attendeeExportFileName, localDate } from '../../../shared/event-admin';
import { BATCH, csvCell, localIso } from './export';

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await adminClient(ctx.app)).client;
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const MISSING = '00000000-0000-4000-8000-000000000000';
const HEADER =
  'Type,Name,Email,Username,Company,Position,Website,Instagram,Facebook,LinkedIn,Status,Registration Date,Checked In,Guest of';

/** A small RFC 4180 reader: quoted cells may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks, and neutralises formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
    expect(csvCell('Smith, Jane')).toBe('"Smith, Jane"');
    expect(csvCell('The "Boss"')).toBe('"The ""Boss"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    for (const start of ['+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1+1`).replace(/"/g, '')).toMatch(/^'/);
  });
});

describe('GET /api/admin/events/:id/attendees.csv', () => {
  it('answers 401 to a visitor, 403 to a member and 404 for a missing event', async () => {
    const event = await createEvent(db());
    const url = `/api/admin/events/${event.id}/attendees.csv`;
    expect((await new Client(ctx.app).get(url)).statusCode).toBe(401);
    const [m] = await createMembers(db(), 1, 'csvm');
    expect((await (await signIn(ctx.app, m!)).get(url)).statusCode).toBe(403);
    expect((await admin.get(`/api/admin/events/${MISSING}/attendees.csv`)).statusCode).toBe(404);
  });

  it('exports members then guests with the exact columns, a BOM, correct quoting and no formulas', async () => {
    const event = await createEvent(db(), { name: 'Café Night: Q3, "Founders"!' });
    const [a, b, c] = await createMembers(db(), 3, 'csv');
    await db()
      .update(profiles)
      .set({
        fullName: 'Smith, "Jane"',
        company: '=cmd|/C calc!A0',
        position: 'Head of\nGrowth',
        website: 'https://jane.example.com',
        instagramUrl: 'https://instagram.com/jane',
        facebookUrl: '@jane',
        linkedinUrl: '-2+3',
      })
      .where(eq(profiles.id, a!.id));
    await db().update(profiles).set({ fullName: 'Zoë Ørsted' }).where(eq(profiles.id, b!.id));
    await db().execute(sql`insert into event_attendees (event_id, user_id, status, created_at) values
      (${event.id}, ${a!.id}, 'attending', '2030-01-01T10:00:00Z'),
      (${event.id}, ${b!.id}, 'waitlisted', '2030-01-01T11:00:00Z'),
      (${event.id}, ${c!.id}, 'maybe', '2030-01-01T12:00:00Z')`);
    await db()
      .insert(eventGuests)
      .values({ eventId: event.id, profileId: a!.id, guestName: '+Guest, One', guestEmail: 'guest.one@example.com' });

    const res = await admin.get(`/api/admin/events/${event.id}/attendees.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = localDate(new Date(), 'America/New_York');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="caf__night__q3___founders___attendees_${today}.csv"`,
    );
    expect(attendeeExportFileName(event.name, today)).toBe(`caf__night__q3___founders___attendees_${today}.csv`);

    const body = res.rawPayload.toString('utf8');
    expect(body.charCodeAt(0)).toBe(0xfeff);
    expect(body.slice(1).split('\r\n')[0]).toBe(HEADER);
    expect(ATTENDEE_EXPORT_COLUMNS.join(',')).toBe(HEADER);

    const rows = parseCsv(body.slice(1));
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.length === 14)).toBe(true);
    const [, jane, zoe, maybe, guest] = rows;
    expect(jane).toEqual([
      'Member',
      'Smith, "Jane"',
      a!.email,
      a!.username,
      "'=cmd|/C calc!A0",
      'Head of\nGrowth',
      'https://jane.example.com',
      'https://instagram.com/jane',
      "'@jane",
      "'-2+3",
      'attending',
      '2030-01-01T05:00:00.000-05:00',
      '',
      '',
    ]);
    expect(zoe!.slice(0, 2)).toEqual(['Member', 'Zoë Ørsted']);
    expect(zoe![10]).toBe('waitlisted');
    expect(maybe![10]).toBe('maybe');
    expect(guest).toEqual([
      'Guest',
      "'+Guest, One",
      'guest.one@example.com',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      'attending',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-0[45]:00$/),
      '',
      // Guest of: the member who brought them, by the name the Name column gives members.
      'Smith, "Jane"',
    ]);
  });

  it('adds Checked In after the spec columns: the time the door admitted each member and guest, in the community time zone', async () => {
    const event = await createEvent(db(), { name: 'Door Night' });
    const [a, b] = await createMembers(db(), 2, 'csvci');
    await db().execute(sql`insert into event_attendees (event_id, user_id, status, created_at) values
      (${event.id}, ${a!.id}, 'attending', '2030-03-01T10:00:00Z'),
      (${event.id}, ${b!.id}, 'attending', '2030-03-01T11:00:00Z')`);
    const [guest] = await db()
      .insert(eventGuests)
      .values([
        { eventId: event.id, profileId: a!.id, guestName: 'Jordan Lee', guestEmail: 'jordan@example.com' },
        { eventId: event.id, profileId: a!.id, guestName: 'Sam Park', guestEmail: 'sam@example.com' },
      ])
      .returning();
    // Winter in New York (UTC-5) and a summer time (UTC-4): the offset follows the date.
    await db()
      .insert(eventCheckIns)
      .values([
        {
          eventId: event.id,
          ticket: `member:${a!.id}`,
          userId: a!.id,
          checkedInAt: new Date('2030-03-02T00:05:09.250Z'),
          device: 'Front door',
        },
        {
          eventId: event.id,
          ticket: `guest:${guest!.id}`,
          userId: a!.id,
          guestId: guest!.id,
          checkedInAt: new Date('2030-07-01T23:30:00Z'),
          device: 'Side door',
        },
      ]);

    const res = await admin.get(`/api/admin/events/${event.id}/attendees.csv`);
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.rawPayload.toString('utf8').slice(1));
    expect(rows[0]!.slice(12)).toEqual(['Checked In', 'Guest of']);
    expect(rows[0]!.slice(0, 12).join(',')).toBe(HEADER.replace(',Checked In,Guest of', ''));
    const byEmail = new Map(rows.slice(1).map((r) => [r[2], r]));
    expect(byEmail.get(a!.email)![12]).toBe('2030-03-01T19:05:09.250-05:00');
    expect(byEmail.get(b!.email)![12]).toBe('');
    expect(byEmail.get('jordan@example.com')![12]).toBe('2030-07-01T19:30:00.000-04:00');
    expect(byEmail.get('sam@example.com')![12]).toBe('');
    expect(localIso('2030-03-02T00:05:09.250Z', 'Asia/Kolkata')).toBe('2030-03-02T05:35:09.250+05:30');
  });

  it("writes Registration Date in the community's time zone like Checked In, and Guest of names who brought each guest", async () => {
    const event = await createEvent(db(), { name: 'Guest Night' });
    const [named, unnamed] = await createMembers(db(), 2, 'csvhost');
    await db().update(profiles).set({ fullName: 'Jordan Lee' }).where(eq(profiles.id, named!.id));
    await db().update(profiles).set({ fullName: null }).where(eq(profiles.id, unnamed!.id));
    // A winter registration (UTC-5) and a summer one (UTC-4).
    await db().execute(sql`insert into event_attendees (event_id, user_id, status, created_at) values
      (${event.id}, ${named!.id}, 'attending', '2030-01-15T03:30:00.125Z'),
      (${event.id}, ${unnamed!.id}, 'attending', '2030-07-04T16:00:00Z')`);
    await db()
      .insert(eventGuests)
      .values([
        {
          eventId: event.id,
          profileId: named!.id,
          guestName: 'Ada Park',
          guestEmail: 'ada.park@example.com',
          createdAt: new Date('2030-07-05T02:15:00Z'),
        },
        {
          eventId: event.id,
          profileId: unnamed!.id,
          guestName: 'Ben Ruiz',
          guestEmail: 'ben.ruiz@example.com',
          createdAt: new Date('2030-07-05T02:16:00Z'),
        },
      ]);

    const res = await admin.get(`/api/admin/events/${event.id}/attendees.csv`);
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(res.rawPayload.toString('utf8').slice(1));
    expect(header!.slice(10)).toEqual(['Status', 'Registration Date', 'Checked In', 'Guest of']);
    const cells = (r: string[]) => ({ type: r[0], name: r[1], registered: r[11], guestOf: r[13] });
    expect(rows.map(cells)).toEqual([
      { type: 'Member', name: 'Jordan Lee', registered: '2030-01-14T22:30:00.125-05:00', guestOf: '' },
      { type: 'Member', name: unnamed!.username, registered: '2030-07-04T12:00:00.000-04:00', guestOf: '' },
      // The evening of July 4th in New York, though already July 5th in UTC.
      { type: 'Guest', name: 'Ada Park', registered: '2030-07-04T22:15:00.000-04:00', guestOf: 'Jordan Lee' },
      { type: 'Guest', name: 'Ben Ruiz', registered: '2030-07-04T22:16:00.000-04:00', guestOf: unnamed!.username },
    ]);
    // The same form as Checked In: the shape localIso gives.
    expect(rows[0]![11]).toBe(localIso('2030-01-15T03:30:00.125Z', 'America/New_York'));
  });

  it('streams more rows than one page, in registration order, with ties broken by id', async () => {
    const event = await createEvent(db(), { name: 'Big One' });
    const count = BATCH * 2 + 37;
    const members = await createMembers(db(), count, 'big');
    // One statement: half of them share the very same created_at, so the keyset needs the id.
    await db().execute(sql`insert into event_attendees (event_id, user_id, status, created_at)
      select ${event.id}, p.id, 'attending',
        case when p.username like '%_1%' then '2030-02-01T00:00:00Z'::timestamptz
          else '2030-02-01T00:00:00Z'::timestamptz + (random() * interval '1 day') end
      from profiles p where p.username like 'big%'`);
    const res = await admin.get(`/api/admin/events/${event.id}/attendees.csv`);
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.rawPayload.toString('utf8').slice(1)).slice(1);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((r) => r[3])).size).toBe(count);
    expect(new Set(rows.map((r) => r[3]))).toEqual(new Set(members.map((m) => m.username)));
    const dates = rows.map((r) => r[11]!);
    expect([...dates].sort()).toEqual(dates);
  });
});
