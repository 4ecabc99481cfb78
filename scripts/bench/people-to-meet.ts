import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { termsOf } from '../../src/server/features/members/offers-asks';
import { rankPeople } from '../../src/server/features/people-to-meet/rank';
import { loadRoom } from '../../src/server/features/people-to-meet/room';
import type { PeopleToMeetResponse } from '../../src/shared/people-to-meet';
import { lookUpViewer, type MemberCase } from './members-cases';
import { callsTable, routeTable } from './members-report';
import { measureCases, type MemberMeasurement } from './members-run';
import { postgresPart } from './postgres-part';
import { int, printPart, type PartReport } from './report';
import { settings } from './settings';

// The People to meet part, on PostgreSQL only (its own database pm_bench_people): one event of
// 500 attending members, each with 3 offers, 3 asks and 5 skills, in a community of 2,000 members
// with 20 connections each and 20 past events of 150. 50 attendees, signed in, ask for the
// event's People to meet over HTTP at BENCH_CONNECTIONS (50) connections, each request from the
// next of them; then the same work as direct calls through the driver pool (the SQL ceiling):
// the session lookup, the room's load and the ranking, uncached. The server keeps each event's
// room, and each viewer's ranking made from it, until a table the room reads changes; so the
// route can run above its ceiling.

const EVENT_ID = 'e1000000-0000-4000-8000-000000000001';
const COMMUNITY = 2_000;
const ATTENDEES = 500;
const PER_MEMBER_CONNECTIONS = 20;
const PAST_EVENTS = 20;
const PAST_ATTENDEES = 150;
const SKILLS = 80;
/** Attendees signed in, each asking in turn (every connection walks them all). */
const VIEWERS = 50;

/** What the community offers and looks for: trades that meet each other (the search part's too). */
export const VOCABULARY = [
  'commercial lending',
  'SBA loans',
  'a lender',
  'a general contractor',
  'GC services',
  'general contracting',
  'bookkeeping for small businesses',
  'an accountant',
  'tax preparation',
  'brand design',
  'a graphic designer',
  'logo design',
  'headshots',
  'a photographer',
  'event photography',
  'commercial real estate',
  'office space',
  'a realtor',
  'residential real estate',
  'web development',
  'a web developer',
  'a technical cofounder',
  'angel investors',
  'seed funding',
  'startup mentoring',
  'a mentor',
  'legal advice for startups',
  'an attorney',
  'employment law',
  'recruiting engineers',
  'a recruiter',
  'HR consulting',
  'payroll services',
  'social media marketing',
  'marketing help',
  'copywriting',
  'catering for events',
  'a caterer',
  'venue rental',
  'restaurant build-outs',
  'an architect',
  'interior design',
  'insurance for contractors',
  'an insurance agent',
  'financial planning',
  'a financial advisor',
  'IT support',
  'cybersecurity audits',
  'video production',
  'podcast editing',
];

interface PeopleToMeetReport extends PartReport {
  fixture?: { seconds: number; viewer: string; listed: number; total: number; roomMembers: number };
  routes: MemberMeasurement[];
}

const viewerId = 'ptm-1';

export const peopleToMeetPart = postgresPart({
  enabled: settings.people,
  name: 'people to meet',
  report: (): PeopleToMeetReport => ({ description: '', routes: [] }),
  databaseName: settings.peopleToMeetDatabaseName,
  plan:
    `${int(COMMUNITY)} members, one event of ${ATTENDEES} attending (3 offers, 3 asks, 5 skills each), ` +
    `${PER_MEMBER_CONNECTIONS} connections each, ${PAST_EVENTS} past events of ${PAST_ATTENDEES}`,
  generate: async (db, report) => {
    const t0 = performance.now();
    await generate(db);
    const sample = rankPeople(await loadRoom(db, EVENT_ID, new Date()), viewerId)!;
    report.fixture = {
      seconds: (performance.now() - t0) / 1000,
      viewer: 'ptm1',
      listed: sample.people.length,
      total: sample.total,
      roomMembers: ATTENDEES,
    };
    return sample;
  },
  describe: (sample) => `the viewer is offered ${sample.total} people`,
  // Each request comes from the next of them; the first is the viewer of the SQL ceiling.
  signIn: () => Array.from({ length: VIEWERS }, (_, i) => ({ id: `ptm-${i + 1}`, email: `ptm${i + 1}@bench.example` })),
  async measure({ db, fixture: sample, server, sessions }, report) {
    const rankFresh = async () => rankPeople(await loadRoom(db, EVENT_ID, new Date()), viewerId);
    const c: MemberCase = {
      label: `GET /api/events/:id/people-to-meet (${ATTENDEES} attendees)`,
      path: `/api/events/${EVENT_ID}/people-to-meet`,
      signedIn: true,
      cookies: sessions.map((s) => s.cookie),
      route: async (context) => {
        await lookUpViewer(context);
        return rankFresh();
      },
      service: rankFresh,
      check: (body) => {
        const b = body as PeopleToMeetResponse;
        return b.total === sample.total && b.people.length > 0 ? null : `total ${b.total}, expected ${sample.total}`;
      },
    };
    await measureCases(server.url, [c], sessions[0]!, report.routes);
  },
  print: printPeopleToMeetReport,
  broken: (report) => report.routes.some((m) => m.http.non2xx + m.http.errors > 0),
});

