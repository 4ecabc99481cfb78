import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Request, type Result } from 'autocannon';
import pg from 'pg';
import { startFleet, type Fleet } from '../../src/server/fleet/launcher';
import { NGINX_BINARY } from '../../src/server/fleet/nginx';
import { onCleanup } from './cleanup';
import { postgresTarget } from './databases';
import { fleetFailures, printFleetReport } from './fleet-report';
import { runPart, type BenchPart } from './part';
import { cpuBetween, postgresGroups, sampleCpu, type CpuUse, type Groups, type ProcInfo } from './process-cpu';
import { int, log, type PartReport } from './report';
import { BENCH_SESSION_SECRET, freePort, signIn, tempDir } from './servers';
import { settings } from './settings';

// The fleet part: the production layout on this machine (server processes on one PostgreSQL
// behind Debian's nginx with deploy/nginx/power-mixer.conf, src/server/fleet/launcher.ts) under a
// mix of visitors reading public pages, signed-in members reading profiles and their inbox, and a
// few writes (registrations, messages, profile edits), once per fleet size. Each size gets a fresh
// database seeded with the demo, so the runs start from the same state.

const MEMBER_PASSWORD = 'fleet benchmark member password 2026';
const ADMIN_PASSWORD = 'fleet benchmark admin password 2026';
/** Visitors' share of the reads; signed-in members read the rest. */
export const VISITOR_SHARE = 0.6;

export type RequestKind = 'page' | 'visitor' | 'member' | 'write';

export interface KindTally {
  requests: number;
  /** Answers outside 2xx. */
  failed: number;
  /** Visitor API reads answered from the shared answer cache (`x-cache: hit`). */
  hits: number;
}

export interface FleetMeasurement {
  size: number;
  rps: number;
  p50: number;
  p99: number;
  total: number;
  /** Non-2xx answers, connection errors and timeouts. */
  failed: number;
  errors: number;
  tallies: Record<RequestKind, KindTally>;
  cpu: CpuUse;
  /** Seconds the fresh database took to migrate and seed and the processes to be ready. */
  startSeconds: number;
  /** Transactions the database committed or rolled back during the measured run (its own
   * statistics: every statement outside a transaction counts as one). */
  transactions: number;
}

export interface FleetReport extends PartReport {
  measurements: FleetMeasurement[];
}

export const fleetPart: BenchPart<FleetReport> = {
  enabled: settings.fleet,
  run: () => {
    const report: FleetReport = { description: '', measurements: [] };
    return runPart('fleet', report, () => benchFleet(report));
  },
  print: printFleetReport,
  // Unlike the other parts' targets, a failed request here is a failure of the run.
  broken: (report) => !!report.failed || report.measurements.some((m) => fleetFailures(m) > 0),
};

async function benchFleet(report: FleetReport): Promise<void> {
  log(`\n▶ fleet: server processes on PostgreSQL behind nginx (${settings.fleetSizes.join(', then ')})`);
  if (!existsSync(NGINX_BINARY)) {
    report.skipped = `nginx is not installed (${NGINX_BINARY}); on Debian: apt-get install nginx`;
    log(`  skipped: ${report.skipped}`);
    return;
  }
  for (const size of settings.fleetSizes) {
    const target = await postgresTarget(settings.fleetDatabaseName);
    if ('skipped' in target) {
      report.skipped = target.skipped;
      log(`  skipped: ${target.skipped}`);
      return;
    }
    report.description = target.description;
    try {
      report.measurements.push(await benchFleetSize(size, target.url));
    } finally {
      await target.release?.();
    }
  }
}

