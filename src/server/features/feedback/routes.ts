import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/errors';
import { idParams } from '../../platform/http';
import { feedbackInput, feedbackLinkInput, feedbackLinkQuery, feedbackState } from '../../../shared/feedback';
import { feedbackState as readState, linkFeedbackState, saveFeedback, saveLinkFeedback } from './service';

// Rating an event (issue 34): on its page when signed in, or from the morning-after mail's
// one-tap links, whose signed token is the whole credential (no session is read).

/** The event page's box: a cancelled date (409) and an unknown event (404). */
const readErrors = errorResponses(404, 409);
/** Saving adds: not came (403), not open (409). */
const saveErrors = errorResponses(403, 404, 409);

export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.services;

  app.get(
    '/events/:id/feedback',
    {
      config: { access: 'member', cache: 'private' },
      schema: {
        tags: ['feedback'],
        summary: 'Your rating of an event: whether you may give it now (you came; the window is open) and your answer',
        params: idParams,
        response: { 200: feedbackState, ...readErrors },
      },
    },
    async (request) => readState(db, request.params.id, request.viewer.id, clock.now()),
  );

  app.put(
    '/events/:id/feedback',
    {
      config: { access: 'member' },
      schema: {
        tags: ['feedback'],
        summary:
          'Rate an event you came to, from its end for 14 days (the latest answer counts; a comment or showName left out keeps the saved one, an empty comment clears it)',
        params: idParams,
        body: feedbackInput,
        response: { 200: feedbackState, ...saveErrors },
      },
    },
    async (request) => saveFeedback(db, request.params.id, request.viewer.id, request.body, clock.now()),
  );

  app.get(
    '/feedback/link',
    {
      config: { access: 'public', cache: 'no-store' },
      schema: {
        tags: ['feedback'],
        summary: "The rating a mail's signed link names (changes nothing: mail scanners open links)",
        querystring: feedbackLinkQuery,
        response: { 200: feedbackState, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => linkFeedbackState(db, request.query.token, clock.now()),
  );

  app.put(
    '/feedback/link',
    {
      config: { access: 'public', cache: 'no-store' },
      schema: {
        tags: ['feedback'],
        summary: "Rate an event from a mail's signed link, without signing in (the tap, then the comment page's save)",
        body: feedbackLinkInput,
        response: { 200: feedbackState, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => saveLinkFeedback(db, request.body, clock.now()),
  );
};
