import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EVENT_NOT_FOUND } from '../../../shared/event-texts';
import { insightsQuery } from '../../../shared/insights';
import {
  connections,
  eventAttendees,
  eventCheckIns,
  eventFeedback,
  eventGuests,
  events,
  eventSeries,
  insightsEvents,
  insightsMembers,
  insightsState,
  memberActivity,
  offerAskGroups,
  profiles,
} from '../../db/schema';
import type { Read } from '../../platform/cache';
import { invariant, notFound } from '../../platform/errors';
import { idParams } from '../../platform/http';
import { cachedRead, sendJsonWithEtag } from '../../platform/shared-answers';
import { communityInsightsResponse, eventInsightsResponse } from './schemas';
import { communityInsights, eventInsights } from './service';

/** What changes with the clock alone (an evening that ended, who is active, whose return window
 * closed) is at most this old; a write to a table the figures read drops them at once. */
const TTL_MS = 5 * 60_000;
/** The organisers' figures: kept by no browser or proxy. */
const ADMIN_ONLY = 'private, no-store';

/** Every table the community figures read (service.ts): the snapshot the triggers keep
 * (migration 0019), so a registration for an evening still to come leaves them cached. */
const COMMUNITY_READS: Read[] = [
  profiles,
  events,
  insightsState,
  insightsEvents,
  insightsMembers,
  memberActivity,
  offerAskGroups,
];
/** One event's figures read its own rows and those of the events it is compared with. */
const EVENT_READS: Read[] = [
  events,
  eventSeries,
  eventAttendees,
  eventGuests,
  eventCheckIns,
  eventFeedback,
  connections,
  profiles,
];

/** The admin's Insights tab and each event's Insights section (issue 34). The access hook
 * answers 401/403 before the handler, so a cached answer is only ever sent to an admin. */
export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app.services;

  app.get(
    '/admin/insights',
    {
      config: { access: 'admin', cache: 'private' },
      schema: {
        tags: ['admin'],
        summary:
          'The community over a period (90d, 12m, all): members per month and active, attendance and no-shows, the return rate, events attended, offers and asks',
        querystring: insightsQuery,
        response: { 200: communityInsightsResponse },
      },
    },
    async (request, reply) => {
      const { period } = request.query;
      const cached = await cachedRead(request, `insights:${period}`, { reads: COMMUNITY_READS, ttlMs: TTL_MS }, () =>
        communityInsights(db, period, clock.now(), config.SITE_TIMEZONE),
      );
      return sendJsonWithEtag(request, reply, cached, ADMIN_ONLY);
    },
  );

  app.get(
    '/admin/events/:id/insights',
    {
      config: { access: 'admin', cache: 'private' },
      schema: {
        tags: ['admin'],
        summary:
          "One event's figures: the registration curve beside its series' (or category's) average, status, the door, first-timers, the rating and connections made there",
        params: idParams,
        response: { 200: eventInsightsResponse },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const cached = await cachedRead(request, `event-insights:${id}`, { reads: EVENT_READS, ttlMs: TTL_MS }, () =>
        eventInsights(db, id, clock.now()),
      );
      invariant(cached.body !== 'null', () => notFound(EVENT_NOT_FOUND));
      return sendJsonWithEtag(request, reply, cached, ADMIN_ONLY);
    },
  );
};
