import { and, asc, eq, gt, gte, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { memberName } from '../../db/query-values';
import {
  connections,
  eventAttendees,
  eventCheckIns,
  events,
  morningAfterSends,
  notificationPreferences,
  profiles,
  user,
} from '../../db/schema';
import type { JobDefinition } from '../../platform/jobs';
import type { Mailer, MailMessage } from '../../platform/mail';
import { textToHtml } from '../../platform/mail-html';
import { TOPIC_WORDS, unsubscribeKey, unsubscribeLinks, type UnsubscribeLinks } from '../../platform/unsubscribe';
import { localDate, toInstant } from '../../../shared/event-admin';
import { FEEDBACK_QUESTION } from '../../../shared/feedback';
import { cameTo } from '../feedback/attendance';
import { feedbackKey, ratingSection, withRatingLinks } from '../feedback/links';
import type { PersonToMeet } from '../../../shared/people-to-meet';
import { rankPeople } from './rank';
import { loadRoom, type RoomData } from './room';

// The morning after an event (9 AM in the community's time zone, SITE_TIMEZONE), each member
// who came (checked in; or registered attending, where the event used no check-in:
// feedback/attendance.ts) gets one e-mail: the people they connected with there, up to three
// people People to meet matched them with who also came but whom they have not connected with
// (each with a Connect link to their profile), the recap link, and five one-tap links rating the
// evening (issue 34). Each part has its own preference: with the rating alone the mail is a short
// one of its own ("How was ...?"). A recurring job looks at the data
// as it is: an event is due from its morning after for a day; a member's mail is recorded in
// `morning_after_sends` (event, member) in the same transaction that puts it in the outbox, so it
// goes out once however many processes sweep, and a sweep killed mid-way is finished by the next.
// A member who turned both parts off is recorded as skipped. After an outage longer than a
// day, an event's mails are not sent (a "morning after" three days late is noise) and nothing
// is recorded for them: the rows say what was sent or declined, not what was missed.

export const MORNING_AFTER_JOB = 'morning-after';
/** The hour of the morning after, on the community's clock. */
export const MORNING_AFTER_HOUR = 9;
const HOUR_MS = 3_600_000;
/** How long after its morning an event's mails may still go out. */
export const MORNING_AFTER_WINDOW_MS = 24 * HOUR_MS;
/** The furthest a morning after can be from its event's end: an event ending just after
 * midnight waits 33 hours (34 when the clocks go back that night), then the window. */
const LOOK_BACK_MS = 35 * HOUR_MS + MORNING_AFTER_WINDOW_MS;
/** Members per transaction, so a large event never holds one for long. */
const BATCH = 100;
/** After each batch the sweep rests as long as the batch took: ranking is computed in this
 * process, which also answers requests. */
const rest = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.min(ms, 1_000)));
/** Lets waiting requests in between two members' rankings (a few milliseconds each at 500 people). */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));
/** How many people the mail suggests meeting. */
const MATCHES = 3;
/** How far down the ranking to look first (ranking words each person it returns). */
const RANK_FIRST = 20;

