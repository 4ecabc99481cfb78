import type { Fixture } from './generate';
import type { CallResult, HttpResult } from './load';
import type { MixedMeasurement } from './mixed';
import { settings } from './settings';

// Turning measurements into the tables: aligned text for the terminal, markdown for the README.

export interface RouteMeasurement {
  label: string;
  http: HttpResult;
  db: CallResult;
  /** The framework sending the route's own answers (headers and bodies), measured for half the
   * route's time just before and just after it: req/s the mean of the two, p99 the higher. */
  framework: HttpResult;
  /** The answer's length as the load generator gets it (no Accept-Encoding); a rotation's mean. */
  bytes: number;
}

/** What every part's report carries besides its measurements (the frame, part.ts, fills it). */
export interface PartReport {
  /** Where it ran (the database), as the part's section heads it. */
  description: string;
  skipped?: string;
  failed?: string;
  /** The part's time from start to end, data set included. */
  seconds?: number;
}

export interface DatabaseReport {
  name: string;
  description: string;
  fixture?: Fixture;
  /** The minimal Fastify server, measured just before this database's routes. */
  framework?: HttpResult;
  routes: RouteMeasurement[];
  /** Database-only measurements (the landing loader's queries one by one). */
  parts: { label: string; db: CallResult }[];
  /** The mixed part: the event page's reads alone and during members' writes. */
  mixed?: MixedMeasurement;
  skipped?: string;
  failed?: string;
  seconds?: number;
}

/** The benchmark's progress lines and its results both go to stdout. */
export const log = (line: string) => console.log(line);
/** A count, with thousands separators. */
export const int = (n: number) => Math.round(n).toLocaleString('en-US');
/** Milliseconds: one decimal below 10. */
export const ms = (n: number) => (n < 10 ? n.toFixed(1) : int(n));
/** A percentage already computed: one decimal below 10. */
export const pct = (n: number) => (n < 10 ? n.toFixed(1) : int(n));
/** `part` as a percentage of `whole`, one decimal; a dash when there is no whole. */
export const share = (part: number, whole: number) => (whole > 0 ? ((100 * part) / whole).toFixed(1) : '–');
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export type Table = { headers: string[]; rows: string[][]; right: boolean[] };

function routeTable(report: DatabaseReport): Table {
  const small = report.framework!;
  const headers = [
    'route',
    'bytes',
    'req/s',
    'p99 ms',
    'non-2xx',
    'framework, same answers req/s',
    'ratio (%)',
    'ratio to the small route (%)',
    'DB ceiling calls/s',
    'ratio to DB ceiling (%)',
    'target met?',
  ];
  const rows = report.routes.map(({ label, http, db, framework, bytes }) => {
    const toFramework = (100 * http.rps) / framework.rps;
    const failures = http.non2xx + http.errors;
    return [
      label,
      int(bytes),
      int(http.rps),
      ms(http.p99),
      http.errors > 0 ? `${int(http.non2xx)} (+${int(http.errors)} errors)` : int(http.non2xx),
      int(framework.rps),
      pct(toFramework),
      pct((100 * http.rps) / small.rps),
      int(db.callsPerSec),
      pct((100 * http.rps) / db.callsPerSec),
      // A fast wrong answer is no answer: failed requests miss the target whatever the rate.
      toFramework >= 100 * settings.targetRatio && failures === 0 ? 'yes' : 'no',
    ];
  });
  return { headers, rows, right: headers.map((_, i) => i > 0 && i < 10) };
}

function partsTable(report: DatabaseReport): Table {
  const rows = [
    ...report.routes.map((r) => [`${r.label} loader`, int(r.db.callsPerSec), ms(r.db.p99)]),
    ...report.parts.map((p) => [`  landing part: ${p.label}`, int(p.db.callsPerSec), ms(p.db.p99)]),
  ];
  return { headers: ['direct service calls (DB ceiling)', 'calls/s', 'p99 ms'], rows, right: [false, true, true] };
}

export function text({ headers, rows, right }: Table): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (right[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('-+-'), ...rows.map(line)].join('\n');
}

export function markdown({ headers, rows, right }: Table): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(right.map((r) => (r ? '---:' : '---'))), ...rows.map(line)].join('\n');
}

function fixtureLine(f: Fixture): string {
  const counts = Object.entries(f.counts)
    .map(([name, n]) => `${int(n)} ${name}`)
    .join(', ');
  return `data: ${counts}; generated in ${f.seconds.toFixed(1)} s. Search "${f.searchWord}" matches ${f.searchMatches} events (${((100 * f.searchMatches) / f.counts.events!).toFixed(1)}%), ${f.searchUpcoming} upcoming.`;
}

