import type { Db } from '../../src/server/db/client';
import { findEventDetail, findNextEvent, latestEvents, listEvents } from '../../src/server/features/events/service';
import { listPodcasts } from '../../src/server/features/podcasts/service';
import { LANDING_EVENTS, eventsListQuery } from '../../src/shared/events';
import { LANDING_PODCASTS } from '../../src/shared/podcasts';
import type { Fixture } from './generate';
import type { PathSpec } from './load';

// What is measured: each public read as an HTTP route, and the same service calls the route's
// loader makes, straight through the driver (the database's ceiling for that route).

export interface Case {
  label: string;
  /** The HTTP request(s); absent for database-only parts. */
  path?: PathSpec;
  /** The service call(s) the route makes, given a running counter. */
  call: (db: Db, n: number) => Promise<unknown>;
}

export function routeCases(fixture: Fixture): Case[] {
  // The route parses its query with this schema: the same defaults (page 1, default page size).
  const firstPage = eventsListQuery.parse({});
  const search = eventsListQuery.parse({ q: fixture.searchWord, status: 'upcoming' });
  const ids = fixture.rotationIds;
  return [
    {
      label: 'GET /api/landing',
      path: '/api/landing',
      // Exactly the landing route's loader.
      call: (db) =>
        Promise.all([
          findNextEvent(db),
          latestEvents(db, LANDING_EVENTS),
          listPodcasts(db, undefined, LANDING_PODCASTS),
        ]),
    },
    {
      label: 'GET /api/events',
      path: '/api/events',
      call: (db) => listEvents(db, firstPage),
    },
    {
      label: `GET /api/events?q=${fixture.searchWord}&status=upcoming`,
      path: `/api/events?q=${encodeURIComponent(fixture.searchWord)}&status=upcoming`,
      call: (db) => listEvents(db, search),
    },
    {
      label: `GET /api/events/:id (1 event, ${fixture.busiestAttendees} attendees)`,
      path: `/api/events/${fixture.busiestEventId}`,
      call: (db) => findEventDetail(db, fixture.busiestEventId),
    },
    {
      label: `GET /api/events/:id (${ids.length} events, ~${fixture.rotationAverageAttendees} attendees)`,
      path: (n) => `/api/events/${ids[n % ids.length]}`,
      call: (db, n) => findEventDetail(db, ids[n % ids.length]!),
    },
  ];
}

/** The landing loader's three queries one by one: which of them sets its ceiling. */
export const landingParts: Case[] = [
  { label: 'findNextEvent', call: (db) => findNextEvent(db) },
  { label: `latestEvents(${LANDING_EVENTS})`, call: (db) => latestEvents(db, LANDING_EVENTS) },
  { label: `listPodcasts(${LANDING_PODCASTS})`, call: (db) => listPodcasts(db, undefined, LANDING_PODCASTS) },
];
