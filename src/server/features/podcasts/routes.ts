import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PODCAST_FEED_URL,
  PODCAST_NOT_FOUND,
  TRANSCRIPT_NOT_FOUND,
  episodeResponse,
  podcastsQuery,
  podcastsResponse,
} from '../../../shared/podcasts';
import { podcasts, profiles } from '../../db/schema';
import { errorResponses, notFound } from '../../platform/errors';
import { fileResponse } from '../../platform/http';
import { findTranscript, podcastFeed } from './feed';
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

/** The podcast feed and the transcripts it points to (registered without the /api prefix: podcast
 * apps are given these addresses). Five minutes in any cache: apps poll about hourly. */
export const podcastFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, storage, clock } = app.services;
  app.get(
    PODCAST_FEED_URL,
    {
      config: { access: 'public', cache: { public: 300 } },
      schema: {
        tags: ['podcasts'],
        summary: 'RSS 2.0 podcast feed (Apple and Podcasting 2.0 tags) of the episodes with an uploaded audio file',
        response: { 200: fileResponse('application/rss+xml', 'The feed') },
      },
    },
    async (_request, reply) =>
      reply.type('application/rss+xml; charset=utf-8').send(await podcastFeed(db, config, clock.now(), storage)),
  );

  app.get(
    '/podcasts/:id/transcript.txt',
    {
      config: { access: 'public', cache: { public: 300 } },
      schema: {
        tags: ['podcasts'],
        summary: "An episode's transcript as plain text (the feed's podcast:transcript)",
        params: idParams,
        response: { 200: fileResponse('text/plain', 'The transcript'), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const text = await findTranscript(db, request.params.id);
      if (text === null) throw notFound(TRANSCRIPT_NOT_FOUND);
      return reply.type('text/plain; charset=utf-8').send(text);
    },
  );
};
