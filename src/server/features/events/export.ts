import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ATTENDEE_EXPORT_COLUMNS } from '../../../shared/event-admin';

// The attendee export (spec 2 section 9): members in registration order, then guests (type
// Guest, status attending). Streamed: rows are read in pages of BATCH by keyset (created_at,
// id), so ten thousand attendees never sit in memory at once.

export const BATCH = 500;

/** A cell a spreadsheet would run as a formula (=, +, -, @, or a leading tab / carriage
 * return) is prefixed with an apostrophe, which shows it as the text it is (OWASP CSV injection). */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: (string | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;

type MemberRow = {
  id: string;
  created_at: Date | string;
  created_key: string;
  status: string;
  email: string;
  username: string;
  full_name: string | null;
  company: string | null;
  position: string | null;
  website: string | null;
  instagram_url: string | null;
  facebook_url: string | null;
  linkedin_url: string | null;
  checked_in_at: Date | string | null;
};

type GuestRow = {
  id: string;
  created_at: Date | string;
  created_key: string;
  guest_name: string;
  guest_email: string;
  /** The member who brought them: their name, or their username when they gave none. */
  host_name: string;
  checked_in_at: Date | string | null;
};

// Raw SQL (both pages): the keyset carries the exact microsecond timestamp as text (a JS Date keeps
// only milliseconds), which the builder's Date columns would lose.
const createdKey = (alias: 'a' | 'g') =>
  sql.raw(`to_char(${alias}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`);

async function* memberPages(db: Db, eventId: string) {
  let after: { created: string; id: string } | null = null;
  for (;;) {
    const cursor: ReturnType<typeof sql> = after
      ? sql`and (a.created_at, a.id) > (${after.created}::timestamp at time zone 'UTC', ${after.id}::uuid)`
      : sql``;
    const page: { rows: MemberRow[] } = await db.execute<MemberRow>(sql`
      select a.id, a.created_at, ${createdKey('a')} as created_key,
        a.status, u.email, p.username, p.full_name, p.company, p.position, p.website, p.instagram_url, p.facebook_url,
        p.linkedin_url, c.checked_in_at
      from event_attendees a join profiles p on p.id = a.user_id join "user" u on u.id = p.id
        left join event_check_ins c on c.event_id = a.event_id and c.ticket = 'member:' || a.user_id
      where a.event_id = ${eventId} ${cursor}
      order by a.created_at, a.id limit ${BATCH}`);
    if (page.rows.length === 0) return;
    yield page.rows;
    const last = page.rows[page.rows.length - 1]!;
    after = { created: last.created_key, id: last.id };
    if (page.rows.length < BATCH) return;
  }
}

async function* guestPages(db: Db, eventId: string) {
  let after: { created: string; id: string } | null = null;
  for (;;) {
    const cursor: ReturnType<typeof sql> = after
      ? sql`and (g.created_at, g.id) > (${after.created}::timestamp at time zone 'UTC', ${after.id}::uuid)`
      : sql``;
    const page: { rows: GuestRow[] } = await db.execute<GuestRow>(sql`
      select g.id, g.created_at, ${createdKey('g')} as created_key,
        g.guest_name, g.guest_email, coalesce(nullif(p.full_name, ''), p.username) as host_name, c.checked_in_at
      from event_guests g join profiles p on p.id = g.profile_id
        left join event_check_ins c on c.event_id = g.event_id and c.ticket = 'guest:' || g.id::text
      where g.event_id = ${eventId} ${cursor}
      order by g.created_at, g.id limit ${BATCH}`);
    if (page.rows.length === 0) return;
    yield page.rows;
    const last = page.rows[page.rows.length - 1]!;
    after = { created: last.created_key, id: last.id };
    if (page.rows.length < BATCH) return;
  }
}

/** An instant as ISO 8601 on the community's clocks, with its offset (`2030-01-01T19:05:00.000-05:00`):
 * Registration Date and Checked In alike, read as the community's local time. */
export function localIso(value: Date | string, timeZone: string): string {
  const date = new Date(value);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const ms = String(date.getUTCMilliseconds()).padStart(3, '0');
  const wall = `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
  const offset = Math.round((Date.parse(`${wall}.${ms}Z`) - date.getTime()) / 60_000);
  const abs = Math.abs(offset);
  const sign = offset < 0 ? '-' : '+';
  return `${wall}.${ms}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The CSV, UTF-8 with a byte-order mark (so spreadsheet programs read accented names), as a
 * stream of one chunk per page. */
export function attendeeCsv(db: Db, eventId: string, timeZone: string): Readable {
  async function* lines() {
    yield `\uFEFF${csvLine([...ATTENDEE_EXPORT_COLUMNS])}`;
    for await (const rows of memberPages(db, eventId)) {
      yield rows
        .map((r) =>
          csvLine([
            'Member',
            r.full_name || r.username,
            r.email,
            r.username,
            r.company,
            r.position,
            r.website,
            r.instagram_url,
            r.facebook_url,
            r.linkedin_url,
            r.status,
            localIso(r.created_at, timeZone),
            r.checked_in_at ? localIso(r.checked_in_at, timeZone) : '',
            '',
          ]),
        )
        .join('');
    }
    for await (const rows of guestPages(db, eventId)) {
      yield rows
        .map((r) =>
          csvLine([
            'Guest',
            r.guest_name,
            r.guest_email,
            '',
            '',
            '',
            '',
            '',
            '',
            '',
            'attending',
            localIso(r.created_at, timeZone),
            r.checked_in_at ? localIso(r.checked_in_at, timeZone) : '',
            r.host_name,
          ]),
        )
        .join('');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
