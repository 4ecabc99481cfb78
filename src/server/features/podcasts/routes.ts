import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PODCAST_NOT_FOUND, episodeResponse, podcastsQuery, podcastsResponse } from '../../../shared/podcasts';
import { podcasts, profiles } from '../../db/schema';
import { errorResponses, notFound } from '../../platform/errors';
import { idParams } from '../../platform/http';
import { cachedRead, sendShared } from '../../platform/shared-answers';
import { findEpisode } from './episode';
import { listPodcasts } from './service';

export const podcastRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.services;
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

  app.get(
    '/podcasts/:id/episode',
    {
      config: { access: 'public' },
      schema: {
        tags: ['podcasts'],
        summary: "One episode's page: its show notes as sanitised HTML, its transcript, its guests' profiles",
        params: idParams,
        response: { 200: episodeResponse, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const key = `episode:${request.params.id}`;
      // Guests link to members by name: a profile's name change can add or drop a link.
      const cached = await cachedRead(request, key, { reads: [podcasts, profiles], ttlMs: 60_000 }, async () => {
        const episode = await findEpisode(db, request.params.id, storage);
        if (!episode) throw notFound(PODCAST_NOT_FOUND);
        return { episode };
      });
      return sendShared(request, reply, key, cached);
    },
  );
};
