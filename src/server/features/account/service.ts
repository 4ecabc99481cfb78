import { asc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  calendarFeeds,
  connectCodes,
  connections,
  eventAttendees,
  eventCheckIns,
  eventDoorStaff,
  eventFeedback,
  eventGuests,
  eventReminders,
  events,
  forumPosts,
  forumReplies,
  forums,
  memberBlocks,
  messages,
  morningAfterSends,
  eventSeries,
  seriesMembers,
  notificationPreferences,
  notificationSends,
  offersAndAsks,
  profiles,
  reports,
  skills,
  user,
  userSkills,
} from '../../db/schema';
import { notFound, unprocessable } from '../../platform/errors';
import { USERNAME_MISMATCH } from '../../../shared/account';
import { USER_NOT_FOUND } from '../../../shared/users';

// A member's own account: everything the product holds about them, as one file.

/** A row with its timestamps as ISO strings. */
type Plain<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

/** Timestamps as ISO strings, column names as they are (snake_case, like the database). */
function plain<T extends Record<string, unknown>>(rows: T[]): Plain<T>[] {
  return rows.map(
    (row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])) as Plain<T>,
  );
}

export async function exportAccount(db: Db, userId: string) {
  const all = async <T extends Record<string, unknown>>(rows: Promise<T[]>) => plain(await rows);
  const recipient = alias(profiles, 'r');
  const sender = alias(profiles, 's');
  const other = sql`case when ${connections.requesterId} = ${userId} then ${connections.recipientId} else ${connections.requesterId} end`;
  const profile = await all(
    db
      .select({
        id: profiles.id,
        username: profiles.username,
        email: user.email,
        full_name: profiles.fullName,
        company: profiles.company,
        position: profiles.position,
        website: profiles.website,
        bio: profiles.bio,
        avatar_url: profiles.avatarUrl,
        instagram_url: profiles.instagramUrl,
        facebook_url: profiles.facebookUrl,
        linkedin_url: profiles.linkedinUrl,
        is_admin: profiles.isAdmin,
        is_sponsor: profiles.isSponsor,
        is_panelist: profiles.isPanelist,
        created_at: profiles.createdAt,
      })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(eq(profiles.id, userId)),
  );
  if (!profile[0]) throw notFound(USER_NOT_FOUND);
  const [
    skillList,
    registrations,
    guests,
    connectionList,
    messagesSent,
    messagesReceived,
    posts,
    replies,
    reportList,
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
    seriesJoined,
    feedbackGiven,
  ] = await Promise.all([
    all(
      db
        .select({ name: skills.name, category: skills.category, added_at: userSkills.createdAt })
        .from(userSkills)
        .innerJoin(skills, eq(skills.id, userSkills.skillId))
        .where(eq(userSkills.userId, userId))
        .orderBy(asc(skills.name)),
    ),
    all(
      db
        .select({
          event_id: eventAttendees.eventId,
          event_name: events.name,
          event_start: events.startTime,
          status: eventAttendees.status,
          created_at: eventAttendees.createdAt,
        })
        .from(eventAttendees)
        .innerJoin(events, eq(events.id, eventAttendees.eventId))
        .where(eq(eventAttendees.userId, userId))
        .orderBy(asc(eventAttendees.createdAt)),
    ),
    all(
      db
        .select({
          event_id: eventGuests.eventId,
          event_name: events.name,
          guest_name: eventGuests.guestName,
          guest_email: eventGuests.guestEmail,
          created_at: eventGuests.createdAt,
        })
        .from(eventGuests)
        .innerJoin(events, eq(events.id, eventGuests.eventId))
        .where(eq(eventGuests.profileId, userId))
        .orderBy(asc(eventGuests.createdAt)),
    ),
    all(
      db
        .select({
          direction: sql<
            'sent' | 'received'
          >`case when ${connections.requesterId} = ${userId} then 'sent' else 'received' end`,
          member: profiles.username,
          status: connections.status,
          created_at: connections.createdAt,
          updated_at: connections.updatedAt,
        })
        .from(connections)
        .innerJoin(profiles, eq(profiles.id, other))
        .where(or(eq(connections.requesterId, userId), eq(connections.recipientId, userId)))
        .orderBy(asc(connections.createdAt)),
    ),
    all(
      db
        .select({
          id: messages.id,
          to_member: recipient.username,
          subject: messages.subject,
          content: messages.content,
          created_at: messages.createdAt,
          read_at: messages.readAt,
          deleted_by_you_at: messages.senderDeletedAt,
        })
        .from(messages)
        .innerJoin(recipient, eq(recipient.id, messages.recipientId))
        .where(eq(messages.senderId, userId))
        .orderBy(asc(messages.createdAt)),
    ),
    all(
      db
        .select({
          id: messages.id,
          from_member: sender.username,
          subject: messages.subject,
          content: messages.content,
          created_at: messages.createdAt,
          read_at: messages.readAt,
          deleted_by_you_at: messages.recipientDeletedAt,
        })
        .from(messages)
        .leftJoin(sender, eq(sender.id, messages.senderId))
        .where(eq(messages.recipientId, userId))
        .orderBy(asc(messages.createdAt)),
    ),
    all(
      db
        .select({
          id: forumPosts.id,
          forum: forums.name,
          title: forumPosts.title,
          content: forumPosts.content,
          created_at: forumPosts.createdAt,
          edited_at: forumPosts.editedAt,
        })
        .from(forumPosts)
        .innerJoin(forums, eq(forums.id, forumPosts.forumId))
        .where(eq(forumPosts.authorId, userId))
        .orderBy(asc(forumPosts.createdAt)),
    ),
    all(
      db
        .select({
          id: forumReplies.id,
          post: forumPosts.title,
          content: forumReplies.content,
          created_at: forumReplies.createdAt,
          edited_at: forumReplies.editedAt,
        })
        .from(forumReplies)
        .innerJoin(forumPosts, eq(forumPosts.id, forumReplies.postId))
        .where(eq(forumReplies.authorId, userId))
        .orderBy(asc(forumReplies.createdAt)),
    ),
    all(
      db
        .select({
          target_type: reports.targetType,
          target_id: reports.targetId,
          reason: reports.reason,
          status: reports.status,
          created_at: reports.createdAt,
        })
        .from(reports)
        .where(eq(reports.reporterId, userId))
        .orderBy(asc(reports.createdAt)),
    ),
    all(
      db
        .select({ member: profiles.username, created_at: memberBlocks.createdAt })
        .from(memberBlocks)
        .innerJoin(profiles, eq(profiles.id, memberBlocks.blockedId))
        .where(eq(memberBlocks.blockerId, userId))
        .orderBy(asc(memberBlocks.createdAt)),
    ),
    all(
      db
        .select({
          event_reminders: notificationPreferences.eventReminders,
          messages: notificationPreferences.messages,
          connection_requests: notificationPreferences.connectionRequests,
          forum_replies: notificationPreferences.forumReplies,
          morning_after: notificationPreferences.morningAfter,
          feedback: notificationPreferences.feedback,
          updated_at: notificationPreferences.updatedAt,
        })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId)),
    ),
    all(
      db
        .select({
          event_id: eventReminders.eventId,
          event_name: events.name,
          offset_minutes: eventReminders.offsetMinutes,
          status: eventReminders.status,
          sent_at: eventReminders.sentAt,
        })
        .from(eventReminders)
        .innerJoin(events, eq(events.id, eventReminders.eventId))
        .where(eq(eventReminders.recipient, `member:${userId}`))
        .orderBy(asc(eventReminders.sentAt)),
    ),
    all(
      db
        .select({
          kind: notificationSends.kind,
          item_count: notificationSends.itemCount,
          sent_at: notificationSends.sentAt,
        })
        .from(notificationSends)
        .where(eq(notificationSends.userId, userId))
        .orderBy(asc(notificationSends.sentAt)),
    ),
    // The address itself is a credential: the export says one exists, not what it is.
    all(db.select({ created_at: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId))),
    // The door's admissions of the member and of the guests they brought.
    all(
      db
        .select({
          event_id: eventCheckIns.eventId,
          event_name: events.name,
          kind: sql<'member' | 'guest'>`case when ${eventCheckIns.guestId} is null then 'member' else 'guest' end`,
          guest_name: eventGuests.guestName,
          checked_in_at: eventCheckIns.checkedInAt,
        })
        .from(eventCheckIns)
        .innerJoin(events, eq(events.id, eventCheckIns.eventId))
        .leftJoin(eventGuests, eq(eventGuests.id, eventCheckIns.guestId))
        .where(eq(eventCheckIns.userId, userId))
        .orderBy(asc(eventCheckIns.checkedInAt)),
    ),
    all(
      db
        .select({ event_id: eventDoorStaff.eventId, event_name: events.name, created_at: eventDoorStaff.createdAt })
        .from(eventDoorStaff)
        .innerJoin(events, eq(events.id, eventDoorStaff.eventId))
        .where(eq(eventDoorStaff.userId, userId))
        .orderBy(asc(eventDoorStaff.createdAt)),
    ),
    all(
      db
        .select({
          kind: offersAndAsks.kind,
          text: offersAndAsks.text,
          position: offersAndAsks.position,
          created_at: offersAndAsks.createdAt,
        })
        .from(offersAndAsks)
        .where(eq(offersAndAsks.userId, userId))
        .orderBy(asc(offersAndAsks.kind), asc(offersAndAsks.position)),
    ),
    // Like the calendar address, the connect code is a credential: only that one exists.
    all(db.select({ created_at: connectCodes.createdAt }).from(connectCodes).where(eq(connectCodes.userId, userId))),
    all(
      db
        .select({
          event_id: morningAfterSends.eventId,
          event_name: events.name,
          status: morningAfterSends.status,
          sent_at: morningAfterSends.sentAt,
        })
        .from(morningAfterSends)
        .innerJoin(events, eq(events.id, morningAfterSends.eventId))
        .where(eq(morningAfterSends.userId, userId))
        .orderBy(asc(morningAfterSends.sentAt)),
    ),
    all(db.select({ in_people_to_meet: profiles.inPeopleToMeet }).from(profiles).where(eq(profiles.id, userId))),
    // "Register for every date": the series joined (each date's registration is in `registrations`).
    all(
      db
        .select({
          series_id: seriesMembers.seriesId,
          series_name: sql<string>`${eventSeries.template}->>'name'`,
          joined_at: seriesMembers.createdAt,
        })
        .from(seriesMembers)
        .innerJoin(eventSeries, eq(eventSeries.id, seriesMembers.seriesId))
        .where(eq(seriesMembers.userId, userId))
        .orderBy(asc(seriesMembers.createdAt)),
    ),
    // The ratings given after events (issue 34), with whether the organisers see the name.
    all(
      db
        .select({
          event_id: eventFeedback.eventId,
          event_name: events.name,
          rating: eventFeedback.rating,
          comment: eventFeedback.comment,
          show_name: eventFeedback.showName,
          created_at: eventFeedback.createdAt,
          updated_at: eventFeedback.updatedAt,
        })
        .from(eventFeedback)
        .innerJoin(events, eq(events.id, eventFeedback.eventId))
        .where(eq(eventFeedback.userId, userId))
        .orderBy(asc(eventFeedback.createdAt)),
    ),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    profile: profile[0],
    skills: skillList,
    registrations,
    seriesJoined,
    guests,
    connections: connectionList,
    messages: { sent: messagesSent, received: messagesReceived },
    forumPosts: posts,
    forumReplies: replies,
    reports: reportList,
    blocks,
    // No row: the defaults, everything on.
    emailPreferences: emailPreferences[0] ?? {
      event_reminders: true,
      messages: true,
      connection_requests: true,
      forum_replies: true,
      morning_after: true,
      feedback: true,
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
    feedback: feedbackGiven,
  };
}

/** 422 unless the member typed their own username (any case) to confirm deleting. */
export async function assertOwnUsername(db: Db, userId: string, typed: string): Promise<void> {
  const [found] = await db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, userId));
  const username = found?.username;
  if (!username) throw notFound(USER_NOT_FOUND);
  if (typed.trim().toLowerCase() !== username.toLowerCase())
    throw unprocessable('USERNAME_MISMATCH', USERNAME_MISMATCH, 'username');
}
