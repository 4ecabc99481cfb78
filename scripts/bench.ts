/**
 * `npm run bench`: how fast the reads are, next to their ceilings measured in the same run.
 * Twelve parts (BENCH_SUITES=events,mixed,members,forums,reminders,door,people,search,series,insights,announcements,page;
 * default all):
 *
 * events: the public reads.
 * - Framework ceiling: a minimal Fastify 5 server (scripts/bench/minimal-server.ts) in its own
 *   process, loaded by autocannon exactly like the app: its small JSON route just before each
 *   database's routes, and each route's own answers (a rotation's 200 in turn) for half the
 *   route's time just before and just after it, the ceiling their mean.
 * - DB ceiling: the service functions each route calls, straight through the driver from this
 *   process, with as many concurrent callers as HTTP connections. The app's public cache can
 *   beat it; without the cache the route could not.
 * - The routes: the real server (`src/server/main.ts`, NODE_ENV=production) as a child process on
 *   each database in turn (embedded PGlite, then PostgreSQL), after a generated data set of
 *   10,000 events, 5,000 members and 100,000 registrations.
 *
 * mixed (both databases, on the same data set and server as events): the best attended upcoming
 * event's page read by visitors (autocannon) alone, then while 8 signed-in members switch their
 * registration on it as fast as they can (scripts/bench/mixed.ts). Target: reads during the
 * writes at >= 70% of reads alone; the writes/s and failed writes beside it. Each member reads
 * the page after every 5th write and must see their new status (read-your-own-write: 0 stale).
 * BENCH_MIXED_WRITE_RATE caps their writes per second, all together (default: no cap).
 *
 * members (PostgreSQL only, its own database pm_bench_members): 100,000 members, skills,
 * registrations, ~200,000 connections and 1,000,000 messages; one member signed in through
 * POST /api/auth/sign-in. The directory (search, deep page, skill and event filters), a profile
 * (visitor and signed in) and the inbox, each against its SQL ceiling: the same service calls
 * (and session lookup) through the driver pool. Target: >= 60% of the ceiling and p99 < 50 ms.
 *
 * forums (PostgreSQL only, its own database pm_bench_forums): 100 forums, 100,000 posts and
 * 1,000,000 replies by 1,000 members; one member signed in. The forum list, a 20,000-post forum's
 * first page and a page 19,000 posts deep (keyset cursor), and the first and last page of a
 * 10,000-reply thread, each against its SQL ceiling (same targets as members); then a reply
 * written to the database is timed to 1,000 open event streams on the one server
 * (BENCH_LIVE_STREAMS; target p99 < 1 s, none missed). BENCH_FORUMS_SCALE (0..1] shrinks its
 * data set for a quick check that the part runs.
 *
 * reminders (PostgreSQL only, its own database pm_bench_reminders): the events data set plus one
 * upcoming event all 5,000 members attend; the real server with JOBS_CHECK_MS=200 and no SMTP
 * (scripts/bench/reminders.ts). The public event reads alone, then the event moved so that its
 * 24-hour reminder falls due on the boundary of the reminder job's 60-s period, and the same reads
 * while the outbox is polled until the 5,000 reminders are there. Targets: all of them < 10 s after
 * due, exactly one per attendee, reads meanwhile >= 70% of alone. Fewer than 5,000 after 60 s, or
 * more, breaks the run.
 *
 * door (PostgreSQL only, its own database pm_bench_door): one event of 2,000 attending members and
 * 500 guests; 20 door devices, each signed in as its own door staff member, scan at 50 per second
 * in all on a fixed schedule (scripts/bench/door.ts): first scans, repeats, forged codes, and one
 * code in ten sent by two devices at the same instant. Targets: p99 < 100 ms; no ticket admitted
 * twice (a double admission, or answers and rows disagreeing, breaks the run).
 *
 * people (PostgreSQL only, its own database pm_bench_people): one event of 500 attending members,
 * each with 3 offers, 3 asks and 5 skills, in a community of 2,000 with 20 connections each; one
 * attendee signed in reads People to meet at 50 connections, against its SQL ceiling (the session
 * lookup, the room's load and the ranking, uncached) (scripts/bench/people-to-meet.ts).
 *
 * search (PostgreSQL only, its own database pm_bench_search): the members part's 100,000 members
 * (skills, and offers and asks as People to meet has them), the events part's 10,000 events and
 * 1,000 podcasts, the forums part's 100,000 posts and 1,000,000 replies, each by its own
 * generator (scripts/bench/search-generate.ts). The quick search as typed into the dialog
 * (GET /api/search?q=) at 50 connections over a rotation of a few hundred queries (real names,
 * partial names, typos, prefixes, event, forum and skill words, phrases, common and rare words),
 * each asked by a visitor and by a signed-in member; against its SQL ceiling (the route's group
 * statements in parallel, and the session lookup, uncached). Then each query's groups one at a
 * time (what a cache miss costs): p50/p99 per group and the 5 slowest. Target: p99 < 50 ms.
 * BENCH_SEARCH_SCALE (0..1] shrinks the data set; BENCH_SEARCH_KEEP=1 keeps the database for the
 * next run, which then skips generating it (scripts/bench/search.ts).
 *
 * series (PostgreSQL only, its own database pm_bench_series): 5,000 events of which 50 weekly series
 * make 1,850 dates (10 weeks back, 27 ahead), 1,000 members, 12 registrations per event. A weekly
 * series two years ahead made by createSeries (features/events/series-admin.ts, as POST
 * /api/admin/series after validation, SERIES_HORIZON=24) six times, target each < 1 s; then the
 * events list GET /api/events over a rotation of its pages at 50 connections, target p99 < 50 ms,
 * beside its SQL ceiling (listEvents through the driver pool, uncached) (scripts/bench/series.ts).
 *
 * insights (PostgreSQL only, its own database pm_bench_insights): 100,000 members, 10,000 events,
 * 1,000,000 registrations with check-ins, guests, offers and asks, made with generate_series. The
 * community figures (features/insights/service.ts) uncached from one caller per period, target
 * p99 < 300 ms, beside their SQL ceiling (concurrent callers); then GET /api/admin/insights cached,
 * as a signed-in admin at 50 connections, target p99 < 20 ms, beside the framework's ceiling
 * (scripts/bench/insights.ts).
 *
 * announcements (PostgreSQL only, its own database pm_bench_announcements): the events data set with
 * 100,000 members instead of 5,000, 1 in 33 with Community news off, and one admin signed in; the
 * real server with no SMTP and the default MAIL_RATE_PER_MINUTE (scripts/bench/announcements.ts).
 * The public event reads alone, then the same reads while the admin sends an announcement to all
 * members now (POST /api/admin/announcements/:id/send, which lists every recipient in the request).
 * Targets: the send answered < 30 s, reads meanwhile >= 70% of alone. A count of recipients, rows
 * or distinct addresses other than the members with Community news on plus the admin breaks the run.
 *
 * page (PGlite, a fresh demo install as `npm start` makes, production mode): the landing page's
 * first load, its JavaScript and CSS in brotli counted from the build beside the weight ratchet's
 * budget (scripts/bench/first-load.ts, tests/e2e/weight.spec.ts); the bytes a first
 * visit to the landing page transfers, every request as Chromium received it off the wire (a
 * phone's screen and a desktop's; target <= 110 KB on the phone), and Lighthouse (mobile, simulated
 * throttling) on /, /events, the next event's page, /community and /podcasts: performance,
 * accessibility, best practices, SEO, CLS and LCP. Quick on its own: BENCH_SUITES=page.
 *
 * fleet (not in the default list: BENCH_SUITES=fleet; needs nginx): the production layout, server
 * processes on PostgreSQL (a fresh database pm_bench_fleet per size, demo seeded) behind nginx with
 * deploy/nginx/power-mixer.conf, with 1 process and then 2 (BENCH_FLEET_SIZES): visitors reading
 * public pages and APIs, signed-in members reading profiles and their inbox, 5% writes. Requests/s,
 * p50/p99, the error rate (any failed request fails the run), the share of visitor reads answered
 * from the cache while the writes flowed, and the CPU of each server process, nginx and the
 * PostgreSQL backends. BENCH_DURATION / BENCH_WARMUP default to 20 / 3 s for this part.
 *
 * Settings (environment): BENCH_DURATION seconds per measurement (10), BENCH_CONNECTIONS (50),
 * BENCH_WARMUP seconds before each (1), BENCH_SUITES (events,mixed,members,forums,reminders,door,people,search,series,insights,announcements,page), BENCH_DATABASES
 * (pglite,postgres), BENCH_BUILD=1 to rebuild the web app, DATABASE_URL (an empty PostgreSQL
 * database to use instead of creating pm_bench / pm_bench_members on BENCH_PG_ADMIN_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; BENCH_PG_DATABASE, BENCH_PG_MEMBERS_DATABASE,
 * BENCH_PG_FORUMS_DATABASE, BENCH_PG_REMINDERS_DATABASE, BENCH_PG_SEARCH_DATABASE, BENCH_PG_SERIES_DATABASE, BENCH_PG_INSIGHTS_DATABASE, BENCH_PG_ANNOUNCEMENTS_DATABASE name them).
 * A missed target is a result, not an error: the exit code is non-zero only when something broke.
 *
 * Every part runs in one frame (scripts/bench/part.ts): it returns a report (PartReport: where it
 * ran, skipped, failed, its time, then its measurements), prints it (report.ts: printPart) and says
 * whether it broke the run. The PostgreSQL-only parts declare their stages to postgresPart
 * (postgres-part.ts): database, data set, server, signed-in members, measurements. Every
 * percentile the bench computes is stats.ts's (nearest rank); autocannon's HTTP figures are its own.
 */
