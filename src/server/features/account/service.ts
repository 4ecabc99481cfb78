import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound, unprocessable } from '../../platform/errors';
import { USERNAME_MISMATCH } from '../../../shared/account';
import { USER_NOT_FOUND } from '../../../shared/users';

// A member's own account: everything the product holds about them, as one file.

type Row = Record<string, unknown>;

/** Timestamps as ISO strings, column names as they are (snake_case, like the database). */
function plain(rows: Row[]): Row[] {
  return rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])),
  );
}

export async function exportAccount(db: Db, userId: string) {
  const all = async (query: SQL) => plain((await db.execute<Row>(query)).rows);
  const profile = await all(sql`select p.id, p.username, u.email, p.full_name, p.company, p.position, p.website,
      p.bio, p.avatar_url, p.instagram_url, p.facebook_url, p.linkedin_url, p.is_admin, p.is_sponsor, p.is_panelist,
      p.created_at
    from profiles p join "user" u on u.id = p.id where p.id = ${userId}`);
  if (!profile[0]) throw notFound(USER_NOT_FOUND);
  const [
    skills,
    registrations,
    guests,
    connections,
    messagesSent,
    messagesReceived,
    forumPosts,
    forumReplies,
    reports,
    blocks,
    emailPreferences,
    reminders,
    notificationEmails,
    calendarFeed,
    checkIns,
    doorStaff,
    offersAsks,
    connectCode,
    morningAfter,
    inPeopleToMeet,
  ] = await Promise.all([
    all(sql`select s.name, s.category, us.created_at as added_at
      from user_skills us join skills s on s.id = us.skill_id where us.user_id = ${userId} order by s.name`),
    all(sql`select a.event_id, e.name as event_name, e.start_time as event_start, a.status, a.created_at
      from event_attendees a join events e on e.id = a.event_id where a.user_id = ${userId} order by a.created_at`),
    all(sql`select g.event_id, e.name as event_name, g.guest_name, g.guest_email, g.created_at
      from event_guests g join events e on e.id = g.event_id where g.profile_id = ${userId} order by g.created_at`),
    all(sql`select case when c.requester_id = ${userId} then 'sent' else 'received' end as direction,
        p.username as member, c.status, c.created_at, c.updated_at
      from connections c
      join profiles p on p.id = case when c.requester_id = ${userId} then c.recipient_id else c.requester_id end
      where c.requester_id = ${userId} or c.recipient_id = ${userId} order by c.created_at`),
    all(sql`select m.id, r.username as to_member, m.subject, m.content, m.created_at, m.read_at,
        m.sender_deleted_at as deleted_by_you_at
      from messages m join profiles r on r.id = m.recipient_id where m.sender_id = ${userId} order by m.created_at`),
    all(sql`select m.id, s.username as from_member, m.subject, m.content, m.created_at, m.read_at,
        m.recipient_deleted_at as deleted_by_you_at
      from messages m left join profiles s on s.id = m.sender_id where m.recipient_id = ${userId}
      order by m.created_at`),
    all(sql`select fp.id, f.name as forum, fp.title, fp.content, fp.created_at, fp.edited_at
      from forum_posts fp join forums f on f.id = fp.forum_id where fp.author_id = ${userId} order by fp.created_at`),
    all(sql`select fr.id, fp.title as post, fr.content, fr.created_at, fr.edited_at
      from forum_replies fr join forum_posts fp on fp.id = fr.post_id where fr.author_id = ${userId}
      order by fr.created_at`),
    all(sql`select target_type, target_id, reason, status, created_at
      from reports where reporter_id = ${userId} order by created_at`),
    all(sql`select p.username as member, b.created_at
      from member_blocks b join profiles p on p.id = b.blocked_id where b.blocker_id = ${userId} order by b.created_at`),
    all(sql`select event_reminders, messages, connection_requests, forum_replies, morning_after, updated_at
      from notification_preferences where user_id = ${userId}`),
    all(sql`select r.event_id, e.name as event_name, r.offset_minutes, r.status, r.sent_at
      from event_reminders r join events e on e.id = r.event_id where r.recipient = ${`member:${userId}`}
      order by r.sent_at`),
    all(sql`select kind, item_count, sent_at from notification_sends where user_id = ${userId} order by sent_at`),
    // The address itself is a credential: the export says one exists, not what it is.
    all(sql`select created_at from calendar_feeds where user_id = ${userId}`),
    // The door's admissions of the member and of the guests they brought.
    all(sql`select c.event_id, e.name as event_name, case when c.guest_id is null then 'member' else 'guest' end as kind,
        g.guest_name, c.checked_in_at
      from event_check_ins c join events e on e.id = c.event_id left join event_guests g on g.id = c.guest_id
      where c.user_id = ${userId} order by c.checked_in_at`),
    all(sql`select s.event_id, e.name as event_name, s.created_at
      from event_door_staff s join events e on e.id = s.event_id where s.user_id = ${userId} order by s.created_at`),
    all(sql`select kind, text, position, created_at from offers_and_asks where user_id = ${userId}
      order by kind, position`),
    // Like the calendar address, the connect code is a credential: only that one exists.
    all(sql`select created_at from connect_codes where user_id = ${userId}`),
    all(sql`select s.event_id, e.name as event_name, s.status, s.sent_at
      from morning_after_sends s join events e on e.id = s.event_id where s.user_id = ${userId} order by s.sent_at`),
    all(sql`select in_people_to_meet from profiles where id = ${userId}`),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    profile: profile[0],
    skills,
    registrations,
    guests,
    connections,
    messages: { sent: messagesSent, received: messagesReceived },
    forumPosts,
    forumReplies,
    reports,
    blocks,
    // No row: the defaults, everything on.
    emailPreferences: emailPreferences[0] ?? {
      event_reminders: true,
      messages: true,
      connection_requests: true,
      forum_replies: true,
      morning_after: true,
    },
    reminders,
    notificationEmails,
    calendarFeed: calendarFeed[0] ? { created_at: calendarFeed[0].created_at } : null,
    checkIns,
    doorStaff,
    offersAndAsks: offersAsks,
    showInPeopleToMeet: inPeopleToMeet[0]?.in_people_to_meet ?? true,
    connectCode: connectCode[0] ? { created_at: connectCode[0].created_at } : null,
    morningAfterEmails: morningAfter,
  };
}

export type AccountExport = Awaited<ReturnType<typeof exportAccount>>;

/** 422 unless the member typed their own username (any case) to confirm deleting. */
export async function assertOwnUsername(db: Db, userId: string, typed: string): Promise<void> {
  const found = await db.execute<{ username: string }>(sql`select username from profiles where id = ${userId}`);
  const username = found.rows[0]?.username;
  if (!username) throw notFound(USER_NOT_FOUND);
  if (typed.trim().toLowerCase() !== username.toLowerCase())
    throw unprocessable('USERNAME_MISMATCH', USERNAME_MISMATCH, 'username');
}
