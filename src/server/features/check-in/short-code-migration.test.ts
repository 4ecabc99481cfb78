import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { SHORT_CODE_ALPHABET } from '../../../shared/check-in-texts';

// Tickets issued before short codes existed get theirs from migration 0015: one per member's
// and guest's ticket, from the alphabet, unique within each event.

const migrations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');
let dir = '';
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('gives every ticket issued before it a short code of its own within the event', async () => {
  // The migrations up to 0014, in a folder of their own.
  dir = await mkdtemp(path.join(tmpdir(), 'pm-short-codes-'));
  const before = path.join(dir, 'migrations');
  await cp(migrations, before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === '0015_ticket_short_code');
  expect(at).toBeGreaterThan(0);
  await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));

  const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
  try {
    await migrate(drizzle(client), { migrationsFolder: before });
    // Raw SQL: these tables as they were before the migration, which the schema no longer describes.
    await client.exec(`
      insert into "user" (id, name, email, email_verified, created_at, updated_at)
        select 'u' || i, 'Member ' || i, 'm' || i || '@example.com', true, now(), now() from generate_series(1, 120) i;
      insert into profiles (id, username) select 'u' || i, 'member' || i from generate_series(1, 120) i;
      insert into events (id, name, start_time, end_time) values
        ('00000000-0000-4000-8000-000000000001', 'A', now(), now()),
        ('00000000-0000-4000-8000-000000000002', 'B', now(), now());
      insert into event_attendees (event_id, user_id, status)
        select '00000000-0000-4000-8000-000000000001', 'u' || i, 'attending' from generate_series(1, 120) i;
      insert into event_attendees (event_id, user_id, status)
        select '00000000-0000-4000-8000-000000000002', 'u' || i, 'waitlisted' from generate_series(1, 40) i;
      insert into event_guests (event_id, profile_id, guest_name, guest_email)
        select '00000000-0000-4000-8000-000000000001', 'u' || i, 'Guest ' || i, 'g' || i || '@example.com'
        from generate_series(1, 30) i;
    `);
    await migrate(drizzle(client), { migrationsFolder: migrations });
    const { rows } = await client.query<{ eventId: string; code: string }>(`
      select event_id as "eventId", short_code as code from event_attendees
      union all select event_id, short_code from event_guests`);
    expect(rows).toHaveLength(190);
    for (const row of rows) expect(row.code).toMatch(new RegExp(`^[${SHORT_CODE_ALPHABET}]{8}$`));
    expect(new Set(rows.map((r) => `${r.eventId}|${r.code}`)).size).toBe(190);
    // And no code from outside the alphabet, or of another length, gets in afterwards.
    for (const [table, bad] of [
      ['event_attendees', 'K7MW3QX0'],
      ['event_guests', 'K7MW3QXL'],
      ['event_attendees', 'k7mw3qxp'],
      ['event_guests', 'K7MW3QXPP'],
    ]) {
      await expect(
        client.query(`update ${table} set short_code = $1 where ctid = (select min(ctid) from ${table})`, [bad]),
      ).rejects.toThrow(/short_code_check/);
    }
  } finally {
    await client.close();
  }
});
