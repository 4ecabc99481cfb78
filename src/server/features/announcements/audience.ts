import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Audience, AudienceCount } from '../../../shared/announcements';

// Who an announcement reaches: the members its audience names (shared/announcements.ts), less
// those who turned Community news off. One SQL condition on `p` (profiles) per kind, so the
// count the admin sees and the recipients the sender lists come from the same words.

/** `%text%` for LIKE, the text's own % and _ taken literally. */
const contains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function condition(audience: Audience, timeZone: string): SQL {
  switch (audience.kind) {
    case 'all':
      return sql`true`;
    case 'events': {
      const ids = sql`(${sql.join(
        audience.eventIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`;
      const checkedIn = (event: SQL) =>
        sql`exists (select 1 from event_check_ins c where c.event_id = ${event} and c.user_id = p.id and c.guest_id is null)`;
      if (audience.attendance === 'checked-in') {
        return sql`exists (select 1 from event_check_ins c where c.event_id in ${ids} and c.user_id = p.id and c.guest_id is null)`;
      }
      const attending = sql`a.user_id = p.id and a.event_id in ${ids} and a.status = 'attending'`;
      return audience.attendance === 'registered'
        ? sql`exists (select 1 from event_attendees a where ${attending})`
        : sql`exists (select 1 from event_attendees a where ${attending} and not ${checkedIn(sql`a.event_id`)})`;
    }
    case 'skill':
      return sql`exists (select 1 from user_skills us join skills s on s.id = us.skill_id
        where us.user_id = p.id and lower(s.name) = lower(${audience.skill}))`;
    case 'offer':
    case 'ask':
      return sql`exists (select 1 from offers_and_asks o
        where o.user_id = p.id and o.kind = ${audience.kind} and lower(o.text) like ${contains(audience.text)})`;
    case 'joined-since':
      return sql`p.created_at >= (${audience.date}::date)::timestamp at time zone ${timeZone}`;
  }
}

/** Rows (user_id, email, opted_in) of everyone the audience names; with `after`, only members
 * whose id sorts after it. */
function named(audience: Audience, timeZone: string, after: string | null = null): SQL {
  // Raw (as this file): the audience's condition is one SQL fragment shared by the count and the
  // insert-select that lists the recipients; the builder would need each written twice.
  // The cursor is said on each joined table too: otherwise the planner's merge joins read "user"
  // and the preferences from their first row for every batch.
  const past = (column: SQL) => (after === null ? sql`` : sql`and ${column} > ${after}`);
  return sql`select p.id as user_id, lower(u.email) as email, coalesce(np.community_news, true) as opted_in
    from profiles p
    join "user" u on u.id = p.id ${past(sql`u.id`)}
    left join notification_preferences np on np.user_id = p.id ${past(sql`np.user_id`)}
    where (${condition(audience, timeZone)}) ${past(sql`p.id`)}`;
}

export async function countAudience(db: Db, audience: Audience, timeZone: string): Promise<AudienceCount> {
  const { rows } = await db.execute<{ count: string | number; opted_out: string | number }>(
    sql`select count(*) filter (where opted_in) as count, count(*) filter (where not opted_in) as opted_out
      from (${named(audience, timeZone)}) n`,
  );
  return { count: Number(rows[0]?.count ?? 0), optedOut: Number(rows[0]?.opted_out ?? 0) };
}

/** Lists the next `limit` members the audience names after `after` (a profiles.id; null: from
 * the first) in id order, less those with Community news off. A member or an address already
 * listed is not listed again. Answers how many were listed, the last id the batch covered, and
 * whether it reached the end. */
export async function listRecipientsBatch(
  db: Db,
  announcementId: string,
  audience: Audience,
  timeZone: string,
  after: string | null,
  limit: number,
) {
  const { rows } = await db.execute<{ listed: string | number; scanned: string | number; last: string | null }>(
    sql`with batch as (
        select n.* from (${named(audience, timeZone, after)} order by p.id limit ${limit}) n),
      listed as (
        insert into announcement_recipients (announcement_id, user_id, email)
        select ${announcementId}::uuid, b.user_id, b.email from batch b
        where b.opted_in
        on conflict do nothing
        returning 1)
      select (select count(*) from listed) as listed, (select count(*) from batch) as scanned,
        (select max(user_id) from batch) as last`,
  );
  const row = rows[0]!;
  const scanned = Number(row.scanned);
  return { listed: Number(row.listed), last: row.last, done: scanned < limit };
}
