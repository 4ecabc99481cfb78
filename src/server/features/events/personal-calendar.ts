import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CALENDAR_FEED_NOT_FOUND,
  calendarFeedResponse,
  type CalendarFeedResponse,
} from '../../../shared/calendar-feed';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { invariant, notFound } from '../../platform/errors';
import { fileResponse } from '../../platform/http';
import { buildIcs, type IcsEvent } from './ics';

// A member's private calendar feed (GET /calendar/<token>.ics): the events they are registered for
// as attending or maybe, with the UID and SEQUENCE their registration and update e-mails used, so
// a subscribed calendar merges with the entries those e-mails added. An event an admin deleted
// stays as STATUS:CANCELLED (calendar_cancellations, written by deleteAdminEvent) until a month
// after it would have ended. The token is the only credential: 32 random bytes, replaced when the
// member asks for a new address; it is never logged (platform/logging.ts).

type Tx = Pick<Db, 'execute'>;

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
  const made = await db.execute<{ token: string }>(sql`insert into calendar_feeds (user_id, token)
      values (${userId}, ${newToken()}) on conflict (user_id) do nothing returning token`);
  if (made.rows[0]) return made.rows[0].token;
  const found = await db.execute<{ token: string }>(sql`select token from calendar_feeds where user_id = ${userId}`);
  return found.rows[0]!.token;
}

/** A new token for the member; the old address stops answering at once. */
export async function regenerateFeedToken(db: Db, userId: string): Promise<string> {
  const token = newToken();
  await db.execute(sql`insert into calendar_feeds (user_id, token) values (${userId}, ${token})
      on conflict (user_id) do update set token = excluded.token, created_at = now()`);
  return token;
}

/** Whose feed the token opens, or null. */
export async function feedOwner(db: Db, token: string): Promise<string | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const result = await db.execute<{ user_id: string }>(sql`select user_id from calendar_feeds where token = ${token}`);
  return result.rows[0]?.user_id ?? null;
}

type EntryRow = {
  id: string;
  name: string;
  summary: string | null;
  location: string | null;
  start_time: Date | string;
  end_time: Date | string;
  sequence: number;
};

const entry = (r: EntryRow, cancelled: boolean): IcsEvent => ({
  id: r.id,
  name: r.name,
  summary: r.summary,
  location: r.location,
  startTime: new Date(r.start_time),
  endTime: new Date(r.end_time),
  sequence: Number(r.sequence),
  ...(cancelled ? { cancelled } : {}),
});

/** The member's entries: events they attend or may attend (not waitlisted), then the events
 * cancelled under them that ended no more than CANCELLED_KEPT_MS before `now`. */
export async function feedEntries(db: Db, userId: string, now: Date): Promise<IcsEvent[]> {
  const registered = await db.execute<EntryRow>(sql`
    select e.id, e.name, e.summary, e.location, e.start_time, e.end_time, e.sequence
    from event_attendees a join events e on e.id = a.event_id
    where a.user_id = ${userId} and a.status in ('attending', 'maybe')
    order by e.start_time, e.id`);
  const since = new Date(now.getTime() - CANCELLED_KEPT_MS).toISOString();
  const cancelled = await db.execute<EntryRow>(sql`
    select event_id as id, name, summary, location, start_time, end_time, sequence
    from calendar_cancellations
    where user_id = ${userId} and end_time >= ${since}
    order by start_time, event_id`);
  return [...registered.rows.map((r) => entry(r, false)), ...cancelled.rows.map((r) => entry(r, true))];
}

/** Called inside the deleting transaction: everyone attending or maybe keeps the event in their
 * feed as cancelled, with the cancellation e-mail's SEQUENCE. */
export async function recordCancellations(tx: Tx, event: IcsEvent & { sequence: number }) {
  await tx.execute(sql`insert into calendar_cancellations
      (user_id, event_id, name, summary, location, start_time, end_time, sequence)
    select a.user_id, ${event.id}, ${event.name}, ${event.summary}, ${event.location},
      ${event.startTime.toISOString()}, ${event.endTime.toISOString()}, ${event.sequence}
    from event_attendees a where a.event_id = ${event.id} and a.status in ('attending', 'maybe')
    on conflict (user_id, event_id) do update set name = excluded.name, summary = excluded.summary,
      location = excluded.location, start_time = excluded.start_time, end_time = excluded.end_time,
      sequence = excluded.sequence, cancelled_at = now()`);
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
