// Demo data for a fresh install (SEED_ON_EMPTY) and for `npm run db:seed`.
// Deterministic apart from ids and image file names: a seeded PRNG picks attendees,
// connections and counts, and every time is relative to `now`. Each area of the demo has its
// own module; this one calls them in order (they draw from the one sequence: keep the order)
// and writes every row in one transaction.

import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import {
  account,
  announcementRecipients,
  announcements,
  connections,
  contactMessages,
  eventAttendees,
  eventCheckIns,
  eventDoorStaff,
  eventFeedback,
  eventGuests,
  eventReminders,
  events,
  eventSeries,
  eventSponsors,
  forumPosts,
  forumReplies,
  forums,
  invitations,
  jobs,
  messages,
  morningAfterSends,
  notificationPreferences,
  offersAndAsks,
  podcasts,
  profiles,
  seriesMembers,
  skills,
  sponsors,
  user,
  userSkills,
} from '../../db/schema';
import type { Storage } from '../../platform/storage';
import { hashPassword } from '../../platform/passwords';
import { demoAnnouncements } from './announcements';
import { demoAttendance } from './attendance';
import { DEMO_TIME_ZONE, demoCalendar } from './calendar';
import { DEMO_DOOR_STAFF, demoCheckIns } from './check-ins';
import { demoConnections } from './connections';
import { GALLERY_PHOTOS, PANELIST_CARDS, SPONSORS } from './data';
import { demoEvents, demoSponsors, planEvents } from './events';
import { demoForums } from './forums';
import { demoFeedback, demoHistory } from './history';
import { generateDemoImages } from './images';
import { demoInvitations } from './invitations';
import { demoContactMessages, demoMessages } from './messages';
import { demoMetAt } from './met-at';
import { demoMorningAfter } from './morning-after';
import { demoAccounts, demoOffersAndAsks, demoPeople, demoSkills } from './people';
import { demoPodcasts, planEpisodes, writeEpisodeAudio } from './podcasts';
import { prng } from './random';
import { demoReminders } from './reminders';
import { demoSeriesRows, planSeries, seriesImageCategories } from './series';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** True when the users table has no rows: a fresh install that should get demo data. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: user.id }).from(user).limit(1);
  return rows.length === 0;
}

/** Empties every table the schema defines (product and auth), for re-seeding on purpose. */
export async function clearDatabase(db: Db): Promise<void> {
  const names = (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => `"${getTableName(table)}"`);
  await db.execute(sql.raw(`truncate table ${names.join(', ')} restart identity cascade`));
}

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string;
  /** Every demo member (not the admin) signs in with this one. No default: see setup/demo-credentials.ts. */
  memberPassword: string;
  now?: Date;
  /** The community's time zone (SITE_TIMEZONE); America/New_York unless said otherwise. */
  timeZone?: string;
  /** SERIES_HORIZON: the demo's series have dates this many months ahead (6 unless said otherwise). */
  seriesHorizonMonths?: number;
}

export interface SeededLogins {
  adminEmail: string;
  adminPassword: string;
  memberPassword: string;
  /** One demo member's e-mail, for the banner (they are all first.last@domain). */
  exampleMemberEmail: string;
}

