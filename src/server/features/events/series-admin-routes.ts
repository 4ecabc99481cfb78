import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SERIES_NOT_FOUND,
  adminSeriesResponse,
  cancelDateResponse,
  createSeriesResponse,
  endSeriesResponse,
  seriesEditInput,
  seriesEditResponse,
  seriesInput,
} from '../../../shared/series';
import { recordChanges } from '../../platform/audit';
import { errorResponses, invariant, notFound } from '../../platform/errors';
import { idParams } from '../../platform/http';
import { findAdminEvent } from './admin-events';
import { sendRegistrationEmail } from './emails';
import { cancelDate, createSeries, editSeries, endSeries, getAdminSeries } from './series-admin';

// The admin's series routes (issue 33). All are `access: 'admin'` (401 visitors, 403 members);
// every write is recorded in the audit log by platform/audit.ts. PUT /api/admin/events/:id on a
// date of a series is "this date only" (admin-routes.ts).

const admin = { access: 'admin' as const };
const tags = ['admin: events'];

export const seriesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, mailer, storage, clock } = app.services;
  const deps = { db, config, mailer, storage, log: app.log };
  const timeZone = config.SITE_TIMEZONE;

  app.post(
    '/admin/series',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Create a series from the event form and a rule: the first date is the first day of the rule at or after ' +
          'the form start, at its wall time in the community time zone; dates are made SERIES_HORIZON months ahead',
        body: seriesInput,
        response: { 201: createSeriesResponse, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const made = await createSeries(deps, request.body, clock.now());
      request.auditTargetId = made.eventId;
      return reply.status(201).send(made);
    },
  );

  app.get(
    '/admin/series/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'A series for the event form: its rule, wall time, duration and every date with its registrations',
        params: idParams,
        response: { 200: adminSeriesResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      const series = await getAdminSeries(db, request.params.id, timeZone);
      invariant(series, () => notFound(SERIES_NOT_FOUND));
      return series;
    },
  );

  app.put(
    '/admin/events/:id/series',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Change the series from this date: scope "following" splits it here, "all" changes every date still ' +
          'to come. Dates with registrations are never deleted; a moved time or place e-mails their registrants. ' +
          '409 when the date is no series date, the series ended, or a capacity drops below seats taken',
        params: idParams,
        body: seriesEditInput,
        response: { 200: seriesEditResponse, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const before = await findAdminEvent(db, id, timeZone);
      const { promoted, ...outcome } = await editSeries(deps, id, request.body, clock.now());
      const after = await findAdminEvent(db, id, timeZone);
      // The Activity tab: which series the date is in, on what schedule, and what the edit did.
      recordChanges(request, {
        series: { before: before?.series ?? null, after: after?.series ?? null },
        dates: { before: null, after: { scope: request.body.scope, ...outcome } },
      });
      for (const p of promoted) void sendRegistrationEmail(deps, p.eventId, p.userId, 'promoted');
      return outcome;
    },
  );

  app.post(
    '/admin/events/:id/cancel',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Cancel a date still to come: its registrants get the cancellation e-mail (.ics METHOD:CANCEL) once, ' +
          'its registrations are removed, and it stays listed as cancelled. 409 when cancelled before or past',
        params: idParams,
        response: { 200: cancelDateResponse, ...errorResponses(404, 409) },
      },
    },
    async (request) => cancelDate(deps, request.params.id, clock.now()),
  );

  app.post(
    '/admin/series/:id/end',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'End a series: no new dates; dates to come without registrations are deleted, those with ' +
          'registrations cancelled with mail. 409 when it has ended already',
        params: idParams,
        response: { 200: endSeriesResponse, ...errorResponses(404, 409) },
      },
    },
    async (request) => endSeries(deps, request.params.id, clock.now()),
  );
};