/** Consecutive free ports (nginx's, then one per process), tried from a random start. */
async function freeRange(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = 21_000 + Math.floor(Math.random() * 20_000);
    const ports = Array.from({ length: count }, (_, i) => first + i);
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return first;
  }
  // Rare: fall back to one the kernel picks (the next ones are then merely likely free).
  return freePort();
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function benchFleetSize(size: number, databaseUrl: string): Promise<FleetMeasurement> {
  const port = await freeRange(size + 1);
  const url = `http://127.0.0.1:${port}`;
  const dataDir = tempDir('pm-bench-fleet-');
  const nginxDir = path.resolve(dataDir, 'nginx');
  const started = performance.now();
  log(`  ${size} process${size > 1 ? 'es' : ''}: seeding the demo and starting behind nginx on ${url}...`);
  const fleet = await startFleet({
    size,
    port,
    firstProcessPort: port + 1,
    databaseUrl,
    dataDir,
    output: 'ignore',
    env: {
      NODE_ENV: 'production',
      // The benchmarks' admin signs in with a password only.
      STAFF_TWO_FACTOR: 'recommended',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: BENCH_SESSION_SECRET,
      PUBLIC_URL: url,
      SEED_ON_EMPTY: 'true',
      DEMO_ADMIN_PASSWORD: ADMIN_PASSWORD,
      DEMO_MEMBER_PASSWORD: MEMBER_PASSWORD,
      // The members sign in from one address, all within a second.
      AUTH_RATE_LIMIT: '10000',
    },
  });
  const forget = onCleanup(
    `fleet of ${size} (${url})`,
    () => fleet.stop(),
    () => killFleet(fleet, nginxDir),
  );
  try {
    const startSeconds = (performance.now() - started) / 1000;
    log(`    ready in ${startSeconds.toFixed(0)} s`);
    const plan = await planLoad(url, databaseUrl);
    const groups = cpuGroups(fleet, nginxDir, databaseUrl);

    // The warm-up is a run of its own: the tallies and the CPU count the measured run only.
    if (settings.fleetWarmup > 0) await run(url, plan.requests, settings.fleetWarmup);
    for (const tally of Object.values(plan.tallies)) Object.assign(tally, { requests: 0, failed: 0, hits: 0 });
    const transactionsBefore = await transactionCount(databaseUrl);
    const before = sampleCpu(groups);
    const result = await run(url, plan.requests, settings.fleetDuration);
    const cpu = cpuBetween(before, sampleCpu(groups), groups, os.availableParallelism());
    // The statistics reach pg_stat_database within a second of a backend going idle.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const transactions = (await transactionCount(databaseUrl)) - transactionsBefore;

    const failed = result.non2xx;
    const errors = result.errors + result.timeouts;
    const m: FleetMeasurement = {
      size,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      total: result.requests.total,
      failed,
      errors,
      tallies: plan.tallies,
      cpu,
      startSeconds,
      transactions,
    };
    const v = plan.tallies.visitor;
    log(
      `    ${int(m.rps)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, failed ${failed + errors}/${int(m.total)}, visitor cache hits ${v.hits}/${v.requests}`,
    );
    log(`    CPU (cores): ${describeCpu(cpu)}`);
    return m;
  } finally {
    await fleet.stop();
    forget();
  }
}

export const describeCpu = (cpu: CpuUse) =>
  [
    ...Object.entries(cpu.groups).map(([name, g]) => `${name} ${g.cores.toFixed(2)}`),
    `load generator ${cpu.loadGenerator.toFixed(2)}`,
    `machine ${cpu.machine.toFixed(2)} of ${cpu.cores}`,
  ].join(', ');

