import http from 'node:http';
import { openDatabase } from '../../src/server/db/client';
import { landingParts, routeCases, type Case } from './cases';
import { onCleanup } from './cleanup';
import { pgliteTarget, postgresTarget, type DatabaseTarget } from './databases';
import { generateDataset } from './generate';
import { loadCalls, loadHttp, type CallResult, type HttpResult, type PathSpec } from './load';
import { benchMixed, prepareMixed, type MixedFixture } from './mixed';
import { printMixedReport } from './mixed-report';
import { runPart, type BenchPart } from './part';
import { int, log, printReports, type DatabaseReport, type PartReport } from './report';
import { startAppServer, startMinimalServer, type ChildServer } from './servers';
import { settings } from './settings';

// One database from start to end: generate, measure the database's ceiling through the driver
// (and add the mixed part's members), close it, measure the framework's ceiling, then the routes
// and the mixed part on a server child that opens the database in turn. PGlite lets only one
// process open a data folder: the phases never overlap. BENCH_SUITES picks events, mixed or both.

/** The events and mixed parts share their data set and server, on each database in turn. */
interface EventsReport extends PartReport {
  databases: DatabaseReport[];
}

export const eventsPart: BenchPart<EventsReport> = {
  enabled: settings.events || settings.mixed,
  run: benchEvents,
  print(report) {
    if (settings.events) printReports(report.databases);
    if (settings.mixed) printMixedReport(report.databases);
    const parts = [settings.events && 'events', settings.mixed && 'mixed'].filter(Boolean).join(' and ');
    const minutes = ((report.seconds ?? 0) / 60).toFixed(1);
    console.log(`Time for the ${parts} part${settings.events && settings.mixed ? 's' : ''}: ${minutes} min in all.`);
  },
  broken: (report) => !!report.failed || report.databases.some((d) => d.failed),
};

async function benchEvents(): Promise<EventsReport> {
  const report: EventsReport = { description: '', databases: [] };
  return runPart('events', report, async () => {
    const targets: (() => Promise<DatabaseTarget | { skipped: string }>)[] = [];
    if (settings.pglite) targets.push(async () => pgliteTarget());
    if (settings.postgres) targets.push(() => postgresTarget());
    for (const prepare of targets) {
      const target = await prepare();
      if ('skipped' in target) {
        log(`\n▶ PostgreSQL skipped: ${target.skipped}`);
        report.databases.push({ name: 'PostgreSQL', description: '', routes: [], parts: [], skipped: target.skipped });
        continue;
      }
      const database: DatabaseReport = { name: target.name, description: target.description, routes: [], parts: [] };
      report.databases.push(database);
      // One database failing still leaves the other's figures worth printing.
      await runPart(target.name, database, () => benchDatabase(target, database)).finally(async () => {
        // Done with it: drop it now, before the next part generates its own.
        await target.release?.();
      });
    }
  });
}

async function benchDatabase(target: DatabaseTarget, report: DatabaseReport): Promise<void> {
  log(`\n▶ ${target.name}: ${target.description}`);

  let cases: Case[] = [];
  const ceilings: CallResult[] = [];
  let mixed: MixedFixture | null = null;
  const database = await openDatabase(target.url); // applies the migrations
  // Closed here or by the cleanup on Ctrl-C, whichever comes first; closing twice throws.
  let closing: Promise<void> | null = null;
  const close = () => (closing ??= database.close());
  const forget = onCleanup(`${target.name} handle`, close);
  try {
    log('  generating the data set...');
    const fixture = await generateDataset(database.db);
    report.fixture = fixture;
    log(
      `  generated in ${fixture.seconds.toFixed(1)} s: ${Object.entries(fixture.counts)
        .map(([k, n]) => `${int(n)} ${k}`)
        .join(', ')}`,
    );
    if (settings.events) {
      cases = routeCases(fixture);
      log('  DB ceiling (service calls through the driver):');
      for (const c of cases) {
        const result = await loadCalls((n) => c.call(database.db, n));
        ceilings.push(result);
        log(
          `    ${c.label.padEnd(62)} ${int(result.callsPerSec).padStart(7)} calls/s  p99 ${result.p99.toFixed(1)} ms`,
        );
      }
      for (const part of landingParts) {
        const result = await loadCalls((n) => part.call(database.db, n));
        report.parts.push({ label: part.label, db: result });
        log(
          `    landing part: ${part.label.padEnd(48)} ${int(result.callsPerSec).padStart(7)} calls/s  p99 ${result.p99.toFixed(1)} ms`,
        );
      }
    }
    // After the ceilings, which read the data set as generated.
    if (settings.mixed) {
      mixed = await prepareMixed(database.db);
      log(`  mixed part: ${mixed.members.length} members added to "${mixed.eventName}" (${mixed.attendees} attendees)`);
    }
  } finally {
    await close();
    forget();
  }

  return serveAndMeasure(target, report, cases, ceilings, mixed);
}

