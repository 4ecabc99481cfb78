import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Every knob of `npm run bench`, from the environment. Durations are seconds.

function positive(name: string, fallback: number, { allowZero = false } = {}): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !allowZero)) {
    throw new Error(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number, got "${raw}"`);
  }
  return value;
}

const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((s) => s.trim());
const suites = (
  process.env.BENCH_SUITES ??
  'events,mixed,members,forums,live,reminders,door,people,search,series,insights,announcements,page,startup'
)
  .split(',')
  .map((s) => s.trim());
for (const suite of suites) {
  if (
    ![
      'events',
      'mixed',
      'members',
      'forums',
      'live',
      'reminders',
      'door',
      'people',
      'search',
      'series',
      'insights',
      'announcements',
      'page',
      'startup',
      'fleet',
    ].includes(suite)
  )
    throw new Error(
      `BENCH_SUITES: unknown suite "${suite}" (events, mixed, members, forums, live, reminders, door, people, search, series, insights, announcements, page, startup, fleet)`,
    );
}
const fleetSizes = (process.env.BENCH_FLEET_SIZES ?? '1,2').split(',').map((s) => Number(s.trim()));
if (fleetSizes.some((n) => !Number.isInteger(n) || n < 1 || n > 8))
  throw new Error(`BENCH_FLEET_SIZES must list process counts from 1 to 8, got "${process.env.BENCH_FLEET_SIZES}"`);

export const settings = {
  /** Seconds each measurement runs (HTTP load and direct database calls alike). */
  duration: positive('BENCH_DURATION', 10),
  /** Concurrent HTTP connections, and concurrent workers for the direct database calls. */
  connections: Math.round(positive('BENCH_CONNECTIONS', 50)),
  /** Unrecorded seconds before each measurement, so JIT and caches reach their steady state. */
  warmup: positive('BENCH_WARMUP', 1, { allowZero: true }),
  /** How many different events the rotating event-detail run walks over. */
  rotation: 200,
  /** The target: public reads at this share of the framework's ceiling or more. */
  targetRatio: 0.8,
  /** Start-up time and memory of the built server against the same run through tsx. */
  startup: suites.includes('startup'),
  /** The landing page's budget: every byte a first visit transfers on a phone (page suite). */
  pageBudgetKb: 110,
  /** Rounds of Lighthouse over the page suite's five routes (issue 38: three in a row). */
  lighthouseRuns: Math.round(positive('BENCH_LIGHTHOUSE_RUNS', 3)),
  /** BENCH_BUILD=1 rebuilds the web app even when dist/web exists. */
  forceBuild: process.env.BENCH_BUILD === '1',
  /** Which parts to run (BENCH_SUITES): the public event reads, reads of one event while members
   * write to it, the members area (PostgreSQL only); default all three. */
  events: suites.includes('events'),
  mixed: suites.includes('mixed'),
  members: suites.includes('members'),
  /** Forums (PostgreSQL only): 100 forums, 100,000 posts, 1,000,000 replies; the same targets as
   * the members part, plus a reply's live notice to many open event streams. */
  forums: suites.includes('forums'),
  /** Reminders (PostgreSQL only, its own database pm_bench_reminders): the 24-hour reminders of
   * one event of 5,000 attendees written to the outbox by the server's job while visitors read. */
  reminders: suites.includes('reminders'),
  /** The door (PostgreSQL only, its own database pm_bench_door): 20 door devices scanning one
   * event's tickets at 50 scans per second. */
  door: suites.includes('door'),
  /** People to meet (PostgreSQL only, its own database pm_bench_people): one event of 500
   * attendees with offers, asks and skills, ranked for a signed-in attendee. */
  people: suites.includes('people'),
  /** The quick search (PostgreSQL only, its own database pm_bench_search): 100,000 members,
   * 10,000 events and 1,000,000 forum replies, searched as typed by visitors and members. */
  search: suites.includes('search'),
  /** Event series (PostgreSQL only, its own database pm_bench_series): a weekly series two years
   * ahead made by createSeries, and the events list over 5,000 events of which 50 series. */
  series: suites.includes('series'),
  /** Insights (PostgreSQL only, its own database pm_bench_insights): the community figures over
   * 100,000 members, 10,000 events and 1,000,000 registrations, uncached and cached. */
  insights: suites.includes('insights'),
  /** Announcements (PostgreSQL only, its own database pm_bench_announcements): "Send now" of an
   * announcement to 100,000 members, its recipients listed in the request, while visitors read. */
  announcements: suites.includes('announcements'),
  /** The page load (a demo install, on PGlite): the landing page's bytes on the wire and
   * Lighthouse (mobile) on five public routes. */
  page: suites.includes('page'),
  /** The fleet (PostgreSQL behind nginx, its own database pm_bench_fleet): a mixed workload of
   * visitors, signed-in members and writes, with 1 server process and then 2. Not in the default
   * list: BENCH_SUITES=fleet. */
  fleet: suites.includes('fleet'),
  /** Process counts the fleet part measures, in turn (BENCH_FLEET_SIZES, default 1,2). */
  fleetSizes,
  /** The fleet part's measured and warm-up seconds: BENCH_DURATION and BENCH_WARMUP when set,
   * else longer than the other parts' (a mix of routes needs longer to settle). */
  fleetDuration: positive('BENCH_DURATION', 20),
  fleetWarmup: positive('BENCH_WARMUP', 3, { allowZero: true }),
  /** The share of the fleet part's requests that write (registrations, messages, profile edits). */
  fleetWriteShare: 0.05,
  /** Signed-in members in the fleet part's load (demo members; the seed has about 30). */
  fleetMembers: 16,
  fleetDatabaseName: process.env.BENCH_PG_FLEET_DATABASE ?? 'pm_bench_fleet',
  /** How many event streams the forums part's live measurement opens on the one server... */
  forumsLiveStreams: Math.round(positive('BENCH_LIVE_STREAMS', 1_000)),
  /** ...and the p99 the notice must reach them all within, in ms. */
  forumsLiveP99Ms: 1_000,
  /** BENCH_CPU_PROFILE=<folder>: the app servers the parts start write a V8 CPU profile there
   * when they stop (open it in Chrome's DevTools), to find where a route's time goes. */
  cpuProfile: process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [],
  /** The live part (PostgreSQL only): a reply's notice to this many open event streams of one
   * process (BENCH_LIVE_PART_STREAMS), beside a bare node:http server's fan-out to as many... */
  live: suites.includes('live'),
  liveStreams: Math.round(positive('BENCH_LIVE_PART_STREAMS', 10_000)),
  /** ...and its target: p99 under this many ms. */
  liveP99Ms: 200,
  liveDatabaseName: process.env.BENCH_PG_LIVE_DATABASE ?? 'pm_bench_live',
  /** The mixed part: members switching their registration on the event while visitors read it... */
  mixedWriters: 8,
  /** ...each checking their own read after every this-many-th write (read-your-own-write)... */
  mixedCheckEvery: 5,
  /** ...and the target: reads during the writes at this share of reads alone or more. */
  mixedTargetRatio: 0.7,
  /** ...and a member's write answered within this many ms at p99 while the visitors read. */
  mixedWriteP99Ms: 100,
  /** BENCH_MIXED_WRITE_RATE caps the members' writes per second, all together (0, the default:
   * as fast as they can). For comparing with a given write load. */
  mixedWriteRate: positive('BENCH_MIXED_WRITE_RATE', 0, { allowZero: true }),
  /** The reminders part: all of them in the outbox within this many seconds of being due... */
  remindersTargetSeconds: 10,
  /** ...while the public reads keep this share of their rate alone or more. */
  remindersTargetRatio: 0.7,
  /** Fewer than all of them this long after being due: the run is broken, not slow. */
  remindersTimeoutSeconds: 60,
  /** The announcements part: the send's answer (its recipients listed) within this many seconds... */
  announcementsTargetSeconds: 30,
  /** ...while the public reads keep this share of their rate alone or more. */
  announcementsTargetRatio: 0.7,
  /** No answer to the send this long after it was asked: the run is broken, not slow. */
  announcementsTimeoutSeconds: 180,
  /** JOBS_CHECK_MS of the reminders part's server: how often it looks for due jobs (15 s by
   * default; the reminder job's own period, 60 s, is kept). */
  remindersJobsCheckMs: 200,
  /** The members part's target: each route at this share of its SQL ceiling or more... */
  membersTargetRatio: 0.6,
  /** ...and a p99 latency below this many milliseconds. */
  membersP99Ms: 50,
  /** Which databases to measure: pglite, postgres or both (default). */
  pglite: databases.includes('pglite'),
  postgres: databases.includes('postgres'),
  /** A PostgreSQL to use as it is; without it, a fresh database is created on the admin server. */
  databaseUrl: process.env.DATABASE_URL || undefined,
  /** Where the fresh benchmark database is created and dropped. */
  // The maintenance database: the benchmark only connects there to create and drop its own.
  adminUrl: process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  benchDatabaseName: process.env.BENCH_PG_DATABASE ?? 'pm_bench',
  /** The members part's own database (100,000 members, 1,000,000 messages), created and dropped likewise. */
  membersDatabaseName: process.env.BENCH_PG_MEMBERS_DATABASE ?? 'pm_bench_members',
  /** The forums part's own database (100,000 posts, 1,000,000 replies), created and dropped likewise. */
  forumsDatabaseName: process.env.BENCH_PG_FORUMS_DATABASE ?? 'pm_bench_forums',
  /** The reminders part's own database (the events data set and one event of 5,000), likewise. */
  remindersDatabaseName: process.env.BENCH_PG_REMINDERS_DATABASE ?? 'pm_bench_reminders',
  /** The door part's own database (one event of 2,000 attendees and 500 guests), likewise. */
  doorDatabaseName: process.env.BENCH_PG_DOOR_DATABASE ?? 'pm_bench_door',
  /** The People to meet part's own database (2,000 members, one event of 500), likewise. */
  peopleToMeetDatabaseName: process.env.BENCH_PG_PEOPLE_DATABASE ?? 'pm_bench_people',
  /** The search part's own database (100,000 members, 10,000 events, 1,000,000 forum replies), likewise,
   * unless BENCH_SEARCH_KEEP=1 keeps it for the next run (which then skips generating it). */
  searchDatabaseName: process.env.BENCH_PG_SEARCH_DATABASE ?? 'pm_bench_search',
  searchKeep: process.env.BENCH_SEARCH_KEEP === '1',
  /** The series part's own database (5,000 events, 50 series), created and dropped likewise. */
  seriesDatabaseName: process.env.BENCH_PG_SERIES_DATABASE ?? 'pm_bench_series',
  /** The insights part's own database (100,000 members, 1,000,000 registrations), likewise. */
  insightsDatabaseName: process.env.BENCH_PG_INSIGHTS_DATABASE ?? 'pm_bench_insights',
  /** The announcements part's own database (the events data set with 100,000 members), likewise. */
  announcementsDatabaseName: process.env.BENCH_PG_ANNOUNCEMENTS_DATABASE ?? 'pm_bench_announcements',
  /** BENCH_SEARCH_SCALE (0..1] shrinks the search part's data set for a quick check (default 1). */
  searchScale: (() => {
    const scale = positive('BENCH_SEARCH_SCALE', 1);
    if (scale > 1) throw new Error('BENCH_SEARCH_SCALE must be in (0, 1]');
    return scale;
  })(),
  chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  /** The repository root: children run there so `./dist/web` and `npx tsx` resolve as in production. */
  root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
};