/** The database's committed and rolled-back transactions so far (this query's own included). */
async function transactionCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(
      `select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()`,
    );
    return Number(result.rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** Last resort on exit: nothing asynchronous runs any more. */
function killFleet(fleet: Fleet, nginxDir: string) {
  for (const p of fleet.processes) p.child.kill('SIGKILL');
  try {
    process.kill(Number(readFileSync(path.join(nginxDir, 'nginx.pid'), 'utf8')), 'SIGQUIT');
  } catch {
    // not running
  }
}

/** Which processes count as what: each server process, nginx (master and worker), the
 * PostgreSQL backends serving this database, and the cluster's own processes. */
function cpuGroups(fleet: Fleet, nginxDir: string, databaseUrl: string): Groups {
  const isNginx = (p: ProcInfo) => p.cmdline.startsWith('nginx: master') && p.cmdline.includes(nginxDir);
  const groups: Groups = {};
  for (const p of fleet.processes) groups[`server ${p.index + 1}`] = (q) => q.pid === p.child.pid;
  groups.nginx = (p, all) =>
    isNginx(p) || (p.cmdline.startsWith('nginx: ') && all.some((q) => q.pid === p.ppid && isNginx(q)));
  return { ...groups, ...postgresGroups(databaseUrl) };
}

interface Plan {
  requests: Request[];
  tallies: Record<RequestKind, KindTally>;
}

/** Signs the members in, checks every distinct request once (each must answer 2xx), and builds
 * the list the connections walk: reads and writes shuffled, writes at `fleetWriteShare`. */
async function planLoad(url: string, databaseUrl: string): Promise<Plan> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  let members: { email: string; username: string; fullName: string; company: string; position: string }[];
  let events: { id: string; open: boolean }[];
  let profiles: string[];
  try {
    members = (
      await db.query<{ email: string; username: string; full_name: string; company: string; position: string }>(
        `select u.email, p.username, coalesce(p.full_name, '') as full_name, coalesce(p.company, '') as company,
           coalesce(p.position, '') as position
         from "user" u join profiles p on p.id = u.id
         where u.email <> 'admin@powermixer.example' order by u.email limit $1`,
        [settings.fleetMembers],
      )
    ).rows.map((r) => ({
      email: r.email,
      username: r.username,
      fullName: r.full_name,
      company: r.company,
      position: r.position,
    }));
    // Upcoming events without a capacity take registrations without a waitlist.
    events = (
      await db.query<{ id: string; open: boolean }>(
        `select id, (status = 'upcoming' and max_attendees is null and start_time > now()) as open
         from events order by start_time desc limit 12`,
      )
    ).rows;
    profiles = (
      await db.query<{ username: string }>(`select username from profiles order by username limit 20`)
    ).rows.map((r) => r.username);
  } finally {
    await db.end();
  }
  const open = events.filter((e) => e.open).map((e) => e.id);
  if (members.length < 4 || open.length === 0 || profiles.length < 2)
    throw new Error(`the demo seed has too little to load (${members.length} members, ${open.length} open events)`);

  const cookies = new Map<string, string>();
  for (const m of members) cookies.set(m.username, await signIn(url, m.email, MEMBER_PASSWORD));
  log(`    ${cookies.size} demo members signed in through nginx`);

  const tallies: Record<RequestKind, KindTally> = {
    page: { requests: 0, failed: 0, hits: 0 },
    visitor: { requests: 0, failed: 0, hits: 0 },
    member: { requests: 0, failed: 0, hits: 0 },
    write: { requests: 0, failed: 0, hits: 0 },
  };
  // Browsers ask for compressed answers: nginx compresses what the app did not.
  const browser = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };
  const counted = (kind: RequestKind, req: Request): Request => ({
    ...req,
    onResponse: (status, _body, _context, headers) => {
      const t = tallies[kind];
      t.requests++;
      if (status < 200 || status > 299) t.failed++;
      if (kind === 'visitor' && status === 200 && headerValue(headers, 'x-cache') === 'hit') t.hits++;
    },
  });

  const visitorPaths = [
    '/api/landing',
    '/api/events',
    ...events.map((e) => `/api/events/${e.id}`),
    '/api/podcasts',
    '/api/members',
    '/api/members?page=2',
    ...profiles.slice(0, 8).map((u) => `/api/profiles/${u}`),
  ];
  const visitors: Request[] = [
    counted('page', { method: 'GET', path: '/', headers: { 'accept-encoding': browser['accept-encoding'] } }),
    ...visitorPaths.map((p) => counted('visitor', { method: 'GET', path: p, headers: browser })),
  ];
  const memberReads: Request[] = members.flatMap((m, i) => {
    const headers = { ...browser, cookie: cookies.get(m.username)! };
    const other = members[(i + 1) % members.length]!.username;
    return [
      counted('member', { method: 'GET', path: '/api/messages', headers }),
      counted('member', { method: 'GET', path: `/api/profiles/${other}`, headers }),
    ];
  });
  const writes: Request[] = members.flatMap((m, i) => {
    const headers = { cookie: cookies.get(m.username)!, origin: url, 'content-type': 'application/json' };
    const other = members[(i + 1) % members.length]!.username;
    const event = open[i % open.length]!;
    const edit = (bio: string) =>
      JSON.stringify({ username: m.username, fullName: m.fullName, bio, company: m.company, position: m.position });
    return [
      // Each member's registration switches back and forth; each edit changes the bio.
      {
        method: 'PUT',
        path: `/api/events/${event}/registration`,
        headers,
        body: JSON.stringify({ status: 'attending' }),
      },
      {
        method: 'POST',
        path: '/api/messages',
        headers,
        body: JSON.stringify({ to: other, subject: 'Fleet benchmark', content: `Hello from ${m.username}` }),
      },
      {
        method: 'PATCH',
        path: '/api/me/profile',
        headers,
        body: edit(`Benchmark bio of ${m.username}, first version.`),
      },
      { method: 'PUT', path: `/api/events/${event}/registration`, headers, body: JSON.stringify({ status: 'maybe' }) },
      {
        method: 'PATCH',
        path: '/api/me/profile',
        headers,
        body: edit(`Benchmark bio of ${m.username}, second version.`),
      },
    ].map((r) => counted('write', r));
  });

  // Every distinct request once: a route that fails would be measured as a fast error page.
  for (const req of [...visitors, ...memberReads, ...writes]) {
    const res = await fetch(url + req.path!, { method: req.method, headers: req.headers, body: req.body as string });
    if (res.status < 200 || res.status > 299)
      throw new Error(`${req.method} ${req.path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    await res.arrayBuffer();
  }

  // Every write once per walk of the list, and as many reads around them as the share leaves.
  const length = Math.round(writes.length / settings.fleetWriteShare);
  const writeCount = writes.length;
  const visitorCount = Math.round((length - writeCount) * VISITOR_SHARE);
  const memberCount = length - writeCount - visitorCount;
  const pick = (from: Request[], n: number) => Array.from({ length: n }, (_, i) => from[i % from.length]!);
  const requests = shuffle([
    ...pick(visitors, visitorCount),
    ...pick(memberReads, memberCount),
    ...pick(writes, writeCount),
  ]);
  log(
    `    request list: ${visitorCount} visitor reads (${visitors.length} URLs), ${memberCount} member reads, ${writeCount} writes (${(100 * settings.fleetWriteShare).toFixed(0)}%), walked in turn by each of ${settings.connections} connections`,
  );
  return { requests, tallies };
}

function headerValue(headers: Record<string, string | string[]> | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** A fixed shuffle (the same list every run), so consecutive requests differ. */
function shuffle<T>(items: T[]): T[] {
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

function run(url: string, requests: Request[], seconds: number): Promise<Result> {
  return new Promise<Result>((resolve, reject) => {
    autocannon({ url, connections: settings.connections, duration: seconds, timeout: 10, requests }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
  });
}
