import type { MembersFixture } from './members-generate';
import type { MemberMeasurement, MembersReport } from './members-run';
import { int, ms, pct, printPart, type Table } from './report';
import { settings } from './settings';

// The members part's tables (the forums and People to meet parts' too): aligned text for the
// terminal, markdown for the README.

/** The members and forums parts' target. */
export const membersTarget = () =>
  `>= ${100 * settings.membersTargetRatio}% of the SQL ceiling AND p99 < ${settings.membersP99Ms} ms (and no failed requests)`;

function memberTargetMet(m: MemberMeasurement): boolean {
  const ratio = m.http.rps / m.ceiling.callsPerSec;
  // A fast wrong answer is no answer: failed requests miss the target whatever the rate.
  return (
    ratio >= settings.membersTargetRatio && m.http.p99 < settings.membersP99Ms && m.http.non2xx + m.http.errors === 0
  );
}

export function routeTable(report: { routes: MemberMeasurement[] }): Table {
  const headers = [
    'route',
    'req/s',
    'p99 ms',
    'non-2xx',
    'SQL ceiling calls/s',
    'ratio (%)',
    'service call alone calls/s',
    'target met?',
  ];
  const rows = report.routes.map((m) => {
    const ratio = (100 * m.http.rps) / m.ceiling.callsPerSec;
    const why: string[] = [];
    if (ratio < 100 * settings.membersTargetRatio) why.push('ratio');
    if (m.http.p99 >= settings.membersP99Ms) why.push('p99');
    if (m.http.non2xx + m.http.errors > 0) why.push('failures');
    return [
      m.label,
      int(m.http.rps),
      ms(m.http.p99),
      m.http.errors > 0 ? `${int(m.http.non2xx)} (+${int(m.http.errors)} errors)` : int(m.http.non2xx),
      int(m.ceiling.callsPerSec),
      pct(ratio),
      m.serviceOnly ? int(m.serviceOnly.callsPerSec) : '',
      m.reference ? 'reference' : memberTargetMet(m) ? 'yes' : `no (${why.join(', ')})`,
    ];
  });
  return { headers, rows, right: headers.map((_, i) => i > 0 && i < 7) };
}

export function callsTable(report: { routes: MemberMeasurement[] }): Table {
  const rows: string[][] = [];
  for (const m of report.routes) {
    rows.push([
      `${m.label}${m.serviceOnly ? ': session lookup + service call' : ''}`,
      String(m.statements),
      int(m.ceiling.callsPerSec),
      ms(m.ceiling.p99),
    ]);
    if (m.serviceOnly) {
      rows.push([
        '  service call alone',
        String(m.serviceStatements),
        int(m.serviceOnly.callsPerSec),
        ms(m.serviceOnly.p99),
      ]);
    }
  }
  return {
    headers: ['direct calls through the driver pool (SQL ceiling)', 'statements', 'calls/s', 'p99 ms'],
    rows,
    right: [false, true, true, true],
  };
}

function fixtureLine(f: MembersFixture): string {
  const counts = Object.entries(f.counts)
    .map(([name, n]) => `${int(n)} ${name}`)
    .join(', ');
  return (
    `${counts}; generated in ${f.seconds.toFixed(1)} s. Search "${f.searchTerm}" matches ${f.searchMatches} members; ` +
    `skill "${f.skill.name}" has ${int(f.skill.members)} members; the event filter's event ${int(f.event.members)} registered; ` +
    `profile ${f.profile.username}: ${f.profile.connections} connections, ${f.profile.events} events, ${f.profile.skills} skills; ` +
    `signed-in member ${f.viewer.username}: ${f.viewer.messages} messages in ${f.viewer.conversations} conversations.`
  );
}

export function printMembersReport(report: MembersReport) {
  const target = membersTarget();
  const measured = report.routes.length > 0;
  printPart(report, {
    title: `MEMBERS RESULTS  (${settings.connections} connections, ${settings.duration} s per measurement)`,
    setup: [
      `SQL ceiling: the route's own SQL straight through the driver pool (service functions; for a signed-in route the session lookup too), ${settings.connections} concurrent callers.`,
    ],
    target,
    data: report.fixture && fixtureLine(report.fixture),
    tables: measured ? [routeTable(report), callsTable(report)] : [],
    name: 'Members',
    markdown:
      measured && report.fixture
        ? {
            intro: `Members area, PostgreSQL (${fixtureLine(report.fixture)}) Measured with \`npm run bench\`: ${settings.connections} connections, ${settings.duration} s per route; load generator and server in separate processes on the same machine. SQL ceiling: the route's own SQL through the driver pool, ${settings.connections} concurrent callers (a signed-in route's includes its session lookup; the service call alone is shown beside it). Target: ${target}.`,
            tables: [routeTable(report)],
          }
        : undefined,
  });
}
