import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { EVENT_NOT_FOUND } from '../../../shared/events';
import {
  EVENT_ADMIN_TEXTS,
  adminEventResponse,
  adminEventsResponse,
  attendeeExportFileName,
  deleteEventResponse,
  emailAttendeesInput,
  emailAttendeesResponse,
  emailAudienceQuery,
  eventDraftQuery,
  eventRemindersResponse,
  eventDraftResponse,
  eventInput,
  galleryResponse,
  imageUrlQuery,
  imageUrlResponse,
  localDate,
  recipientCountResponse,
} from '../../../shared/event-admin';
import { badRequest, conflict, invariant, notFound, errorResponses, unprocessable } from '../../platform/errors';
import { fileResponse, idParams } from '../../platform/http';
import { eachUploadedFile } from '../../platform/uploads';
import { removeImage, storeImage } from '../../platform/images';
import { recordChanges } from '../../platform/audit';
import { sendRegistrationEmail } from './emails';
import { attendeeCsv } from './export';
import {
  createAdminEvent,
  deleteAdminEvent,
  eventDraft,
  findAdminEvent,
  listAdminEvents,
  updateAdminEvent,
} from './admin-events';
import { countRecipients, sendToAttendees } from './attendee-mail';
import { appendGallery, isReferenced, removeFromGallery, removeUnreferencedImages } from './event-images';
import { reminderSummary } from './reminder-summary';
import { eventExists } from './service';

// The admin's event routes (spec 2, issue 10). All are `access: 'admin'` (401 visitors, 403
// members); every write is recorded in the audit log by platform/audit.ts.

const errors = errorResponses(400, 404, 409);
const admin = { access: 'admin' as const };
const tags = ['admin: events'];

/** The upload sizes per folder (longest side, px). */
const MAX_SIZE = { events: 1600, gallery: 1600, panelists: 800, recaps: 1200 } as const;