/** Everything measured over HTTP, once the benchmark's own handle on the database is closed. */
async function serveAndMeasure(
  target: DatabaseTarget,
  report: DatabaseReport,
  cases: Case[],
  ceilings: CallResult[],
  mixed: MixedFixture | null,
): Promise<void> {
  // The framework sending each route's own answers (headers and bodies, as autocannon receives
  // them: no Accept-Encoding) is measured around that route rather than once per run (on a
  // shared machine the load varies); its small JSON route once per database.
  const minimal = cases.length > 0 ? await startMinimalServer() : null;
  // The mixed part's members sign in from one address: the per-address limit is raised as in
  // the members part (the per-account one only counts failures).
  const extraEnv: Record<string, string> = mixed ? { AUTH_RATE_LIMIT: '100000' } : {};
  log(`  starting the app server (child process${mixed ? ', AUTH_RATE_LIMIT=100000' : ''})...`);
  let server: ChildServer | null = null;
  try {
    server = await startAppServer(target.serverEnv, extraEnv);
    // Each request of a route kept under a name of its own: a rotating route's ceiling sends its
    // 200 answers in the same rotation, not its first answer 200 times.
    const kept: { paths: string[]; framework: PathSpec; bytes: number }[] = [];
    for (const [i, c] of cases.entries()) {
      const paths = typeof c.path === 'string' ? [c.path] : rotationOf(c.path!);
      let bytes = 0;
      for (const [n, path] of paths.entries()) {
        const answer = await answerOf(server.url, path);
        bytes += Buffer.byteLength(answer.body);
        if (minimal) await keepAnswer(minimal.url, `route-${i}-${n}`, answer);
      }
      kept.push({
        paths,
        framework:
          typeof c.path === 'string' ? `/answers/route-${i}-0` : (n) => `/answers/route-${i}-${n % paths.length}`,
        bytes: Math.round(bytes / paths.length),
      });
    }
    if (minimal) {
      log('  framework ceiling (minimal Fastify 5 server, child process):');
      report.framework = await loadHttp(minimal.url, '/');
      log(`    GET / ${int(report.framework.rps)} req/s  p99 ${report.framework.p99.toFixed(1)} ms`);
      log("  HTTP routes (autocannon), each between two runs of the framework sending the route's own answers:");
    }
    for (const [i, c] of cases.entries()) {
      const { framework, route } = await inTurn(minimal!.url, kept[i]!.framework, server.url, c.path!, kept[i]!.paths);
      report.routes.push({ label: c.label, http: route, db: ceilings[i]!, framework, bytes: kept[i]!.bytes });
      const bad = route.non2xx + route.errors > 0 ? `  non-2xx ${route.non2xx}, errors ${route.errors}` : '';
      log(
        `    ${c.label.padEnd(62)} ${int(route.rps).padStart(7)} req/s    p99 ${route.p99.toFixed(1)} ms  (framework, the same answers${kept[i]!.paths.length > 1 ? ', mean' : ''} ${int(kept[i]!.bytes)} B: ${int(framework.rps)} req/s)${bad}`,
      );
    }
    await minimal?.stop();
    // After the public routes: its writes change the data they read.
    if (mixed) {
      log(`  mixed: one event's page read by visitors while ${mixed.members.length} members write to it:`);
      report.mixed = await benchMixed(server.url, mixed);
    }
  } finally {
    await server?.stop();
    await minimal?.stop();
  }
}

/** Every request a rotating route walks, as loadHttp builds them. */
const rotationOf = (path: (n: number) => string) => Array.from({ length: settings.rotation }, (_, n) => path(n));

/** A route measured between two runs of the framework sending its answers, each for half the
 * route's time: the ceiling is their mean, so a load that drifts across the three runs moves the
 * ceiling as it moves the route. The route's `paths` are fetched once just before its run: what
 * is measured is the cached read, not the first visitor's load of each answer (a rotation's 200
 * first loads spilled past the one-second warm-up). */
async function inTurn(frameworkUrl: string, frameworkPath: PathSpec, appUrl: string, path: PathSpec, paths: string[]) {
  // autocannon runs whole seconds.
  const half = Math.ceil(settings.duration / 2);
  const before = await loadHttp(frameworkUrl, frameworkPath, undefined, settings.rotation, half);
  for (const each of paths) await answerOf(appUrl, each);
  const route = await loadHttp(appUrl, path);
  const after = await loadHttp(frameworkUrl, frameworkPath, undefined, settings.rotation, half);
  // A kept answer missing would be a fast 404 and a ceiling too high.
  if (before.non2xx + before.errors + after.non2xx + after.errors > 0)
    throw new Error(`the minimal server failed requests for ${paths[0]}: the ceiling would be wrong`);
  // req/s and p50 the mean, p99 the higher, counts summed.
  const framework: HttpResult = {
    rps: (before.rps + after.rps) / 2,
    p50: (before.p50 + after.p50) / 2,
    p99: Math.max(before.p99, after.p99),
    non2xx: before.non2xx + after.non2xx,
    errors: before.errors + after.errors,
    total: before.total + after.total,
  };
  return { framework, route };
}

/** A route's answer as autocannon gets it (no Accept-Encoding: fetch would ask for brotli),
 * without the headers Node adds to every answer; a route that fails would be measured as a fast
 * error page, so it must answer 200. */
function answerOf(baseUrl: string, path: string): Promise<{ headers: Record<string, string>; body: string }> {
  const url = baseUrl + path;
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString();
          if (res.statusCode !== 200)
            return reject(new Error(`GET ${url} answered ${res.statusCode}: ${body.slice(0, 500)}`));
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)) continue;
            if (typeof value === 'string') headers[name] = value;
          }
          resolve({ headers, body });
        });
      })
      .on('error', reject);
  });
}

async function keepAnswer(baseUrl: string, name: string, answer: { headers: Record<string, string>; body: string }) {
  const res = await fetch(`${baseUrl}/answers/${name}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(answer),
  });
  if (!res.ok) throw new Error(`the minimal server did not keep the answer: ${res.status}`);
}
