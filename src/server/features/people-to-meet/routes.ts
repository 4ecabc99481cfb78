import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { EVENT_NOT_FOUND } from '../../../shared/events';
import {
  NOT_REGISTERED_FOR_PEOPLE_TO_MEET,
  peopleToMeetResponse,
  peopleToMeetSetting,
} from '../../../shared/people-to-meet';
import {
  connections,
  eventAttendees,
  events,
  memberBlocks,
  offersAndAsks,
  profiles,
  skills,
  userSkills,
} from '../../db/schema';
import { isUuid } from '../../db/query-values';
import { forbidden, invariant, notFound, errorResponses } from '../../platform/errors';
import { cachedRead, sendJsonWithEtag } from '../../platform/shared-answers';
import { rankPeople } from './rank';
import { loadRoom, type RoomData } from './room';
import { idParams } from '../../platform/http';

const errors = errorResponses(404);

/** Everything a room reads: a change to any of them drops every room of this process. */
const ROOM_READS = [eventAttendees, events, profiles, offersAndAsks, userSkills, skills, connections, memberBlocks];
/** Which events count as past moves with the clock alone. */
const ROOM_TTL_MS = 60_000;

export const peopleToMeetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, cache, clock } = app.services;

  async function room(eventId: string): Promise<RoomData> {
    let loaded: RoomData | undefined;
    const cached = await cache.get(`room:${eventId}`, { reads: ROOM_READS, ttlMs: ROOM_TTL_MS }, async () => {
      loaded = await loadRoom(db, eventId, clock.now());
      // The cache keeps the room itself for ranking; its JSON copy is never sent, so it stays small.
      return Object.defineProperty(loaded, 'toJSON', { value: () => ({ eventId, members: loaded!.members.length }) });
    });
    return (cached.value as RoomData | undefined) ?? loaded!;
  }

  app.get(
    '/events/:id/people-to-meet',
    {
      config: { access: 'member' },
      schema: {
        tags: ['people-to-meet'],
        summary:
          'Other attendees ranked for the viewer (registered attending or maybe), each with the reasons in words; ' +
          'already-connected people last (see README, People to meet)',
        params: idParams,
        response: { 200: peopleToMeetResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { viewer } = request;
      const { id } = request.params;
      invariant(isUuid(id) && (await room(id)).exists, () => notFound(EVENT_NOT_FOUND));
      // Each viewer's ranking is kept too, as sent (JSON, compressed once), until the room changes.
      const key = `people-to-meet:${id}:${viewer.id}`;
      const options = { reads: ROOM_READS, ttlMs: ROOM_TTL_MS };
      const ranking = await cachedRead(request, key, options, async () => rankPeople(await room(id), viewer.id));
      invariant(ranking.body !== 'null', () => forbidden(NOT_REGISTERED_FOR_PEOPLE_TO_MEET));
      return sendJsonWithEtag(request, reply, ranking, 'private, no-cache');
    },
  );

  app.get(
    '/me/people-to-meet',
    {
      config: { access: 'member' },
      schema: {
        tags: ['people-to-meet'],
        summary: 'Whether other attendees see you in People to meet',
        response: { 200: peopleToMeetSetting },
      },
    },
    async (request, reply) => {
      const [row] = await db
        .select({ visible: profiles.inPeopleToMeet })
        .from(profiles)
        .where(eq(profiles.id, request.viewer.id));
      reply.header('cache-control', 'private, no-store');
      return { visible: row?.visible ?? true };
    },
  );

  app.put(
    '/me/people-to-meet',
    {
      config: { access: 'member' },
      schema: {
        tags: ['people-to-meet'],
        summary: 'Show or hide yourself in People to meet',
        body: peopleToMeetSetting,
        response: { 200: peopleToMeetSetting, ...errors },
      },
    },
    async (request) => {
      await db.update(profiles).set({ inPeopleToMeet: request.body.visible }).where(eq(profiles.id, request.viewer.id));
      return { visible: request.body.visible };
    },
  );
};
