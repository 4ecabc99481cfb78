import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { pageMetaResolvers, renderIndexHtml } from './page-meta';

/** Serves the built web app: hashed assets cached for a year, and index.html (never cached)
 * for every other GET that is not an API or upload path, so client routes survive reload. */
export async function registerWebApp(app: FastifyInstance, webRoot: string | null) {
  let indexHtml: string | null = null;
  if (webRoot) {
    indexHtml = await readFile(path.join(webRoot, 'index.html'), 'utf8');
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'public, max-age=300');
        }
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/uploads/');
    if (isPage && indexHtml) {
      const path = request.url.split('?')[0]!;
      let meta = null;
      for (const resolve of pageMetaResolvers) {
        meta = await resolve(path, app.services.db).catch(() => null);
        if (meta) break;
      }
      const html = renderIndexHtml(indexHtml, meta, app.services.config.publicUrl, path);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    }
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });
}