import { announcementsPart } from './bench/announcements';
import { cleanupAll, installCleanupHandlers } from './bench/cleanup';
import { doorPart } from './bench/door';
import { fleetPart } from './bench/fleet';
import { forumsPart } from './bench/forums-run';
import { ensureWebBuild } from './bench/js-size';
import { livePart } from './bench/live';
import { membersPart } from './bench/members-run';
import { pagePart } from './bench/page';
import type { BenchPart } from './bench/part';
import { peopleToMeetPart } from './bench/people-to-meet';
import { remindersPart } from './bench/reminders';
import type { PartReport } from './bench/report';
import { eventsPart } from './bench/run-database';
import { searchPart } from './bench/search';
import { insightsPart } from './bench/insights';
import { seriesPart } from './bench/series';
import { settings } from './bench/settings';
import { startupPart } from './bench/startup';

installCleanupHandlers();
const started = performance.now();
let broken = false;
const minutes = (since: number) => `${((performance.now() - since) / 60_000).toFixed(1)} min`;

// Every part in the frame of part.ts: run in this order, each returning its report, then all the
// reports printed together at the end (where a long run's results are easy to find).
const parts: BenchPart[] = [
  eventsPart,
  membersPart,
  forumsPart,
  livePart,
  remindersPart,
  doorPart,
  peopleToMeetPart,
  searchPart,
  seriesPart,
  insightsPart,
  announcementsPart,
  pagePart,
  startupPart,
  fleetPart,
].filter((part) => part.enabled);