const report0 = (reports: DatabaseReport[]) =>
  reports
    .filter((r) => r.framework)
    .map((r) => `${r.name} ${int(r.framework!.rps)} req/s`)
    .join(', ') || 'not measured';

export function printReports(reports: DatabaseReport[]) {
  const say = console.log;
  const measured = reports.filter((r) => !r.skipped && r.routes.length > 0);
  printTitle(`RESULTS  (${settings.connections} connections, ${settings.duration} s per measurement)`);
  say(
    `Framework ceiling: a minimal Fastify 5 server in its own process sending the route's own answers (headers and bodies, kept once; a rotating route's in the same rotation), measured for half the route's time just before and just after each route (their mean); each route's answers fetched once just before its run, so the route's run measures cached reads; its small JSON route (${report0(reports)}) once per database.`,
  );
  say(
    `DB ceiling: each route's own service calls straight through the driver, ${settings.connections} concurrent callers.`,
  );
  say(
    `Target: public reads at >= ${100 * settings.targetRatio}% of the framework sending the same answers (and no failed requests).\n`,
  );

  for (const report of reports) {
    say(`── ${report.name}${report.description ? `: ${report.description}` : ''}`);
    if (report.skipped) {
      say(`   skipped: ${report.skipped}\n`);
      continue;
    }
    if (report.fixture) say(`   ${fixtureLine(report.fixture)}`);
    if (report.failed) say(`   FAILED: ${report.failed}`);
    if (report.routes.length > 0) {
      say(`\n${text(routeTable(report))}\n`);
      say(`${text(partsTable(report))}\n`);
    }
  }
  say('A ratio to the DB ceiling above 100% means the public cache answered without the database.\n');

  say(`\n── Markdown (for the README)\n`);
  say(
    `Measured with \`npm run bench\`: ${settings.connections} connections, ${settings.duration} s per route; load generator and server in separate processes on the same machine. Framework ceiling: a minimal Fastify 5 server sending the route's own answers (headers and bodies, kept once; a rotating route's in the same rotation), measured for half the route's time just before and just after it (their mean); each route's answers fetched once just before its run, so the route's run measures cached reads. The ratio to the minimal server's small JSON route (about 50 bytes) beside it. DB ceiling: the route's own service calls straight through the driver, ${settings.connections} concurrent callers. Target: public reads at >= ${100 * settings.targetRatio}% of the framework sending the same answers.\n`,
  );
  for (const report of measured) {
    say(`**${report.name}** (${fixtureLine(report.fixture!).replace(/^data: /, '')})\n`);
    say(`${markdown(routeTable(report))}\n`);
  }
}

/** A part's results begin with a rule and its title (what it ran with, in brackets). */
export function printTitle(title: string): void {
  console.log(`\n${'='.repeat(100)}\n${title}\n`);
}

/** How a part on one database prints its report: the same sections in the same order. */
interface PartPrint {
  /** "SEARCH RESULTS  (50 connections, 10 s per measurement)". */
  title: string;
  /** What was measured and how, one line each, before the target. */
  setup: string[];
  target: string;
  /** The database the section is for. */
  database?: string;
  /** The data set, when it was made. */
  data?: string;
  /** Lines under the data: what the tables do not say (counts that must agree, BROKEN). */
  notes?: string[];
  /** For the terminal; none when nothing was measured. */
  tables: Table[];
  /** Lines after the tables. */
  after?: string[];
  /** "Search" in "Search part: 1.2 min in all." */
  name: string;
  /** The same for the documentation; absent when nothing was measured. */
  markdown?: { intro: string; tables: Table[]; after?: string[] };
}

export function printPart(report: PartReport, part: PartPrint): void {
  const say = console.log;
  printTitle(part.title);
  for (const line of part.setup) say(line);
  say(`Target: ${part.target}.\n`);
  say(`── ${part.database ?? 'PostgreSQL'}${report.description ? `: ${report.description}` : ''}`);
  if (report.skipped) {
    say(`   skipped: ${report.skipped}\n`);
    return;
  }
  if (part.data) say(`   data: ${part.data}`);
  if (report.failed) say(`   FAILED: ${report.failed}`);
  for (const line of part.notes ?? []) say(`   ${line}`);
  if (part.tables.length > 0) say('');
  for (const table of part.tables) say(`${text(table)}\n`);
  for (const line of part.after ?? []) say(`${line}\n`);
  if (report.seconds !== undefined) say(`${part.name} part: ${(report.seconds / 60).toFixed(1)} min in all.\n`);
  if (!part.markdown) return;
  say(`── Markdown (for the README)\n`);
  say(`${part.markdown.intro}\n`);
  for (const table of part.markdown.tables) say(`${markdown(table)}\n`);
  for (const line of part.markdown.after ?? []) say(`${line}\n`);
}
