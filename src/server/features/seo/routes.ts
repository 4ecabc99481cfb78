import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { announcements, eventSeries, events, podcasts, profiles } from '../../db/schema';
import { brotliOf, SerializedJson } from '../../platform/cache';
import { fileResponse } from '../../platform/http';
import { cachedRead, preferredEncoding } from '../../platform/shared-answers';
import { robotsTxt, sitemapXml } from './service';

/** Kept this long at most; dropped at once when an event or a profile changes. */
const SITEMAP_TTL_MS = 60 * 60_000;

/** robots.txt and sitemap.xml, for search engines (registered without the /api prefix). */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.services;
  const robots = robotsTxt(config.publicUrl);

  app.get(
    '/robots.txt',
    {
      config: { access: 'public', cache: { public: 3600 } },
      schema: {
        tags: ['seo'],
        summary: 'Rules for crawlers, naming the sitemap',
        response: { 200: fileResponse('text/plain', 'robots.txt') },
      },
    },
    async (_request, reply) => reply.type('text/plain; charset=utf-8').send(robots),
  );

  app.get(
    '/sitemap.xml',
    {
      config: { access: 'public' },
      schema: {
        tags: ['seo'],
        summary: 'The public pages, event series, events and member profiles, for search engines',
        response: {
          200: fileResponse('application/xml', 'The sitemap'),
          304: fileResponse('application/xml', 'Not modified: the ETag sent still matches'),
        },
      },
    },
    async (request, reply) => {
      // The cache keeps text as it is given (SerializedJson only means "already serialised").
      const cached = await cachedRead(
        request,
        'sitemap',
        { reads: [announcements, eventSeries, events, podcasts, profiles], ttlMs: SITEMAP_TTL_MS },
        async () => new SerializedJson(await sitemapXml(db, config.publicUrl)),
      );
      reply
        .type('application/xml; charset=utf-8')
        .header('etag', cached.etag)
        .header('cache-control', 'public, max-age=0, must-revalidate')
        .header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === cached.etag) return reply.status(304).send();
      const encoding = cached.gzip ? preferredEncoding(request.headers['accept-encoding']) : null;
      if (encoding === 'br') return reply.header('content-encoding', 'br').send(brotliOf(cached));
      if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(cached.gzip);
      return reply.send(cached.body);
    },
  );
};