export const eventAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, mailer, storage } = app.services;
  const deps = { db, config, mailer, storage, log: app.log };
  const timeZone = config.SITE_TIMEZONE;

  const loadEvent = async (id: string) => {
    const event = await findAdminEvent(db, id, timeZone);
    invariant(event, () => notFound(EVENT_NOT_FOUND));
    return { event, timeZone };
  };

  app.get(
    '/admin/events',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every event with attendee and guest counts and capacity, newest start first',
        response: { 200: adminEventsResponse },
      },
    },
    async () => ({ events: await listAdminEvents(db), timeZone }),
  );

  app.get(
    '/admin/events/draft',
    {
      config: admin,
      schema: {
        tags,
        summary: "A new event's form: empty, or a copy of ?from=<id> without dates, registrations and recap",
        querystring: eventDraftQuery,
        response: { 200: eventDraftResponse, ...errors },
      },
    },
    async (request) => ({ draft: await eventDraft(db, request.query.from, timeZone), timeZone }),
  );

  app.get(
    '/admin/events/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'One event for editing: wall times in the community time zone, sponsor ids, seats taken',
        params: idParams,
        response: { 200: adminEventResponse, ...errors },
      },
    },
    async (request) => loadEvent(request.params.id),
  );

  app.get(
    '/admin/events/:id/reminders',
    {
      config: { ...admin, cache: 'private' },
      schema: {
        tags,
        summary:
          'The reminder e-mails for the current start, per configured offset: when due, how many sent ' +
          'or skipped, first and last sent',
        params: idParams,
        response: { 200: eventRemindersResponse },
      },
    },
    async (request) => {
      const summary = await reminderSummary(db, request.params.id, config.reminderOffsets);
      invariant(summary, () => notFound(EVENT_NOT_FOUND));
      return { ...summary, timeZone };
    },
  );

  app.post(
    '/admin/events',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Create an event (times are wall times in the community time zone)',
        body: eventInput,
        response: { 201: adminEventResponse, ...errors },
      },
    },
    async (request, reply) => {
      const id = await createAdminEvent(db, request.body, timeZone, storage);
      request.auditTargetId = id;
      return reply.status(201).send(await loadEvent(id));
    },
  );

  app.put(
    '/admin/events/:id',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Save the whole event and its sponsors. 409 when the capacity drops below the seats taken ' +
          'without confirmCapacityBelowTaken; a new time or place e-mails everyone registered',
        params: idParams,
        body: eventInput,
        response: { 200: adminEventResponse, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const before = await findAdminEvent(db, id, timeZone);
      invariant(before, () => notFound(EVENT_NOT_FOUND));
      const outcome = await updateAdminEvent(deps, id, request.body);
      const after = await loadEvent(id);
      const changed = (['startsAt', 'endsAt', 'location', 'status', 'maxAttendees'] as const).filter(
        (field) => before[field] !== after.event[field],
      );
      if (changed.length > 0) {
        recordChanges(
          request,
          Object.fromEntries(changed.map((f) => [f, { before: before[f], after: after.event[f] }])),
        );
      }
      await removeUnreferencedImages(deps, outcome.droppedImages);
      for (const userId of outcome.promoted) void sendRegistrationEmail(deps, id, userId, 'promoted');
      return after;
    },
  );

  app.delete(
    '/admin/events/:id',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Delete an event with its registrations, guests and sponsor links; everyone registered for an ' +
          'event still to come is e-mailed a cancellation (.ics METHOD:CANCEL); its stored images are removed',
        params: idParams,
        response: { 200: deleteEventResponse, ...errors },
      },
    },
    async (request) => {
      const { notified, images } = await deleteAdminEvent(deps, request.params.id);
      await removeUnreferencedImages(deps, images);
      return { deleted: true as const, notified };
    },
  );

  // ---------- images ----------

  /** The uploaded files (field "file"), each re-encoded and stored under event-images/<folder>. */
  async function storeUploads(request: FastifyRequest, folder: keyof typeof MAX_SIZE, many: boolean) {
    const urls: string[] = [];
    try {
      await eachUploadedFile(request, async ({ bytes }) => {
        urls.push(await storeImage(storage, 'event-images', bytes, { folder, maxSize: MAX_SIZE[folder] }));
        return many ? 'next' : 'stop';
      });
    } catch (error) {
      // All or nothing: the files stored before the one that failed go too.
      await removeUnreferencedImages(deps, urls);
      throw error;
    }
    if (urls.length === 0) throw badRequest('NO_FILE', 'Choose an image to upload.');
    return urls;
  }

  app.post(
    '/admin/event-images',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Upload an image for the event form (multipart field "file"): folder events (main image and ' +
          'content), panelists or recaps. The URL is kept once the form is saved. Gallery images need a ' +
          'saved event: use /admin/events/:id/gallery',
        consumes: ['multipart/form-data'],
        querystring: z.object({ folder: z.enum(['events', 'gallery', 'panelists', 'recaps']).default('events') }),
        response: { 200: imageUrlResponse, ...errors },
      },
    },
    async (request) => {
      const { folder } = request.query;
      if (folder === 'gallery') throw unprocessable('EVENT_ID_REQUIRED', EVENT_ADMIN_TEXTS.galleryUploadNeedsId);
      const [url] = await storeUploads(request, folder, false);
      return { url: url! };
    },
  );

  app.delete(
    '/admin/event-images',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Remove an uploaded event image that no event refers to (removed from the form before saving)',
        querystring: imageUrlQuery,
        response: { 200: z.object({ removed: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const { url } = request.query;
      const location = storage.locate(url);
      if (!location || location.bucket !== 'event-images') throw notFound('Image not found.');
      // Gallery images belong to a saved event and leave through its gallery route.
      if (location.key.startsWith('gallery/')) {
        throw unprocessable('EVENT_ID_REQUIRED', EVENT_ADMIN_TEXTS.galleryRemoveNeedsId);
      }
      if (await isReferenced(db, url)) {
        throw conflict('IMAGE_IN_USE', 'This image is still used by an event: remove it in the form and save.');
      }
      await removeImage(storage, location.bucket, location.key);
      return { removed: true as const };
    },
  );

  app.post(
    '/admin/events/:id/gallery',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add gallery images to a saved event (multipart, several "file" fields at once)',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: galleryResponse, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      invariant(await eventExists(db, id), () => notFound(EVENT_NOT_FOUND));
      const urls = await storeUploads(request, 'gallery', true);
      const galleryUrls = await appendGallery(db, id, urls);
      if (!galleryUrls) {
        await removeUnreferencedImages(deps, urls);
        throw notFound(EVENT_NOT_FOUND);
      }
      return { galleryUrls };
    },
  );

  app.delete(
    '/admin/events/:id/gallery',
    {
      config: admin,
      schema: {
        tags,
        summary: "Remove one image from a saved event's gallery (and its stored file)",
        params: idParams,
        querystring: imageUrlQuery,
        response: { 200: galleryResponse, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const galleryUrls = await removeFromGallery(db, id, request.query.url);
      if (galleryUrls === null) throw notFound(EVENT_NOT_FOUND);
      if (galleryUrls === false) throw notFound('Image not found.');
      await removeUnreferencedImages(deps, [request.query.url]);
      return { galleryUrls };
    },
  );

  // ---------- attendees: export and e-mail ----------

  app.get(
    '/admin/events/:id/attendees.csv',
    {
      config: { ...admin, cache: 'no-store', recentSignIn: true },
      schema: {
        tags,
        summary:
          'The attendee export (CSV, UTF-8 with BOM): members then guests, streamed. Registration Date and, after ' +
          "the spec's columns, Checked In (when the door admitted them, or empty) are ISO 8601 in the community's " +
          'time zone; Guest of, last, names the member who brought a guest (empty for members). File name: the ' +
          "event name lowercased, non-alphanumerics as underscores, '_attendees_' and today's date",
        params: idParams,
        response: { 200: fileResponse('text/csv', 'The attendee export') },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const event = await findAdminEvent(db, id, timeZone);
      invariant(event, () => notFound(EVENT_NOT_FOUND));
      const fileName = attendeeExportFileName(event.name, localDate(new Date(), timeZone));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(attendeeCsv(db, id, timeZone));
    },
  );

  app.get(
    '/admin/events/:id/email-recipients',
    {
      config: admin,
      schema: {
        tags,
        summary: 'How many people an e-mail to this audience reaches (all, attending, waitlisted, maybe)',
        params: idParams,
        querystring: emailAudienceQuery,
        response: { 200: recipientCountResponse, ...errors },
      },
    },
    async (request) => ({ count: await countRecipients(db, request.params.id, request.query.audience) }),
  );

  app.post(
    '/admin/events/:id/email',
    {
      config: admin,
      schema: {
        tags,
        summary: "E-mail the event's attendees (plain text, one mail each, through the outbox)",
        params: idParams,
        body: emailAttendeesInput,
        response: { 200: emailAttendeesResponse, ...errors },
      },
    },
    async (request) => ({ sent: await sendToAttendees(deps, request.params.id, request.body) }),
  );
};