export async function seedDemo(db: Db, storage: Storage, options: SeedOptions): Promise<SeededLogins> {
  const now = options.now ?? new Date();
  const timeZone = options.timeZone ?? DEMO_TIME_ZONE;
  const calendar = demoCalendar(now, timeZone);
  const rand = prng(0x9e3779b9);
  const adminEmail = options.adminEmail.trim().toLowerCase();

  // Plain data first: the people and the plans the pictures are drawn for.
  const people = demoPeople(adminEmail, calendar, rand);
  const plannedEvents = planEvents(calendar);
  // The two series and their dates, around the events above (some of which may be a date).
  const seriesPlan = planSeries(calendar, plannedEvents.events, options.seriesHorizonMonths);
  const episodes = planEpisodes(calendar);

  // Images and audio: written before the transaction; a failed seed leaves only unused files.
  // Members show their initials (no drawn face claims to be them); speaker portraits are
  // illustrations with the hair their card says.
  const images = await generateDemoImages(storage, {
    // The series' pictures come after the events' own, so those stay as they were.
    events: [...plannedEvents.events.map((e) => e.category ?? 'Mixer'), ...seriesImageCategories(seriesPlan)],
    gallery: GALLERY_PHOTOS,
    panelists: PANELIST_CARDS.map((c) => ({ person: c.member + 1, hair: c.hair })),
    sponsors: SPONSORS.length,
    podcasts: episodes.length,
  });
  const audio = await writeEpisodeAudio(storage, episodes);

  // Hash passwords once each (argon2 is deliberately slow).
  const [adminHash, memberHash] = await Promise.all([
    hashPassword(options.adminPassword),
    hashPassword(options.memberPassword),
  ]);

  // Rows, area by area.
  const accounts = demoAccounts(people, { adminHash, memberHash });
  const skillRows = demoSkills(people, calendar);
  const connectionRows = demoConnections({ people, calendar, rand });
  const messageRows = demoMessages({ people, named: plannedEvents.named, calendar, rand });
  const sponsorRows = demoSponsors(images.sponsors, calendar);
  const eventRows = demoEvents({ plans: plannedEvents.events, sponsors: sponsorRows, images, calendar, rand });
  const attendance = demoAttendance({ events: plannedEvents.events, people, calendar, rand });
  const podcastRows = demoPodcasts({ episodes, audio, thumbnails: images.podcasts, rand });
  const forumRows = demoForums({ people, named: plannedEvents.named, calendar, rand });

  // The series draw from a sequence of their own, so everything above stays as it was.
  const seriesRand = prng(0x5eed5e71);
  const seriesAttendance = demoAttendance({
    events: seriesPlan.dates.filter((d) => !d.cancelledAt),
    people,
    calendar,
    rand: seriesRand,
  });
  const seriesRows = demoSeriesRows({
    plan: seriesPlan,
    seriesImages: images.events.slice(plannedEvents.events.length),
    images,
    sponsors: sponsorRows,
    people,
    calendar,
    attendees: [...attendance.attendees, ...seriesAttendance.attendees],
  });
  // An event of the seed that falls on a series' day is that day's date, with its own values.
  const foldedInto = new Map(seriesPlan.folded.map((f) => [f.eventId, f]));
  const oneOffs = eventRows.events.map((e) => {
    const f = foldedInto.get(e.id);
    return f ? { ...e, seriesId: f.seriesId, seriesDate: f.seriesDate, seriesDetached: true } : e;
  });
  const allEvents = [...oneOffs, ...seriesRows.dates];
  const allAttendees = [...attendance.attendees, ...seriesAttendance.attendees, ...seriesRows.registrations];
  const allGuests = [...attendance.guests, ...seriesAttendance.guests];
  // Two years of history before all that (newcomers, older events, their doors), from a
  // sequence of its own too.
  const historyRand = prng(0x4157a11d);
  const history = demoHistory({ calendar, people, existing: allEvents, images, memberHash, rand: historyRand });

  // What happened on its own since: reminders, the door, "met at" and morning-after e-mails.
  const sent = demoReminders({
    events: allEvents,
    attendees: allAttendees,
    guests: allGuests,
    memberIds: people.members.map((m) => m.id),
    now,
    random: () => rand.next(),
  });
  const door = demoCheckIns({
    events: eventRows.events,
    attendees: attendance.attendees,
    guests: attendance.guests,
    adminId: people.admin.id,
    doorStaffMembers: DEMO_DOOR_STAFF.map((username) => people.byUsername.get(username)!),
    now,
    random: () => rand.next(),
  });
  // The series' past dates had their door too; door staff stand at the next event of all.
  const seriesDoor = demoCheckIns({
    events: seriesRows.dates.filter((d) => !d.cancelledAt),
    attendees: [...seriesAttendance.attendees, ...seriesRows.registrations],
    guests: seriesAttendance.guests,
    adminId: people.admin.id,
    doorStaffMembers: DEMO_DOOR_STAFF.map((username) => people.byUsername.get(username)!),
    now,
    random: () => seriesRand.next(),
  });
  const nextEvent = allEvents
    .filter((e) => e.startTime > now && !('cancelledAt' in e && e.cancelledAt))
    .sort((a, b) => +a.startTime - +b.startTime)[0];
  const startOf = new Map(allEvents.map((e) => [e.id, e.startTime]));
  const doorStaffRows = [
    ...door.doorStaff.map((s) => (startOf.get(s.eventId)! > now && nextEvent ? { ...s, eventId: nextEvent.id } : s)),
    ...seriesDoor.doorStaff.filter((s) => startOf.get(s.eventId)! <= now),
  ];
  const allCheckIns = [...door.checkIns, ...seriesDoor.checkIns];
  // A few pairs scanned each other's connect codes at the last events: "met at {event}".
  const metAtRows = demoMetAt({
    events: eventRows.events,
    checkIns: door.checkIns,
    connections: connectionRows,
    focus: [people.members[0]!.id],
    now,
  });
  const mornings = demoMorningAfter({
    events: allEvents,
    checkIns: allCheckIns,
    preferences: sent.preferences,
    now,
    timeZone,
  });

  // How the past events went, in the words of some who came.
  const feedbackRows = demoFeedback({
    events: [...history.events, ...allEvents],
    attendees: [...history.attendees, ...allAttendees],
    checkIns: [...history.checkIns, ...allCheckIns],
    adminId: people.admin.id,
    calendar,
    rand: historyRand,
  });
  // Some of the quieter members want no rating e-mails either.
  const preferenceRows = [...sent.preferences.map((p, i) => ({ ...p, feedback: i % 3 !== 1 })), ...history.preferences];

  // An organiser's import of an invitation list, and who of it joined since (a sequence of its own).
  const invitationRows = demoInvitations({
    calendar,
    adminId: people.admin.id,
    users: history.users,
    profiles: history.profiles,
    rand: prng(0x1a71e5),
  });

  // The organisers' announcements so far, mailed to the members of their day.
  const allUsers = [...accounts.users, ...history.users];
  const news = demoAnnouncements({
    now,
    timeZone,
    adminId: people.admin.id,
    events: allEvents,
    sponsor: SPONSORS.find((s) => s.level === 'Title Sponsor')!,
    episode: [...podcastRows]
      .filter((p) => p.mediaType === 'direct' && (p.publishedAt as Date) < now)
      .sort((a, b) => +(b.publishedAt as Date) - +(a.publishedAt as Date))
      .map((p) => ({ title: p.title, description: p.description ?? '', publishedAt: p.publishedAt as Date }))[0],
    members: allUsers.map((u) => ({ id: u.id, email: u.email.toLowerCase(), createdAt: u.createdAt as Date })),
    rand: prng(0xa22c0e5),
  });
  const offNews = new Set(news.unsubscribed);
  const withNews = preferenceRows.map((p) => (offNews.has(p.userId) ? { ...p, communityNews: false } : p));
  const newsPreferenceRows = [
    ...withNews,
    ...news.unsubscribed
      .filter((id) => !preferenceRows.some((p) => p.userId === id))
      .map((userId) => ({ userId, communityNews: false })),
  ];

  const offerAndAskRows = await demoOffersAndAsks(db, people);
  const contactRows = demoContactMessages(calendar);

  await db.transaction(async (tx: Tx) => {
    await tx.insert(user).values([...accounts.users, ...history.users]);
    await tx.insert(account).values([...accounts.accounts, ...history.accounts]);
    await tx.insert(profiles).values([...accounts.profiles, ...history.profiles]);
    await tx.insert(skills).values(skillRows.skills);
    await tx.insert(userSkills).values(skillRows.userSkills);
    await tx.insert(offersAndAsks).values(offerAndAskRows);
    await tx.insert(connections).values(connectionRows);
    await tx.insert(messages).values(messageRows);
    await tx.insert(sponsors).values(sponsorRows);
    await tx.insert(eventSeries).values(seriesRows.series);
    await tx.insert(events).values([...history.events, ...allEvents]);
    await tx.insert(eventSponsors).values([...eventRows.eventSponsors, ...seriesRows.dateSponsors]);
    await tx.insert(seriesMembers).values(seriesRows.members);
    await tx.insert(eventAttendees).values([...history.attendees, ...allAttendees]);
    const guestRows = [...history.guests, ...allGuests];
    if (guestRows.length) await tx.insert(eventGuests).values(guestRows);
    await tx.insert(podcasts).values(podcastRows);
    await tx.insert(forums).values(forumRows.forums);
    await tx.insert(forumPosts).values(forumRows.posts);
    await tx.insert(forumReplies).values(forumRows.replies);
    await tx.insert(contactMessages).values(contactRows);
    if (sent.reminders.length) await tx.insert(eventReminders).values(sent.reminders);
    if (sent.jobRuns.length) await tx.insert(jobs).values(sent.jobRuns);
    if (newsPreferenceRows.length) await tx.insert(notificationPreferences).values(newsPreferenceRows);
    const checkInRows = [...history.checkIns, ...allCheckIns];
    if (checkInRows.length) await tx.insert(eventCheckIns).values(checkInRows);
    if (doorStaffRows.length) await tx.insert(eventDoorStaff).values(doorStaffRows);
    if (metAtRows.length) await tx.insert(connections).values(metAtRows);
    if (mornings.sends.length) await tx.insert(morningAfterSends).values(mornings.sends);
    if (mornings.jobRuns.length) await tx.insert(jobs).values(mornings.jobRuns);
    if (feedbackRows.length) await tx.insert(eventFeedback).values(feedbackRows);
    if (news.announcements.length) await tx.insert(announcements).values(news.announcements);
    for (let i = 0; i < news.recipients.length; i += 2000)
      await tx.insert(announcementRecipients).values(news.recipients.slice(i, i + 2000));
    // After the users: the joins are given, not left to the trigger that marks new accounts.
    await tx.insert(invitations).values(invitationRows);
  });

  return {
    adminEmail,
    adminPassword: options.adminPassword,
    memberPassword: options.memberPassword,
    exampleMemberEmail: people.members[0]!.email,
  };
}
