import { sql } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/client';
import { termsOf } from '../../src/server/features/members/offers-asks';
import { rankPeople } from '../../src/server/features/people-to-meet/rank';
import { loadRoom } from '../../src/server/features/people-to-meet/room';
import { createAuth } from '../../src/server/platform/auth';
import { createMailer } from '../../src/server/platform/mail';
import type { PeopleToMeetResponse } from '../../src/shared/people-to-meet';
import { lookUpViewer, type MemberCase, type MembersContext } from './members-cases';
import { BENCH_PASSWORD, addCredential } from './members-generate';
import { callsTable, routeTable } from './members-report';
import { expectOk, measure, type MemberMeasurement } from './members-run';
import { markdown, text } from './report';
import { BENCH_SESSION_SECRET, signIn, startAppServer } from './servers';
import { postgresPart } from './postgres-part';
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

export interface PeopleToMeetReport {
  description: string;
  fixture?: { seconds: number; viewer: string; listed: number; total: number; roomMembers: number };
  routes: MemberMeasurement[];
  skipped?: string;
  failed?: string;
  seconds?: number;
}

const log = (line: string) => console.log(line);
const int = (n: number) => Math.round(n).toLocaleString('en-US');

export function peopleToMeetBroken(report: PeopleToMeetReport): boolean {
  return !!report.failed || report.routes.some((m) => m.http.non2xx + m.http.errors > 0);
}

export async function benchPeopleToMeet(report: PeopleToMeetReport): Promise<void> {
  await postgresPart(
    { name: 'people to meet', report, databaseName: settings.peopleToMeetDatabaseName },
    async (db, target) => {
      log(
        `  generating: ${int(COMMUNITY)} members, one event of ${ATTENDEES} attending (3 offers, 3 asks, 5 skills each), ` +
          `${PER_MEMBER_CONNECTIONS} connections each, ${PAST_EVENTS} past events of ${PAST_ATTENDEES}...`,
      );
      const t0 = performance.now();
      await generate(db);
      const viewerId = 'ptm-1';
      for (let n = 1; n <= VIEWERS; n++) await addCredential(db, `ptm-${n}`);
      const sample = rankPeople(await loadRoom(db, EVENT_ID, new Date()), viewerId)!;
      report.fixture = {
        seconds: (performance.now() - t0) / 1000,
        viewer: 'ptm1',
        listed: sample.people.length,
        total: sample.total,
        roomMembers: ATTENDEES,
      };
      log(`  generated in ${report.fixture.seconds.toFixed(1)} s; the viewer is offered ${sample.total} people`);

      const server = await startAppServer(target.serverEnv, { AUTH_RATE_LIMIT: '100000' });
      try {
        const cookies: string[] = [];
        for (let n = 1; n <= VIEWERS; n++)
          cookies.push(await signIn(server.url, `ptm${n}@bench.example`, BENCH_PASSWORD));
        const cookie = cookies[0]!;
        const config = loadConfig({
          NODE_ENV: 'production',
          PUBLIC_URL: server.url,
          SESSION_SECRET: BENCH_SESSION_SECRET,
          LOG_LEVEL: 'silent',
        });
        const auth = createAuth(db, config, createMailer(db, config, pino({ enabled: false })));
        const ctx: MembersContext = { db, config, auth, cookie, viewerId };
        const rankFresh = async () => rankPeople(await loadRoom(db, EVENT_ID, new Date()), viewerId);
        const c: MemberCase = {
          label: `GET /api/events/:id/people-to-meet (${ATTENDEES} attendees)`,
          path: `/api/events/${EVENT_ID}/people-to-meet`,
          signedIn: true,
          cookies,
          route: async (context) => {
            await lookUpViewer(context);
            return rankFresh();
          },
          service: rankFresh,
          check: (body) => {
            const b = body as PeopleToMeetResponse;
            return b.total === sample.total && b.people.length > 0
              ? null
              : `total ${b.total}, expected ${sample.total}`;
          },
        };
        await expectOk(server.url, c, cookie);
        log('  the route (autocannon), then its SQL ceiling (session lookup + room load + ranking, uncached):');
        report.routes.push(await measure(server.url, c, ctx));
      } finally {
        await server.stop();
      }
    },
  );
}

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

export function printPeopleToMeetReport(report: PeopleToMeetReport) {
  const say = console.log;
  const target = `p99 < ${settings.membersP99Ms} ms (and no failed requests); the ratio to the SQL ceiling is reported`;
  say(
    `\n${'='.repeat(100)}\nPEOPLE TO MEET RESULTS  (${settings.connections} connections, ${settings.duration} s per measurement)\n`,
  );
  const f = report.fixture;
  const data = f
    ? `One event of ${ATTENDEES} attending members, each with 3 offers, 3 asks and 5 skills, in a community of ${int(COMMUNITY)} ` +
      `with about ${PER_MEMBER_CONNECTIONS} connections each and ${PAST_EVENTS} past events of ${PAST_ATTENDEES}; ` +
      `the signed-in viewer is offered ${f.total} people (generated in ${f.seconds.toFixed(1)} s).`
    : '';
  say(
    `SQL ceiling: the session lookup, the room's load and the viewer's ranking, uncached, ${settings.connections} concurrent callers.`,
  );
  say(`Target: ${target}.\n`);
  say(`── PostgreSQL${report.description ? `: ${report.description}` : ''}`);
  if (report.skipped) {
    say(`   skipped: ${report.skipped}\n`);
    return;
  }
  if (data) say(`   data: ${data}`);
  if (report.failed) say(`   FAILED: ${report.failed}`);
  if (report.routes.length > 0) {
    say(`\n${text(routeTable(report))}\n`);
    say(`${text(callsTable(report))}\n`);
  }
  if (report.seconds !== undefined) say(`People to meet part: ${(report.seconds / 60).toFixed(1)} min in all.\n`);
  if (report.routes.length === 0) return;
  say(`── Markdown (for the README)\n`);
  say(
    `People to meet, PostgreSQL (${data}) Measured with \`npm run bench\`: ${settings.connections} connections, ${settings.duration} s, signed in. Target: ${target}.\n`,
  );
  say(`${markdown(routeTable(report))}\n`);
}
