import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CALENDAR_FEED_NOT_FOUND,
  calendarFeedResponse,
  type CalendarFeedResponse,
} from '../../../shared/calendar-feed';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { calendarCancellations, calendarFeeds, eventAttendees, events } from '../../db/schema';
import { invariant, notFound } from '../../platform/errors';
import { fileResponse } from '../../platform/http';
import { buildIcs, type IcsEvent } from './ics';
import { calendarColumns } from './service';

// A member's private calendar feed (GET /calendar/<token>.ics): the events they are registered for
// as attending or maybe, with the UID and SEQUENCE their registration and update e-mails used, so
// a subscribed calendar merges with the entries those e-mails added. An event an admin deleted
// stays as STATUS:CANCELLED (calendar_cancellations, written by deleteAdminEvent) until a month
// after it would have ended. The token is the only credential: 32 random bytes, replaced when the
// member asks for a new address; it is never logged (platform/logging.ts).

/** How long a cancelled event stays in the feed after it would have ended. */
export const CANCELLED_KEPT_MS = 30 * 24 * 3_600_000;
/** Subscribed calendars are asked to fetch again after this long (and the answer may be cached as long). */
const REFRESH_SECONDS = 300;

/** A token as we make them: 32 bytes in base64url (43 characters, no padding). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const newToken = () => randomBytes(32).toString('base64url');

export const feedPath = (token: string) => `/calendar/${token}.ics`;

export function feedAddresses(config: Pick<Config, 'publicUrl'>, token: string): CalendarFeedResponse {
  const url = `${config.publicUrl}${feedPath(token)}`;
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}

/** The member's token, made on first ask. */
export async function feedToken(db: Db, userId: string): Promise<string> {
  const [made] = await db
    .insert(calendarFeeds)
    .values({ userId, token: newToken() })
    .onConflictDoNothing({ target: calendarFeeds.userId })
    .returning({ token: calendarFeeds.token });
  if (made) return made.token;
  const [found] = await db
    .select({ token: calendarFeeds.token })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return found!.token;
}

/** A new token for the member; the old address stops answering at once. */
export async function regenerateFeedToken(db: Db, userId: string): Promise<string> {
  const token = newToken();
  await db
    .insert(calendarFeeds)
    .values({ userId, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: sql`now()` } });
  return token;
}

/** Whose feed the token opens, or null. */
export async function feedOwner(db: Db, token: string): Promise<string | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.token, token));
  return row?.userId ?? null;
}

/** The member's entries: events they attend or may attend (not waitlisted; a cancelled date of a
 * series as cancelled), then the events cancelled under them that ended no more than
 * CANCELLED_KEPT_MS before `now`. */
export async function feedEntries(db: Db, userId: string, now: Date): Promise<IcsEvent[]> {
  const [registered, cancelled] = await Promise.all([
    db
      .select(calendarColumns)
      .from(eventAttendees)
      .innerJoin(events, eq(events.id, eventAttendees.eventId))
      .where(and(eq(eventAttendees.userId, userId), inArray(eventAttendees.status, ['attending', 'maybe'])))
      .orderBy(asc(events.startTime), asc(events.id)),
    db
      .select({
        id: calendarCancellations.eventId,
        name: calendarCancellations.name,
        summary: calendarCancellations.summary,
        location: calendarCancellations.location,
        startTime: calendarCancellations.startTime,
        endTime: calendarCancellations.endTime,
        sequence: calendarCancellations.sequence,
      })
      .from(calendarCancellations)
      .where(
        and(
          eq(calendarCancellations.userId, userId),
          gte(calendarCancellations.endTime, new Date(now.getTime() - CANCELLED_KEPT_MS)),
        ),
      )
      .orderBy(asc(calendarCancellations.startTime), asc(calendarCancellations.eventId)),
  ]);
  // A cancelled date of a series may be in both (recorded for its registrants, who may still be
  // on it): one entry per UID.
  const listed = new Set(registered.map((r) => r.id));
  return [...registered, ...cancelled.filter((r) => !listed.has(r.id)).map((r) => ({ ...r, cancelled: true }))];
}

/** Called inside the deleting transaction (which holds the event's row lock, as every
 * registration change does): everyone attending or maybe keeps the event in their feed as
 * cancelled, with the cancellation e-mail's SEQUENCE. */
export async function recordCancellations(tx: Pick<Db, 'insert' | 'select'>, event: IcsEvent & { sequence: number }) {
  const registered = await tx
    .select({ userId: eventAttendees.userId })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, event.id), inArray(eventAttendees.status, ['attending', 'maybe'])));
  if (registered.length === 0) return;
  const { id: eventId, name, summary, location, startTime, endTime, sequence } = event;
  await tx
    .insert(calendarCancellations)
    .values(
      registered.map(({ userId }) => ({ userId, eventId, name, summary, location, startTime, endTime, sequence })),
    )
    .onConflictDoUpdate({
      target: [calendarCancellations.userId, calendarCancellations.eventId],
      set: {
        name: sql`excluded.name`,
        summary: sql`excluded.summary`,
        location: sql`excluded.location`,
        startTime: sql`excluded.start_time`,
        endTime: sql`excluded.end_time`,
        sequence: sql`excluded.sequence`,
        cancelledAt: sql`now()`,
      },
    });
}

const tokenParams = z.object({ token: z.string() });

/** GET /calendar/:token.ics at the site root, beside the public /calendar.ics. */
export const personalCalendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, clock } = app.services;
  app.get(
    '/calendar/:token.ics',
    {
      config: { access: 'public', cache: { private: REFRESH_SECONDS } },
      schema: {
        tags: ['events'],
        summary: "A member's private iCalendar feed: the events they attend or may attend",
        description:
          'The token in the address is the credential (no session needed); an unknown token answers 404 with the usual error. Cancelled events stay for 30 days after their end as STATUS:CANCELLED.',
        params: tokenParams,
        response: { 200: fileResponse('text/calendar', 'The iCalendar feed') },
      },
    },
    async (request, reply) => {
      const userId = await feedOwner(db, request.params.token);
      invariant(userId, () => notFound(CALENDAR_FEED_NOT_FOUND));
      const now = clock.now();
      const entries = await feedEntries(db, userId, now);
      return reply.type('text/calendar; charset=utf-8').send(
        buildIcs(entries, {
          publicUrl: config.publicUrl,
          calendarName: 'Power Mixer: my events',
          now,
          refreshInterval: `PT${REFRESH_SECONDS / 60}M`,
        }),
      );
    },
  );
};

/** The member's own feed address: shown on the dashboard, replaced on request. */
export const calendarFeedAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.services;
  app.get(
    '/calendar-feed',
    {
      config: { access: 'member', cache: 'private' },
      schema: {
        tags: ['account'],
        summary: 'Your private calendar address (made on first ask)',
        description: 'Subscribe to it in a calendar app: the events you attend or may attend, kept up to date.',
        response: { 200: calendarFeedResponse },
      },
    },
    async (request) => {
      return feedAddresses(config, await feedToken(db, request.viewer.id));
    },
  );

  app.post(
    '/calendar-feed/regenerate',
    {
      config: { access: 'member', cache: 'private' },
      schema: {
        tags: ['account'],
        summary: 'Replace your calendar address with a new one; the old one stops working at once',
        response: { 200: calendarFeedResponse },
      },
    },
    async (request) => {
      return feedAddresses(config, await regenerateFeedToken(db, request.viewer.id));
    },
  );
};
