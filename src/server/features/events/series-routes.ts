import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SERIES_NOT_FOUND, seriesRegistrationResponse, seriesResponse } from '../../../shared/series';
import { eventAttendees, events, eventSeries } from '../../db/schema';
import type { Read } from '../../platform/cache';
import { errorResponses, invariant, notFound } from '../../platform/errors';
import { fileResponse, idParams } from '../../platform/http';
import { cachedRead, sendWithViewerField } from '../../platform/shared-answers';
import { queueRegistrationEmail } from './emails';
import { buildIcs, icsFileName } from './ics';
import { findSeries, isSeriesMember, joinSeries, leaveSeries, seriesCalendar } from './series-service';

// A series for members and visitors (issue 33): its page, "Register for every date" and the
// series' calendar. Registered inside eventRoutes (under /api).

const errors = errorResponses(404, 409);

/** As long as the event pages' (routes.ts): which dates are still to come changes with the clock,
 * so this bounds how long a date that has started is still listed as to come. */
const SERIES_CACHE_TTL_MS = 30_000;

/** What a series page reads: the series, its dates (their series_id names it) and the counts. */
const seriesReads = (id: string): Read[] => [{ table: eventSeries, id }, { table: events, id }, eventAttendees];

export const seriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, mailer, clock } = app.services;
  const mailDeps = { db, config, mailer, log: app.log };

  app.get(
    '/series/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['events'],
        summary:
          'A series: its schedule in words, the dates to come (cancelled ones marked) with their counts, the latest past dates with whether they have a recap and photos, and whether you registered for every date',
        params: idParams,
        response: { 200: seriesResponse },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const options = { reads: seriesReads(id), ttlMs: SERIES_CACHE_TTL_MS };
      const load = async () => {
        const series = await findSeries(db, id, clock.now());
        return series ? { series } : null;
      };
      const cached = await cachedRead(request, `series:${id}`, options, load);
      invariant(cached.body !== 'null', () => notFound(SERIES_NOT_FOUND));
      // Visitors share one cacheable answer with `joined` null; a member's says whether they joined.
      return sendWithViewerField(request, reply, {
        base: { key: `series:${id}`, load },
        key: `series:${id}:visitor`,
        cache: options,
        field: 'joined',
        visitorValue: null,
        forMember: (viewer) => isSeriesMember(db, id, viewer.id),
      });
    },
  );

  app.put(
    '/series/:id/registration',
    {
      config: { access: 'member' },
      schema: {
        tags: ['events'],
        summary:
          'Register for every date: each date to come is registered (attending, or the waitlist when full; a date ' +
          'you are already on stays as it is) and so is every new date, without an e-mail per date. Answers how many ' +
          'dates to come you attend and wait for',
        params: idParams,
        response: { 200: seriesRegistrationResponse, ...errors },
      },
    },
    async (request) => joinSeries(db, request.params.id, request.viewer.id, clock.now()),
  );

  app.delete(
    '/series/:id/registration',
    {
      config: { access: 'member' },
      schema: {
        tags: ['events'],
        summary:
          'Leave the series: no new date registers you, and you (with your guests) leave every date to come; past ' +
          'dates keep your registration. Answers how many dates you left',
        params: idParams,
        response: { 200: seriesRegistrationResponse, ...errors },
      },
    },
    async (request) => {
      const { promoted, ...answer } = await leaveSeries(db, request.params.id, request.viewer.id, clock.now());
      // After the commit, as for one date: whoever got a freed seat is told.
      for (const date of promoted) {
        for (const userId of date.userIds) void queueRegistrationEmail(mailDeps, date.eventId, userId, 'promoted');
      }
      return answer;
    },
  );

  app.get(
    '/series/:id/calendar.ics',
    {
      config: { access: 'public', cache: { public: 300 } },
      schema: {
        tags: ['events'],
        summary:
          "The series' dates as a subscribable iCalendar feed: each date its own entry (the UID its e-mails use), cancelled dates as STATUS:CANCELLED",
        params: idParams,
        response: { 200: fileResponse('text/calendar', 'The iCalendar feed') },
      },
    },
    async (request, reply) => {
      const calendar = await seriesCalendar(db, request.params.id);
      invariant(calendar, () => notFound(SERIES_NOT_FOUND));
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `inline; filename="${icsFileName(calendar.name)}"`)
        .send(
          buildIcs(calendar.dates, {
            publicUrl: config.publicUrl,
            calendarName: calendar.name,
            now: clock.now(),
            refreshInterval: 'PT1H',
          }),
        );
    },
  );
};
