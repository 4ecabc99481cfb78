import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BADGE_TEXTS, badgesQuery } from '../../../shared/badges';
import { EVENT_NOT_FOUND } from '../../../shared/events';
import { errorResponses, invariant, notFound, unprocessable } from '../../platform/errors';
import { fileResponse, idParams } from '../../platform/http';
import { dateTimeFormat } from '../../platform/date-format';
import { badgesPdf } from './pdf';
import { badgePeople, findBadgeEvent } from './service';

/** Name badges (issue 36): for admins and the event's own door staff ('door' access reads the
 * event id from the path), never for members. */
export const badgeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, clock } = app.services;
  const day = dateTimeFormat('en-US', {
    timeZone: config.SITE_TIMEZONE,
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });

  app.get(
    '/events/:id/badges',
    {
      config: { access: 'door', cache: 'no-store' },
      schema: {
        tags: ['check-in'],
        summary:
          'Name badges as a PDF: the attending members and their guests (or only those checked in, or one ticket by its ' +
          'short code), in name order; layout insert (4 x 3 in, six a sheet) or label (3 3/8 x 2 1/3 in, eight a ' +
          'sheet), on Letter or A4. Admins and the event’s door staff only',
        params: idParams,
        querystring: badgesQuery,
        response: { 200: fileResponse('application/pdf', 'The badges'), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const event = await findBadgeEvent(db, request.params.id);
      invariant(event, () => notFound(EVENT_NOT_FOUND));
      const { who, layout, paper, ticket } = request.query;
      const badges = await badgePeople(db, {
        eventId: event.id,
        who,
        ticket,
        publicUrl: config.publicUrl,
        now: clock.now(),
      });
      if (badges.length === 0) throw unprocessable('NO_BADGES', BADGE_TEXTS.none);
      const header = `${event.name} · ${day.format(event.startTime)}`;
      const pdf = await badgesPdf(badges, { layout, paper, header, title: `${BADGE_TEXTS.title}: ${event.name}` });
      const fileName = `badges-${
        event.name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '') || 'event'
      }.pdf`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(Buffer.from(pdf));
    },
  );
};