/** 9 AM on the calendar day after `end`, on the community's clock. */
export function morningAfterAt(end: Date, timeZone: string): Date {
  const day = new Date(`${localDate(end, timeZone)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  const hour = String(MORNING_AFTER_HOUR).padStart(2, '0');
  return toInstant(`${day.toISOString().slice(0, 10)}T${hour}:00`, timeZone)!;
}

const eventColumns = {
  id: events.id,
  name: events.name,
  startTime: events.startTime,
  endTime: events.endTime,
  recapVideoUrl: events.recapVideoUrl,
};

type EventRow = SelectResultFields<typeof eventColumns>;

type RecipientRow = Awaited<ReturnType<typeof recipients>>[number];

export interface MorningAfterPerson {
  name: string;
  url: string;
}

export interface MorningAfterContent {
  eventName: string;
  /** The event page, where the recap is (or will be). */
  eventUrl: string;
  hasRecap: boolean;
  name: string;
  connected: MorningAfterPerson[];
  matched: (MorningAfterPerson & { reason: string })[];
}

export const morningAfterSubject = (eventName: string) => `After ${eventName}: the people you met`;

/** The mail's rating part (feedback/links.ts `ratingSection`): its text and its five links. */
type RatingPart = ReturnType<typeof ratingSection>;

/** The mail's text; the HTML part says the same words. */
function morningAfterText(content: MorningAfterContent, footer: string, rating: RatingPart | null): string {
  const { connected, matched } = content;
  const recap = content.hasRecap
    ? `Watch the recap: ${content.eventUrl}`
    : `The recap will be on the event page once it is posted: ${content.eventUrl}`;
  const opening =
    connected.length + matched.length > 0
      ? `Thank you for coming to ${content.eventName}. Here are the people you met there, and a few worth meeting next.`
      : `Thank you for coming to ${content.eventName}. We hope you left with a few good conversations.`;
  return [
    `Hello ${content.name},`,
    '',
    opening,
    ...(connected.length ? ['', 'People you connected with:', ...connected.map((p) => `  - ${p.name}: ${p.url}`)] : []),
    ...(matched.length
      ? [
          '',
          'People you were matched with but did not meet:',
          ...matched.map((p) => `  - ${p.name}, ${p.reason}. Connect: ${p.url}`),
        ]
      : []),
    '',
    recap,
    ...(rating ? ['', rating.text] : []),
    '',
    'See you at the next one,',
    'Power Mixer',
    '',
    '--',
    footer,
  ].join('\n');
}

function morningAfterMessage(
  to: string,
  content: MorningAfterContent,
  links: UnsubscribeLinks,
  rating: RatingPart | null,
): MailMessage {
  const subject = morningAfterSubject(content.eventName);
  const text = morningAfterText(content, links.footer, rating);
  const html = textToHtml(text, subject);
  return { to, subject, text, html: rating ? withRatingLinks(html, rating.links) : html, headers: links.headers };
}

/** The mail of a member who wants the rating links but not the morning-after e-mail. */
function feedbackMessage(
  to: string,
  name: string,
  eventName: string,
  links: UnsubscribeLinks,
  rating: RatingPart,
): MailMessage {
  const subject = FEEDBACK_QUESTION(eventName);
  const text = [
    `Hello ${name},`,
    '',
    `Thank you for coming to ${eventName}. We would like to know how it went for you.`,
    '',
    rating.text,
    '',
    'See you at the next one,',
    'Power Mixer',
    '',
    '--',
    links.footer,
  ].join('\n');
  return { to, subject, text, html: withRatingLinks(textToHtml(text, subject), rating.links), headers: links.headers };
}

/** One member's mail, or null when they turned both of its parts off. The List-Unsubscribe
 * headers stop the mail's main part; a mail with both parts also offers stopping the rating
 * links in its footer. */
async function mailFor(
  deps: { db: Db; config: Config },
  ctx: EventContext,
  person: RecipientRow,
  keyForRatings: Buffer,
): Promise<MailMessage | null> {
  const { db, config } = deps;
  const member = { kind: 'member', id: person.userId } as const;
  const rating = person.feedback
    ? ratingSection(config, keyForRatings, { userId: person.userId, eventId: ctx.event.id }, ctx.event.name)
    : null;
  if (person.morningAfter) {
    const links = await unsubscribeLinks(db, config, member, 'morning-after');
    if (rating) {
      const stopRatings = (await unsubscribeLinks(db, config, member, 'feedback')).pageUrl;
      const [why, ...rest] = links.footer.split('\n');
      links.footer = [why, `Stop ${TOPIC_WORDS.feedback}: ${stopRatings}`, ...rest].join('\n');
    }
    return morningAfterMessage(person.email, contentFor(config, ctx, person), links, rating);
  }
  if (!rating) return null;
  const links = await unsubscribeLinks(db, config, member, 'feedback');
  return feedbackMessage(person.email, person.name, ctx.event.name, links, rating);
}

/** Events whose morning after is `now` or within the day before it (not cancelled dates). */
async function dueEvents(db: Db, now: Date, timeZone: string): Promise<EventRow[]> {
  const rows = await db
    .select(eventColumns)
    .from(events)
    .where(
      and(
        lte(events.endTime, now),
        gt(events.endTime, new Date(now.getTime() - LOOK_BACK_MS)),
        // A cancelled date of a series did not take place (its check-ins, if any, were mistakes).
        isNull(events.cancelledAt),
      ),
    )
    .orderBy(asc(events.endTime), asc(events.id));
  return rows.filter((e) => {
    const at = morningAfterAt(e.endTime, timeZone).getTime();
    return at <= now.getTime() && now.getTime() - at < MORNING_AFTER_WINDOW_MS;
  });
}

/** Members who came (guests are not: they have no account) with nothing recorded yet, and
 * which of the mail's two parts each wants. */
function recipients(db: Db, eventId: string) {
  const came = cameTo(db, eventId);
  return db
    .with(came)
    .select({
      userId: came.userId,
      email: user.email,
      name: memberName,
      morningAfter: sql<boolean>`coalesce(${notificationPreferences.morningAfter}, true)`,
      feedback: sql<boolean>`coalesce(${notificationPreferences.feedback}, true)`,
    })
    .from(came)
    .innerJoin(profiles, eq(profiles.id, came.userId))
    .innerJoin(user, eq(user.id, profiles.id))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, came.userId))
    .where(
      notExists(
        db
          .select({ userId: morningAfterSends.userId })
          .from(morningAfterSends)
          .where(and(eq(morningAfterSends.eventId, eventId), eq(morningAfterSends.userId, came.userId))),
      ),
    )
    .orderBy(asc(came.userId));
}

/** Everything about one event that every member's mail draws on, loaded once per sweep. */
interface EventContext {
  event: EventRow;
  room: RoomData;
  /** Who came (feedback/attendance.ts): the only people the mail suggests meeting. */
  came: Set<string>;
  /** Per member: the people they connected with at the event. */
  connections: Map<string, MorningAfterPerson[]>;
  /** Pairs that once said no ("a|b", sorted): never suggested again. */
  declined: Set<string>;
}

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

async function eventContext(db: Db, config: Config, event: EventRow, now: Date): Promise<EventContext> {
  const checkedIn = and(eq(eventCheckIns.eventId, event.id), isNull(eventCheckIns.guestId));
  // Tagged "met at" the event, or accepted between its start and now with someone who was there.
  const there = db.$with('there').as(
    db
      .select({ userId: eventCheckIns.userId })
      .from(eventCheckIns)
      .where(checkedIn)
      .union(
        db
          .select({ userId: eventAttendees.userId })
          .from(eventAttendees)
          .where(and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.status, 'attending'))),
      ),
  );
  const wasThere = db.select({ userId: there.userId }).from(there);
  const made = db.$with('made').as(
    db
      .select({
        requesterId: connections.requesterId,
        recipientId: connections.recipientId,
        createdAt: connections.createdAt,
      })
      .from(connections)
      .where(
        and(
          eq(connections.status, 'accepted'),
          or(
            eq(connections.metAtEventId, event.id),
            and(
              gte(connections.updatedAt, event.startTime),
              lte(connections.updatedAt, now),
              inArray(connections.requesterId, wasThere),
              inArray(connections.recipientId, wasThere),
            ),
          ),
        ),
      ),
  );
  const came = cameTo(db, event.id);
  const [room, cameRows, connected] = await Promise.all([
    loadRoom(db, event.id, now),
    db.with(came).select({ userId: came.userId }).from(came),
    db
      .with(there, made)
      .select({
        a: made.requesterId,
        b: made.recipientId,
        other: profiles.id,
        username: profiles.username,
        name: memberName,
      })
      .from(made)
      .innerJoin(profiles, or(eq(profiles.id, made.requesterId), eq(profiles.id, made.recipientId)))
      .orderBy(asc(made.createdAt), asc(profiles.id)),
  ]);
  const byMember = new Map<string, MorningAfterPerson[]>();
  for (const row of connected) {
    const member = row.other === row.a ? row.b : row.a;
    const list = byMember.get(member) ?? byMember.set(member, []).get(member)!;
    list.push({ name: row.name, url: profileUrl(config, row.username) });
  }
  return {
    event,
    room,
    came: new Set(cameRows.map((r) => r.userId)),
    connections: byMember,
    declined: new Set(
      room.pairs.filter((p) => p.status === 'rejected').map((p) => pairKey(p.requesterId, p.recipientId)),
    ),
  };
}

const profileUrl = (config: Pick<Config, 'publicUrl'>, username: string) =>
  `${config.publicUrl}/user/${encodeURIComponent(username)}`;

/** One member's mail: their connections there, and the best-ranked people who came too and whom
 * they have not connected with (nor been turned down by, nor turned down). */
function contentFor(config: Config, ctx: EventContext, member: RecipientRow): MorningAfterContent {
  const suitable = (p: PersonToMeet) =>
    p.relation === 'none' && ctx.came.has(p.id) && !ctx.declined.has(pairKey(member.userId, p.id));
  // The top of the ranking is nearly always enough; the whole of it only when it is not.
  let ranking = rankPeople(ctx.room, member.userId, RANK_FIRST);
  if (ranking && ranking.people.filter(suitable).length < MATCHES && ranking.total > ranking.people.length) {
    ranking = rankPeople(ctx.room, member.userId, ranking.total);
  }
  const matched = (ranking?.people ?? [])
    .filter(suitable)
    .slice(0, MATCHES)
    .map((p) => ({
      name: p.fullName || p.username,
      url: profileUrl(config, p.username),
      reason: p.reasons[0]!,
    }));
  return {
    eventName: ctx.event.name,
    eventUrl: `${config.publicUrl}/events/${ctx.event.id}`,
    hasRecap: Boolean(ctx.event.recapVideoUrl),
    name: member.name,
    connected: ctx.connections.get(member.userId) ?? [],
    matched,
  };
}

/** Sends what is due at `now`; answers how many went and how many were skipped. */
export async function sendMorningAfter(
  deps: { db: Db; config: Config; mailer: Mailer },
  now: Date,
  options: { batch?: number } = {},
): Promise<{ events: number; sent: number; skipped: number }> {
  const { db, config, mailer } = deps;
  const batchSize = options.batch ?? BATCH;
  let eventCount = 0;
  let sent = 0;
  let skipped = 0;
  let lastBatchMs = 0;
  for (const event of await dueEvents(db, now, config.SITE_TIMEZONE)) {
    const people = await recipients(db, event.id);
    if (people.length === 0) continue;
    eventCount++;
    await unsubscribeKey(db);
    const keyForRatings = await feedbackKey(db);
    const ctx = await eventContext(db, config, event, now);
    for (let i = 0; i < people.length; i += batchSize) {
      if (lastBatchMs > 0) await rest(lastBatchMs);
      const started = performance.now();
      const batch = people.slice(i, i + batchSize);
      const messages = new Map<string, MailMessage>();
      for (const person of batch) {
        const message = await mailFor(deps, ctx, person, keyForRatings);
        if (message) messages.set(person.userId, message);
        await yieldToRequests();
      }
      const rows = batch.map((p) => ({ user_id: p.userId, status: messages.has(p.userId) ? 'sent' : 'skipped' }));
      await db.transaction(async (tx) => {
        // Another process may have recorded some meanwhile: only what this insert wrote is mailed.
        // Raw SQL: one insert from a JSON batch (jsonb_to_recordset), as the reminders sweep does.
        const written = await tx.execute<{ user_id: string; status: string }>(sql`
          insert into morning_after_sends (event_id, user_id, status, sent_at)
          select ${event.id}::uuid, t.user_id, t.status, ${now.toISOString()}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as t(user_id text, status text)
          on conflict (event_id, user_id) do nothing
          returning user_id, status`);
        const mine = written.rows.filter((w) => w.status === 'sent').map((w) => messages.get(w.user_id)!);
        skipped += written.rows.length - mine.length;
        sent += await mailer.sendMany(mine, tx);
      });
      lastBatchMs = performance.now() - started;
    }
  }
  return { events: eventCount, sent, skipped };
}

export function morningAfterJob(deps: { config: Config; mailer: Mailer }): JobDefinition {
  return {
    name: MORNING_AFTER_JOB,
    everySeconds: 60,
    run: ({ db, now }) => sendMorningAfter({ db, config: deps.config, mailer: deps.mailer }, now),
  };
}
