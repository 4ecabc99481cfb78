import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EVENT_NOT_FOUND,
  attendeesResponse,
  eventDetailResponse,
  eventsListQuery,
  eventsListResponse,
  guestsInput,
  myEventsResponse,
  registrationInput,
  registrationResponse,
} from '../../../shared/events';
import { eventAttendees, eventGuests, events, eventSeries, eventSponsors, profiles, sponsors } from '../../db/schema';
import type { Read } from '../../platform/cache';
import { cachedRead, sendShared, sendWithViewerField } from '../../platform/shared-answers';
import { invariant, notFound, errorResponses } from '../../platform/errors';
import { fileResponse, idParams } from '../../platform/http';
import { queueChangeEmail, queueRegistrationEmail, registrationTicketKey, sendGuestsEmail } from './emails';
import { buildIcs, icsFileName } from './ics';
import { personalCalendarRoutes } from './personal-calendar';
import { listMyEvents } from './my-events';
import { setGuests, setRegistration, unregister } from './registration';
import { seriesRoutes } from './series-routes';
import {
  eventForCalendar,
  findEventDetail,
  findMyRegistration,
  listAttendees,
  listCategories,
  listEvents,
  upcomingForCalendar,
} from './service';

const errors = errorResponses(404, 409);

/** Public reads are cached per process for this long, and dropped when what they read changes. */
export const EVENTS_CACHE_TTL_MS = 30_000;

