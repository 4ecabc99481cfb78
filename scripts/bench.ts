/**
 * `npm run bench`: how fast the reads are, next to their ceilings measured in the same run.
 * Three parts (BENCH_SUITES=events,mixed,members; default all):
 *
 * events: the public reads.
 * - Framework ceiling: a minimal Fastify 5 server (scripts/bench/minimal-server.ts) in its own
 *   process, loaded by autocannon exactly like the app, just before each database's routes.
 *   The app cannot beat it.
 * - DB ceiling: the service functions each route calls, straight through the driver from this
 *   process, with as many concurrent callers as HTTP connections. The app's public cache can
 *   beat it; without the cache the route could not.
 * - The routes: the real server (`src/server/main.ts`, NODE_ENV=production) as a child process on
 *   each database in turn (embedded PGlite, then PostgreSQL), after a generated data set of
 *   10,000 events, 5,000 members and 100,000 registrations.
 * - The landing page's JavaScript, gzipped, as Chromium downloads it.
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
 * Settings (environment): BENCH_DURATION seconds per measurement (10), BENCH_CONNECTIONS (50),
 * BENCH_WARMUP seconds before each (1), BENCH_SUITES (events,mixed,members), BENCH_DATABASES
 * (pglite,postgres), BENCH_BUILD=1 to rebuild the web app, DATABASE_URL (an empty PostgreSQL
 * database to use instead of creating pm_bench / pm_bench_members on BENCH_PG_ADMIN_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; BENCH_PG_DATABASE, BENCH_PG_MEMBERS_DATABASE name them).
 * A missed target is a result, not an error: the exit code is non-zero only when something broke.
 */
import { cleanupAll, installCleanupHandlers } from './bench/cleanup';
import { pgliteTarget, postgresTarget, type DatabaseTarget } from './bench/databases';
import { ensureWebBuild, type JsSize } from './bench/js-size';
import { printMembersReport } from './bench/members-report';
import { printMixedReport } from './bench/mixed-report';
import { benchMembers, type MembersReport } from './bench/members-run';
import { printReports, type DatabaseReport } from './bench/report';
import { benchDatabase } from './bench/run-database';
import { settings } from './bench/settings';

installCleanupHandlers();
const started = performance.now();
let broken = false;
const minutes = (since: number) => `${((performance.now() - since) / 60_000).toFixed(1)} min`;

try {
  const suites = [settings.events && 'events', settings.mixed && 'mixed', settings.members && 'members']
    .filter(Boolean)
    .join(' + ');
  console.log(
    `Power Mixer benchmark (${suites}): ${settings.connections} connections, ${settings.duration} s per measurement, ${settings.warmup} s warm-up`,
  );
  console.log(`  ${ensureWebBuild()}`);

  const reports: DatabaseReport[] = [];
  let js: JsSize | string | null = null;
  let eventsTime = '';
  if (settings.events || settings.mixed) {
    const eventsStarted = performance.now();
    const targets: (() => Promise<DatabaseTarget | { skipped: string }>)[] = [];
    if (settings.pglite) targets.push(async () => pgliteTarget());
    if (settings.postgres) targets.push(() => postgresTarget());

    for (const prepare of targets) {
      const target = await prepare();
      if ('skipped' in target) {
        console.log(`\n▶ PostgreSQL skipped: ${target.skipped}`);
        reports.push({ name: 'PostgreSQL', description: '', routes: [], parts: [], skipped: target.skipped });
        continue;
      }
      const report: DatabaseReport = { name: target.name, description: target.description, routes: [], parts: [] };
      reports.push(report);
      try {
        // The first database's server also serves the landing page to Chromium (events part).
        const measured = await benchDatabase(target, report, { measureJs: settings.events && js === null });
        if (measured !== null) js = measured;
      } catch (err) {
        // One database failing still leaves the other's figures worth printing.
        broken = true;
        report.failed = (err as Error).stack ?? String(err);
        console.error(`  ${target.name} failed: ${report.failed}`);
      } finally {
        // Done with it: drop it now, before the next part generates its own.
        await target.release?.();
      }
    }
    if (typeof js === 'string') broken = true;
    eventsTime = minutes(eventsStarted);
  }

  let members: MembersReport | null = null;
  if (settings.members) {
    members = { description: '', routes: [] };
    try {
      await benchMembers(members);
    } catch (err) {
      broken = true;
      members.failed = (err as Error).stack ?? String(err);
      console.error(`  members failed: ${members.failed}`);
    }
  }

  if (settings.events) printReports(reports, js);
  if (settings.mixed) printMixedReport(reports);
  if (settings.events || settings.mixed) {
    const parts = [settings.events && 'events', settings.mixed && 'mixed'].filter(Boolean).join(' and ');
    console.log(`Time for the ${parts} part${settings.events && settings.mixed ? 's' : ''}: ${eventsTime} in all.`);
  }
  if (members) printMembersReport(members);
} catch (err) {
  broken = true;
  console.error('\nBenchmark failed:', err);
} finally {
  await cleanupAll();
}

console.log(`\nTotal time: ${minutes(started)}${broken ? ' (with failures, see above)' : ''}`);
process.exit(broken ? 1 : 0);
