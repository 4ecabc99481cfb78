import type { ForumsReport } from './forums-run';
import { callsTable, routeTable } from './members-report';
import { markdown, text } from './report';
import { settings } from './settings';

// The forums part's tables: aligned text for the terminal, markdown for the README.

const int = (n: number) => Math.round(n).toLocaleString('en-US');

function fixtureLine(report: ForumsReport): string {
  const f = report.fixture;
  if (!f) return '';
  const counts = Object.entries(f.counts)
    .map(([name, n]) => `${int(n)} ${name}`)
    .join(', ');
  return (
    `${counts}; generated in ${f.seconds.toFixed(1)} s. The big forum holds ${int(f.bigForum.posts)} posts ` +
    `(deep page: ${int(f.deepOffset)} posts down, by cursor); the long thread ${int(f.longThread.replies)} replies ` +
    `(${f.longThread.lastPage} pages).`
  );
}

function liveLine(report: ForumsReport): string {
  const l = report.live;
  if (!l) return '';
  const met = l.p99 < settings.forumsLiveP99Ms && l.missed === 0;
  return (
    `Live: a reply written to the database reached ${int(l.streams)} open event streams on one process in ` +
    `p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms, max ${l.max.toFixed(1)} ms over ${l.rounds} replies ` +
    `(${int(l.delivered)} deliveries, ${l.missed} missed). Target p99 < ${settings.forumsLiveP99Ms} ms: ${met ? 'met' : 'NOT met'}.`
  );
}

export function printForumsReport(report: ForumsReport) {
  const say = console.log;
  const target = `>= ${100 * settings.membersTargetRatio}% of the SQL ceiling AND p99 < ${settings.membersP99Ms} ms (and no failed requests)`;
  say(
    `\n${'='.repeat(100)}\nFORUMS RESULTS  (${settings.connections} connections, ${settings.duration} s per measurement)\n`,
  );
  say(
    `SQL ceiling: the session lookup and the route's service calls through the driver pool, ${settings.connections} concurrent callers.`,
  );
  say(`Target: ${target}.\n`);
  say(`── PostgreSQL${report.description ? `: ${report.description}` : ''}`);
  if (report.skipped) {
    say(`   skipped: ${report.skipped}\n`);
    return;
  }
  if (report.fixture) say(`   data: ${fixtureLine(report)}`);
  if (report.failed) say(`   FAILED: ${report.failed}`);
  if (report.routes.length > 0) {
    say(`\n${text(routeTable(report))}\n`);
    say(`${text(callsTable(report))}\n`);
  }
  if (report.live) say(`${liveLine(report)}\n`);
  if (report.seconds !== undefined) say(`Forums part: ${(report.seconds / 60).toFixed(1)} min in all.\n`);
  if (report.routes.length === 0) return;
  say(`── Markdown (for the README)\n`);
  say(
    `Forums, PostgreSQL (${fixtureLine(report)}) Measured with \`npm run bench\`: ${settings.connections} connections, ${settings.duration} s per route, signed in. Target: ${target}.\n`,
  );
  say(`${markdown(routeTable(report))}\n`);
  if (report.live) say(`${liveLine(report)}\n`);
}
