import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVENT_NOT_FOUND } from '../../../shared/events';
import {
  CHECK_IN_NOT_FOUND,
  TICKET_NOT_FOUND,
  DOOR_STAFF_UNKNOWN,
  doorDutiesResponse,
  doorResponse,
  doorStaffInput,
  doorStaffResponse,
  scanInput,
  scanResponse,
  ticketResponse,
  undoCheckInResponse,
} from '../../../shared/check-in';
import { eventCheckIns } from '../../db/schema';
import { isUuid } from '../../db/query-values';
import { recordChanges } from '../../platform/audit';
import { invariant, notFound, errorResponses, unprocessable } from '../../platform/errors';
import { doorDuties, doorList, listDoorStaff, memberTickets, scan, setDoorStaff, undoCheckIn } from './service';
import { qrSvg, ticketKey } from './tickets';
import { eventExists } from '../events/service';
import { idParams } from '../../platform/http';

const errors = errorResponses(404);
const door = { access: 'door' as const };

export const checkInRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, realtime } = app.services;
  // Door screens and tickets refetch when anyone is admitted or an admission is undone.
  realtime.notifySignedIn(eventCheckIns, 'check-ins');

  app.get(
    '/events/:id/ticket',
    {
      config: { access: 'member' },
      schema: {
        tags: ['check-in'],
        summary:
          "The viewer's ticket for an event they attend, and one per guest they bring, each with its QR code and the " +
          'short code printed under it',
        params: idParams,
        response: { 200: ticketResponse, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const tickets = isUuid(id) ? await memberTickets(db, await ticketKey(db), id, request.viewer.id) : null;
      invariant(tickets, () => notFound(TICKET_NOT_FOUND));
      reply.header('cache-control', 'private, no-cache');
      return {
        event: tickets.event,
        holders: await Promise.all(tickets.holders.map(async (h) => ({ ...h, qrSvg: await qrSvg(h.code) }))),
      };
    },
  );

  app.get(
    '/door-duties',
    {
      config: { access: 'member' },
      schema: {
        tags: ['check-in'],
        summary:
          'The events whose door screen the viewer may open (door staff; admins: every event), leaving out those ' +
          'that ended more than a day ago',
        response: { 200: doorDutiesResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return { events: await doorDuties(db, request.viewer, clock.now()) };
    },
  );

  app.get(
    '/events/:id/door',
    {
      config: door,
      schema: {
        tags: ['check-in'],
        summary:
          "The door's list: every ticket of the event (attending and waitlisted members, guests) with its codes (long " +
          'and short) and admission, and the counts (registered, checked in, guests checked in, still expected; no-shows once it ended)',
        params: idParams,
        response: { 200: doorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const list = isUuid(id) ? await doorList(db, await ticketKey(db), id, clock.now()) : null;
      invariant(list, () => notFound(EVENT_NOT_FOUND));
      reply.header('cache-control', 'private, no-cache');
      return list;
    },
  );

  app.post(
    '/events/:id/check-ins',
    {
      config: door,
      schema: {
        tags: ['check-in'],
        summary:
          'Admit the ticket a code names: the long code in its QR image, or the short code printed under it ' +
          '(typed by hand: any case, spaces and dashes ignored; short codes are unique within an event only, so ' +
          "another event's is not valid here). Answers what the scan found: admitted; already (with when and " +
          'which device); for another event; not valid; on the waitlist. The first admission to arrive wins.',
        params: idParams,
        body: scanInput,
        response: { 200: scanResponse, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      invariant(isUuid(id), () => notFound(EVENT_NOT_FOUND));
      const result = await scan(db, await ticketKey(db), {
        eventId: id,
        code: request.body.code,
        device: request.body.device,
        scannedAt: request.body.scannedAt,
        by: request.viewer.id,
        now: clock.now(),
      });
      const { admittedUserId, ...answer } = result;
      // Only a code that matched nothing of this event leaves the event's existence in doubt.
      if (!answer.ticket) invariant(await eventExists(db, id), () => notFound(EVENT_NOT_FOUND));
      if (admittedUserId) {
        request.auditTargetId = admittedUserId;
        recordChanges(request, {
          checkedIn: {
            before: null,
            after: { name: answer.ticket?.name, kind: answer.ticket?.kind, device: request.body.device },
          },
        });
      } else {
        // Nothing was written: nothing for the audit log.
        request.auditSkip = true;
      }
      return answer;
    },
  );

  app.delete(
    '/events/:id/check-ins/:checkInId',
    {
      config: door,
      schema: {
        tags: ['check-in'],
        summary: 'Undo an admission: the ticket can be scanned again',
        params: idParams.extend({ checkInId: z.string().max(64) }),
        response: { 200: undoCheckInResponse, ...errors },
      },
    },
    async (request) => {
      const { id, checkInId } = request.params;
      const undone = isUuid(id) ? await undoCheckIn(db, await ticketKey(db), id, checkInId) : null;
      invariant(undone, () => notFound(CHECK_IN_NOT_FOUND));
      request.auditTargetId = undone.userId;
      request.auditLabel = undefined;
      recordChanges(request, {
        checkedIn: { before: { name: undone.ticket.name, kind: undone.ticket.kind }, after: null },
      });
      return { ticket: undone.ticket };
    },
  );

  app.get(
    '/admin/events/:id/door-staff',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['check-in'],
        summary: "The members who may open this event's door screen",
        params: idParams,
        response: { 200: doorStaffResponse, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      invariant(isUuid(id) && (await eventExists(db, id)), () => notFound(EVENT_NOT_FOUND));
      return { staff: await listDoorStaff(db, id) };
    },
  );

  app.put(
    '/admin/events/:id/door-staff',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['check-in'],
        summary: "Set the event's door staff: these members may open its door screen and admit people, nothing else",
        params: idParams,
        body: doorStaffInput,
        response: { 200: doorStaffResponse, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      invariant(isUuid(id) && (await eventExists(db, id)), () => notFound(EVENT_NOT_FOUND));
      const before = await listDoorStaff(db, id);
      const outcome = await setDoorStaff(db, id, request.body.userIds);
      if (outcome === 'unknown-member') throw unprocessable('UNKNOWN_MEMBER', DOOR_STAFF_UNKNOWN);
      const staff = await listDoorStaff(db, id);
      recordChanges(request, {
        doorStaff: { before: before.map((s) => s.username), after: staff.map((s) => s.username) },
      });
      return { staff };
    },
  );
};
