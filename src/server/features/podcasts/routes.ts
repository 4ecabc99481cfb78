import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { podcastsQuery, podcastsResponse } from '../../../shared/podcasts';
import { podcasts } from '../../db/schema';
import { cachedRead, sendShared } from '../../platform/shared-answers';
import { listPodcasts } from './service';

export const podcastRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  app.get(
    '/podcasts',
    {
      config: { access: 'public' },
      schema: {
        tags: ['podcasts'],
        summary: 'Episodes, newest first; search over title, description and guests',
        querystring: podcastsQuery,
        response: { 200: podcastsResponse },
      },
    },
    async (request, reply) => {
      const q = request.query.q || undefined;
      const key = `podcasts:${q ?? ''}`;
      const cached = await cachedRead(request, key, { reads: [podcasts], ttlMs: 60_000 }, async () => ({
        podcasts: await listPodcasts(db, q),
      }));
      return sendShared(request, reply, key, cached);
    },
  );
};