try {
  const suites = [
    settings.events && 'events',
    settings.mixed && 'mixed',
    settings.members && 'members',
    settings.forums && 'forums',
    settings.live && 'live',
    settings.reminders && 'reminders',
    settings.door && 'door',
    settings.people && 'people',
    settings.search && 'search',
    settings.series && 'series',
    settings.insights && 'insights',
    settings.announcements && 'announcements',
    settings.page && 'page',
    settings.startup && 'startup',
    settings.fleet && 'fleet',
  ]
    .filter(Boolean)
    .join(' + ');
  console.log(
    `Power Mixer benchmark (${suites}): ${settings.connections} connections, ${settings.duration} s per measurement, ${settings.warmup} s warm-up${settings.fleet ? ` (fleet: ${settings.fleetDuration} s after ${settings.fleetWarmup} s)` : ''}`,
  );
  console.log(`  ${ensureWebBuild()}`);

  const done: [BenchPart, PartReport][] = [];
  for (const part of parts) {
    const report = await part.run();
    done.push([part, report]);
    // A failure of the run, not a missed target: the exit code says so.
    if (part.broken(report)) broken = true;
  }
  for (const [part, report] of done) part.print(report);
} catch (err) {
  broken = true;
  console.error('\nBenchmark failed:', err);
} finally {
  await cleanupAll();
}

console.log(`\nTotal time: ${minutes(started)}${broken ? ' (with failures, see above)' : ''}`);
process.exit(broken ? 1 : 0);
