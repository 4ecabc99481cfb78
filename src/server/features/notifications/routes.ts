import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/errors';
import { notificationPreferences, unsubscribeAnswer, unsubscribeQuery } from '../../../shared/notifications';
import { getPreferences, previewUnsubscribe, savePreferences, unsubscribe } from './service';

const errors = errorResponses(400);

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  app.get(
    '/notifications/preferences',
    {
      config: { access: 'member', cache: 'private' },
      schema: {
        tags: ['notifications'],
        summary: 'Your e-mail notification choices (all on until you change one)',
        response: { 200: notificationPreferences },
      },
    },
    async (request) => {
      return getPreferences(db, request.viewer.id);
    },
  );

  app.put(
    '/notifications/preferences',
    {
      config: { access: 'member' },
      schema: {
        tags: ['notifications'],
        summary: 'Save your e-mail notification choices (all of them)',
        body: notificationPreferences,
        response: { 200: notificationPreferences, ...errors },
      },
    },
    async (request) => {
      return savePreferences(db, request.viewer.id, request.body);
    },
  );
};

/** The one-click unsubscribe (RFC 8058) of every notification e-mail, and the page's own calls.
 * The signed token is the whole credential: no session is read, so it works from a mail client. */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` form-encoded. Only this plugin
  // reads that type; what it says changes nothing (the token decides), so it is parsed leniently.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get(
    '/unsubscribe',
    {
      config: { access: 'public', cache: 'no-store' },
      schema: {
        tags: ['notifications'],
        summary: 'What an unsubscribe link would stop (changes nothing: mail scanners open links)',
        querystring: unsubscribeQuery,
        response: { 200: unsubscribeAnswer, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      return previewUnsubscribe(db, request.query.token);
    },
  );

  app.post(
    '/unsubscribe',
    {
      // A mail provider posts from its own servers with no session and no page of ours behind
      // it: the signed token is the credential, and a cross-site post of it could do no more
      // than the one-click its owner was sent. So the cross-site guard lets this one route through.
      config: { access: 'public', crossSite: 'allowed', cache: 'no-store' },
      schema: {
        tags: ['notifications'],
        summary: 'One-click unsubscribe (RFC 8058): turns off the one kind of e-mail the link names',
        description:
          'Accepts the RFC 8058 body `List-Unsubscribe=One-Click` (application/x-www-form-urlencoded), JSON, or no body.',
        querystring: unsubscribeQuery,
        response: { 200: unsubscribeAnswer, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      return unsubscribe(db, request.query.token);
    },
  );
};