export async function generate(db: Db): Promise<void> {
  const terms = await termsOf(db, VOCABULARY);
  const vocabulary = JSON.stringify(VOCABULARY.map((text, i) => ({ i, text, terms: terms[i] })));
  await db.execute(sql`insert into "user" (id, name, email, email_verified)
    select 'ptm-' || n, 'Bench Member ' || n, 'ptm' || n || '@bench.example', true from generate_series(1, ${COMMUNITY}) n`);
  await db.execute(sql`insert into profiles (id, username, full_name, company, position)
    select 'ptm-' || n, 'ptm' || n, 'Bench Member ' || n, 'Company ' || (n % 300), 'Owner'
    from generate_series(1, ${COMMUNITY}) n`);
  await db.execute(sql`insert into events (id, name, status, start_time, end_time, location)
    values (${EVENT_ID}, 'Winter Mixer', 'upcoming', now() + interval '2 days', now() + interval '2 days 3 hours', 'South End')`);
  await db.execute(sql`insert into event_attendees (event_id, user_id, status)
    select ${EVENT_ID}, 'ptm-' || n, 'attending' from generate_series(1, ${ATTENDEES}) n`);
  await db.execute(sql`insert into events (id, name, status, start_time, end_time, location)
    select ('e0000000-0000-4000-8000-' || lpad(k::text, 12, '0'))::uuid, 'Past Mixer ' || k, 'completed',
      now() - (k * 14 || ' days')::interval, now() - (k * 14 || ' days')::interval + interval '3 hours', 'Uptown'
    from generate_series(1, ${PAST_EVENTS}) k`);
  await db.execute(sql`insert into event_attendees (event_id, user_id, status)
    select distinct on (e, m) ('e0000000-0000-4000-8000-' || lpad(e::text, 12, '0'))::uuid, 'ptm-' || m, 'attending'
    from generate_series(1, ${PAST_EVENTS}) e, generate_series(1, ${PAST_ATTENDEES}) i,
      lateral (select ((e * 997 + i * 131) % ${COMMUNITY}) + 1 as m) pick`);
  await db.execute(sql`insert into skills (name) select 'Skill ' || k from generate_series(1, ${SKILLS}) k`);
  await db.execute(sql`insert into user_skills (user_id, skill_id)
    select distinct on (n, s.id) 'ptm-' || n, s.id
    from generate_series(1, ${ATTENDEES}) n cross join generate_series(0, 4) k
    join skills s on s.name = 'Skill ' || (((n * 7 + k * 13) % ${SKILLS}) + 1)`);
  await db.execute(sql`insert into offers_and_asks (user_id, kind, text, terms, position)
    select 'ptm-' || n, kinds.kind, v.text, array(select jsonb_array_elements_text(v.terms)), k
    from generate_series(1, ${ATTENDEES}) n
      cross join generate_series(0, 2) k
      cross join (values ('offer'), ('ask')) kinds(kind)
      cross join jsonb_to_recordset(${vocabulary}::jsonb) as v(i int, text text, terms jsonb)
    where v.i = case when kinds.kind = 'offer' then (n + k * 11) % ${VOCABULARY.length}
      else (n * 3 + k * 7 + 5) % ${VOCABULARY.length} end`);
  await db.execute(sql`insert into connections (requester_id, recipient_id, status)
    select 'ptm-' || n, 'ptm-' || o, 'accepted'
    from generate_series(1, ${COMMUNITY}) n, generate_series(1, ${PER_MEMBER_CONNECTIONS / 2}) k,
      lateral (select ((n + k * k * 37) % ${COMMUNITY}) + 1 as o) pick
    where o <> n
    on conflict do nothing`);
  await db.execute(sql`analyze`);
}

function printPeopleToMeetReport(report: PeopleToMeetReport) {
  const target = `p99 < ${settings.membersP99Ms} ms (and no failed requests); the ratio to the SQL ceiling is reported`;
  const f = report.fixture;
  const data = f
    ? `One event of ${ATTENDEES} attending members, each with 3 offers, 3 asks and 5 skills, in a community of ${int(COMMUNITY)} ` +
      `with about ${PER_MEMBER_CONNECTIONS} connections each and ${PAST_EVENTS} past events of ${PAST_ATTENDEES}; ` +
      `the signed-in viewer is offered ${f.total} people (generated in ${f.seconds.toFixed(1)} s).`
    : '';
  const measured = report.routes.length > 0;
  printPart(report, {
    title: `PEOPLE TO MEET RESULTS  (${settings.connections} connections, ${settings.duration} s per measurement)`,
    setup: [
      `SQL ceiling: the session lookup, the room's load and the viewer's ranking, uncached, ${settings.connections} concurrent callers.`,
    ],
    target,
    data,
    tables: measured ? [routeTable(report), callsTable(report)] : [],
    name: 'People to meet',
    markdown: measured
      ? {
          intro: `People to meet, PostgreSQL (${data}) Measured with \`npm run bench\`: ${settings.connections} connections, ${settings.duration} s, signed in. Target: ${target}.`,
          tables: [routeTable(report)],
        }
      : undefined,
  });
}
