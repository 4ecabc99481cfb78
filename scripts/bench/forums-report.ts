import type { ForumsReport } from './forums-run';
import { callsTable, membersTarget, routeTable } from './members-report';
import { int, printPart } from './report';
import { settings } from './settings';

// The forums part's tables: aligned text for the terminal, markdown for the README.

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
  const target = membersTarget();
  const measured = report.routes.length > 0;
  const live = report.live ? [liveLine(report)] : [];
  printPart(report, {
    title: `FORUMS RESULTS  (${settings.connections} connections, ${settings.duration} s per measurement)`,
    setup: [
      `SQL ceiling: the session lookup and the route's service calls through the driver pool, ${settings.connections} concurrent callers.`,
    ],
    target,
    data: report.fixture && fixtureLine(report),
    tables: measured ? [routeTable(report), callsTable(report)] : [],
    after: live,
    name: 'Forums',
    markdown: measured
      ? {
          intro: `Forums, PostgreSQL (${fixtureLine(report)}) Measured with \`npm run bench\`: ${settings.connections} connections, ${settings.duration} s per route, signed in. Target: ${target}.`,
          tables: [routeTable(report)],
          after: live,
        }
      : undefined,
  });
}
