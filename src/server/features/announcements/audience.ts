import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Audience, AudienceCount } from '../../../shared/announcements';

// Who an announcement reaches: the members its audience names (shared/announcements.ts), less
// those who turned Community news off. One SQL condition on `p` (profiles) per kind, so the
// count the admin sees and the recipients listed when sending come from the same words.

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

/** Rows (user_id, email, opted_in) of everyone the audience names. */
function named(audience: Audience, timeZone: string): SQL {
  // Raw (as this file): the audience's condition is one SQL fragment shared by the count and the
  // insert-select that lists the recipients; the builder would need each written twice.
  return sql`select p.id as user_id, lower(u.email) as email, coalesce(np.community_news, true) as opted_in
    from profiles p
    join "user" u on u.id = p.id
    left join notification_preferences np on np.user_id = p.id
    where ${condition(audience, timeZone)}`;
}

export async function countAudience(db: Db, audience: Audience, timeZone: string): Promise<AudienceCount> {
  const { rows } = await db.execute<{ count: string | number; opted_out: string | number }>(
    sql`select count(*) filter (where opted_in) as count, count(*) filter (where not opted_in) as opted_out
      from (${named(audience, timeZone)}) n`,
  );
  return { count: Number(rows[0]?.count ?? 0), optedOut: Number(rows[0]?.opted_out ?? 0) };
}

/** Lists the announcement's recipients once (a second call adds nobody already listed, nor a
 * second member with the same address); answers how many were listed. */
export async function listRecipients(db: Db, announcementId: string, audience: Audience, timeZone: string) {
  const { rows } = await db.execute<{ n: string | number }>(
    sql`with listed as (
        insert into announcement_recipients (announcement_id, user_id, email)
        select ${announcementId}::uuid, n.user_id, n.email from (${named(audience, timeZone)}) n
        where n.opted_in
        on conflict do nothing
        returning 1)
      select count(*) as n from listed`,
  );
  return Number(rows[0]?.n ?? 0);
}
