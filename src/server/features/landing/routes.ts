import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LANDING_EVENTS } from '../../../shared/events';
import { landingResponse } from '../../../shared/landing';
import { LANDING_PODCASTS } from '../../../shared/podcasts';
import { eventAttendees, events, eventSeries, podcasts } from '../../db/schema';
import { cachedRead, sendShared } from '../../platform/shared-answers';
import { findNextEvent, latestEvents } from '../events/service';
import { listPodcasts } from '../podcasts/service';
import { heroVideoOf } from './hero';

// The next event changes with the clock alone, so the cached answer lives 15 s at most.
const LANDING_TTL_MS = 15_000;

export const landingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, clock } = app.services;
  const heroVideo = heroVideoOf(config.HERO_VIDEO_URL);
  app.get(
    '/landing',
    {
      config: { access: 'public' },
      schema: {
        tags: ['landing'],
        summary: 'The landing page in one request: hero video, next event, latest events and episodes',
        response: { 200: landingResponse },
      },
    },
    async (request, reply) => {
      const reads = [events, eventAttendees, eventSeries, podcasts];
      const cached = await cachedRead(request, 'landing', { reads, ttlMs: LANDING_TTL_MS }, async () => {
        const [nextEvent, events, podcasts] = await Promise.all([
          findNextEvent(db, clock.now()),
          latestEvents(db, LANDING_EVENTS, clock.now()),
          listPodcasts(db, undefined, LANDING_PODCASTS),
        ]);
        return { heroVideo, nextEvent, events, podcasts };
      });
      // Browsers and shared caches may keep it briefly, then revalidate with the ETag.
      return sendShared(request, reply, 'landing', cached, 'public, max-age=15, stale-while-revalidate=60');
    },
  );
};