/** What an event list or card reads (a date's card names its series' schedule). */
const LIST_READS: Read[] = [events, eventAttendees, eventSeries];
/** What one event's page reads: its own rows only, plus the profiles and sponsors it shows. */
const eventReads = (id: string): Read[] => [
  { table: events, id },
  { table: eventAttendees, id },
  { table: eventGuests, id },
  { table: eventSponsors, id },
  sponsors,
  profiles,
  eventSeries,
];

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, cache, config, mailer, clock } = app.services;
  const mailDeps = { db, config, mailer, log: app.log };
  await app.register(seriesRoutes);

  /** After a registration change commits: tell whoever was promoted from the waitlist. */
  function afterChange(eventId: string, outcome: { promoted: string[] }) {
    for (const userId of outcome.promoted) void queueRegistrationEmail(mailDeps, eventId, userId, 'promoted');
  }

  app.get(
    '/events',
    {
      config: { access: 'public' },
      schema: {
        tags: ['events'],
        summary:
          "Events, newest start first; search over name, summary and location. A series' dates to come show once, by its next date that is not cancelled",
        querystring: eventsListQuery,
        response: { 200: eventsListResponse },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const key = `events:${q.q ?? ''}|${q.status ?? ''}|${q.category ?? ''}|${q.page}|${q.pageSize}`;
      // The category list does not depend on the filters: one cached copy serves every page
      // (fresh: it becomes part of this answer).
      const categoryOptions = { reads: [events], ttlMs: EVENTS_CACHE_TTL_MS };
      const categories = async () =>
        JSON.parse((await cache.get('event-categories', categoryOptions, () => listCategories(db))).body) as string[];
      const cached = await cachedRead(request, key, { reads: LIST_READS, ttlMs: EVENTS_CACHE_TTL_MS }, () =>
        listEvents(db, q, categories, clock.now()),
      );
      return sendShared(request, reply, key, cached);
    },
  );

  app.get(
    '/events/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['events'],
        summary: "An event with sponsors and attendees, plus the viewer's own registration",
        params: idParams,
        response: { 200: eventDetailResponse },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const options = { reads: eventReads(id), ttlMs: EVENTS_CACHE_TTL_MS };
      const load = async () => {
        const event = await findEventDetail(db, id);
        return event ? { event } : null;
      };
      const cached = await cachedRead(request, `event:${id}`, options, load);
      invariant(cached.body !== 'null', () => notFound(EVENT_NOT_FOUND));
      // Visitors share one cacheable answer (kept ready, gzipped too) with `registration` null.
      return sendWithViewerField(request, reply, {
        base: { key: `event:${id}`, load },
        key: `event:${id}:visitor`,
        cache: options,
        field: 'registration',
        visitorValue: null,
        forMember: (viewer) => findMyRegistration(db, id, viewer.id),
      });
    },
  );

  app.get(
    '/events/:id/attendees',
    {
      config: { access: 'public' },
      schema: {
        tags: ['events'],
        summary: "Everyone registered for the event, in registration order ('View All')",
        params: idParams,
        response: { 200: attendeesResponse },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const key = `event-attendees:${id}`;
      const reads = [{ table: events, id }, { table: eventAttendees, id }, profiles];
      const cached = await cachedRead(request, key, { reads, ttlMs: EVENTS_CACHE_TTL_MS }, async () => {
        const attendees = await listAttendees(db, id);
        return attendees ? { attendees } : null;
      });
      invariant(cached.body !== 'null', () => notFound(EVENT_NOT_FOUND));
      return sendShared(request, reply, key, cached);
    },
  );

  app.get(
    '/me/events',
    {
      config: { access: 'member' },
      schema: {
        tags: ['events'],
        summary:
          "The dashboard's events: your registrations still to come (soonest first) and those over (newest " +
          'first), each with your status and guests; for those over, whether you attended or did not check in',
        response: { 200: myEventsResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return listMyEvents(db, request.viewer.id, clock.now());
    },
  );

  app.put(
    '/events/:id/registration',
    {
      config: { access: 'member' },
      schema: {
        tags: ['events'],
        summary:
          'Register as attending or maybe (a full event puts you on the waitlist; a cancelled date of a series refuses with 409)',
        params: idParams,
        body: registrationInput,
        response: { 200: registrationResponse, ...errors },
      },
    },
    async (request) => {
      const { viewer } = request;
      const { id } = request.params;
      // Read before the transaction, where it is kept in memory (inside, it is read every time).
      const ticketKey = await registrationTicketKey(db);
      const outcome = await setRegistration(db, id, viewer.id, request.body, (tx, change) =>
        queueChangeEmail({ ...mailDeps, db: tx, ticketKey }, change),
      );
      afterChange(id, outcome);
      return {
        registration: outcome.registration ?? (await findMyRegistration(db, id, viewer.id)),
        waitlisted: outcome.waitlisted,
      };
    },
  );

  app.delete(
    '/events/:id/registration',
    {
      config: { access: 'member' },
      schema: {
        tags: ['events'],
        summary: 'Unregister (your guests are removed too)',
        params: idParams,
        response: { 200: registrationResponse, ...errors },
      },
    },
    async (request) => {
      const outcome = await unregister(db, request.params.id, request.viewer.id);
      afterChange(request.params.id, outcome);
      return { registration: null, waitlisted: false };
    },
  );

  app.put(
    '/events/:id/guests',
    {
      config: { access: 'member' },
      schema: {
        tags: ['events'],
        summary: 'Set the guests you bring (0 to 10, each with name and e-mail); they take seats',
        params: idParams,
        body: guestsInput,
        response: { 200: registrationResponse, ...errors },
      },
    },
    async (request) => {
      const { viewer } = request;
      const { id } = request.params;
      const outcome = await setGuests(db, id, viewer.id, request.body);
      afterChange(id, outcome);
      // Folded into the confirmation sent moments ago when it can be: one e-mail per registration.
      void sendGuestsEmail(mailDeps, id, viewer.id);
      return { registration: await findMyRegistration(db, id, viewer.id), waitlisted: false };
    },
  );

  app.get(
    '/events/:id/calendar.ics',
    {
      config: { access: 'public', cache: { public: 300 } },
      schema: {
        tags: ['events'],
        summary: 'The event as an iCalendar file',
        params: idParams,
        response: { 200: fileResponse('text/calendar', 'The iCalendar file') },
      },
    },
    async (request, reply) => {
      const event = await eventForCalendar(db, request.params.id);
      invariant(event, () => notFound(EVENT_NOT_FOUND));
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${icsFileName(event.name)}"`)
        .send(buildIcs([event], { publicUrl: config.publicUrl, calendarName: 'Power Mixer' }));
    },
  );
};

/** GET /calendar.ics: a feed of upcoming events that calendar apps can subscribe to; beside it,
 * each member's private feed (GET /calendar/:token.ics, personal-calendar.ts). */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.services;
  await app.register(personalCalendarRoutes);
  app.get(
    '/calendar.ics',
    {
      config: { access: 'public', cache: { public: 900 } },
      schema: {
        tags: ['events'],
        summary: 'Subscribable iCalendar feed of upcoming events',
        response: { 200: fileResponse('text/calendar', 'The iCalendar feed') },
      },
    },
    async (_request, reply) => {
      const events = await upcomingForCalendar(db);
      return reply
        .type('text/calendar; charset=utf-8')
        .send(buildIcs(events, { publicUrl: config.publicUrl, calendarName: 'Power Mixer events' }));
    },
  );
};
