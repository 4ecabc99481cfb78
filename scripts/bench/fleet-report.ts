import { VISITOR_SHARE, type FleetMeasurement, type FleetReport } from './fleet';
import { int, markdown, ms, printTitle, share, text, type Table } from './report';
import { settings } from './settings';

// The fleet part's tables: one row per fleet size, then where the CPU went, for the terminal and
// for the README.

const processes = (n: number) => `${n} process${n > 1 ? 'es' : ''}`;

/** Anything not 2xx, and every connection error or timeout: the part fails on one. */
export const fleetFailures = (m: FleetMeasurement) => m.failed + m.errors;

function resultTable(ms1: FleetMeasurement[]): Table {
  const base = ms1[0]!;
  const headers = [
    'server processes',
    'requests/s',
    'vs first',
    'p50 ms',
    'p99 ms',
    'requests',
    'writes',
    'error rate (%)',
    'visitor cache hits (%)',
    'DB transactions per request',
  ];
  const rows = ms1.map((m) => [
    processes(m.size),
    int(m.rps),
    m === base ? '' : `${(m.rps / base.rps).toFixed(2)}×`,
    ms(m.p50),
    ms(m.p99),
    int(m.total),
    int(m.tallies.write.requests),
    share(fleetFailures(m), m.total),
    share(m.tallies.visitor.hits, m.tallies.visitor.requests),
    (m.transactions / m.total).toFixed(2),
  ]);
  return { headers, rows, right: headers.map((_, i) => i > 0) };
}

/** Every size's groups, the server processes first (the first size has fewer of them). */
const groupNames = (ms1: FleetMeasurement[]) => {
  const names = [...new Set(ms1.flatMap((m) => Object.keys(m.cpu.groups)))];
  const servers = names
    .filter((n) => n.startsWith('server '))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return [...servers, ...names.filter((n) => !n.startsWith('server '))];
};

/** CPU in cores (1.00 = one core busy the whole run), per process group. */
function cpuTable(ms1: FleetMeasurement[]): Table {
  const names = groupNames(ms1);
  const headers = [
    'server processes',
    ...names,
    'load generator',
    'other work',
    `whole machine (of ${ms1[0]!.cpu.cores})`,
  ];
  const rows = ms1.map((m) => [
    processes(m.size),
    ...names.map((n) => {
      const g = m.cpu.groups[n];
      if (!g) return '';
      // Several processes in a group: the busiest one beside the sum (a core each at most).
      return g.processes > 1
        ? `${g.cores.toFixed(2)} (${g.processes}, busiest ${g.busiest.toFixed(2)})`
        : g.cores.toFixed(2);
    }),
    m.cpu.loadGenerator.toFixed(2),
    otherWork(m).toFixed(2),
    m.cpu.machine.toFixed(2),
  ]);
  return { headers, rows, right: headers.map((_, i) => i > 0) };
}

/** What the machine did besides the fleet and the load generator (other people's work, the
 * kernel's own threads): the runs are only comparable when it is small. */
const otherWork = (m: FleetMeasurement) =>
  Math.max(0, m.cpu.machine - m.cpu.loadGenerator - Object.values(m.cpu.groups).reduce((sum, g) => sum + g.cores, 0));

/** CPU per request, in ms: what each part costs whatever else the machine was doing, so the
 * part that would fill a core first on a quiet machine shows even on a busy one. */
function costTable(ms1: FleetMeasurement[]): Table {
  const names = groupNames(ms1);
  const headers = ['server processes', ...names.map((n) => `${n} ms`), 'load generator ms', 'all of these ms'];
  const perRequest = (m: FleetMeasurement, cores: number) => ((1000 * cores) / m.rps).toFixed(2);
  const rows = ms1.map((m) => {
    const groups = Object.values(m.cpu.groups).reduce((sum, g) => sum + g.cores, 0);
    return [
      processes(m.size),
      ...names.map((n) => (m.cpu.groups[n] ? perRequest(m, m.cpu.groups[n].cores) : '')),
      perRequest(m, m.cpu.loadGenerator),
      perRequest(m, groups + m.cpu.loadGenerator),
    ];
  });
  return { headers, rows, right: headers.map((_, i) => i > 0) };
}

function setup(): string {
  const share = (100 * settings.fleetWriteShare).toFixed(0);
  const reads = 1 - settings.fleetWriteShare;
  const visitors = (100 * reads * VISITOR_SHARE).toFixed(0);
  const members = (100 * reads * (1 - VISITOR_SHARE)).toFixed(0);
  return (
    `The production layout on one machine: server processes (NODE_ENV=production) on one PostgreSQL behind Debian's nginx with deploy/nginx/power-mixer.conf (src/server/fleet/launcher.ts), a fresh database per size seeded with the demo. ` +
    `${settings.connections} connections (autocannon, in the benchmark's process) walk one shuffled list: visitors reading the landing page, /api/landing, the events list, events, podcasts, the directory and profiles (${visitors}%); ${settings.fleetMembers} signed-in demo members reading their inbox and other members' profiles (${members}%); and ${share}% writes: registrations switching between attending and maybe, messages, profile edits. ` +
    `${settings.fleetDuration} s measured after ${settings.fleetWarmup} s of warm-up. Visitor cache hits: visitor API reads answered from the shared answer cache before routing (\`x-cache: hit\`) while the writes dropped answers; members' reads are not counted (their cache use is not visible from outside). CPU: utime+stime from /proc over the measured run, in cores (1.00 = one core busy throughout); other work: the machine's busy time less all of those. DB transactions per request: the database's commits and rollbacks over the run (pg_stat_database; a statement outside a transaction counts as one, background jobs included) over the requests.`
  );
}

export function printFleetReport(report: FleetReport) {
  const say = console.log;
  printTitle(`FLEET RESULTS  (${settings.connections} connections, ${settings.fleetDuration} s per size)`);
  say(setup());
  say(`Target: no failed request (error rate 0).\n`);
  say(`── PostgreSQL${report.description ? `: ${report.description}` : ''}`);
  if (report.skipped) say(`   skipped: ${report.skipped}`);
  if (report.failed) say(`   FAILED: ${report.failed}`);
  const measured = report.measurements;
  if (measured.length === 0) return;
  for (const m of measured) {
    const bad = Object.entries(m.tallies)
      .filter(([, t]) => t.failed > 0)
      .map(([kind, t]) => `${t.failed} ${kind}`);
    if (fleetFailures(m) > 0)
      say(
        `   ${processes(m.size)}: FAILED requests: ${bad.join(', ') || 'none by status'}; ${m.errors} errors/timeouts`,
      );
  }
  say(`\n${text(resultTable(measured))}\n`);
  say(`CPU during the measured run, in cores:\n\n${text(cpuTable(measured))}\n`);
  say(`CPU per request, in ms:\n\n${text(costTable(measured))}\n`);
  say(`── Markdown (for the README)\n`);
  say(`${setup()} Measured with \`BENCH_SUITES=fleet npm run bench\`.\n`);
  say(`${markdown(resultTable(measured))}\n`);
  say(`${markdown(cpuTable(measured))}\n`);
  say(`${markdown(costTable(measured))}\n`);
}
