import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { parseQuery } from '../../src/server/features/search/query';
import { searchGroup } from '../../src/server/features/search/service';
import { QUICK_SEARCH_LIMIT, type SearchResponse, type SearchType } from '../../src/shared/search';
import { keptPostgres, postgresTarget } from './databases';
import { loadCalls, loadHttp, type CallResult, type HttpResult } from './load';
import { lookUpViewer } from './members-cases';
import { int, log, ms, printPart, type PartReport, type Table } from './report';
import {
  describeSearchDataset,
  expectedCounts,
  generateSearchDataset,
  searchQueries,
  searchSizes,
  type SearchFixture,
} from './search-generate';
import { postgresPart } from './postgres-part';
import { settings } from './settings';
import { summarize } from './stats';

// The search part, on PostgreSQL only (its own database pm_bench_search): the quick search as
// typed into the dialog (GET /api/search?q=, type=all, the quick limit) over a rotation of a few
// hundred queries from the generated vocabulary, every other request signed in (members also get
// the forums group). Then its SQL ceiling: the same group statements in parallel as the route
// runs them (and the session lookup for members), uncached, through the driver pool; and each
// query's groups one by one from a single caller: what a cache miss costs a person typing.

const VISITOR_GROUPS: SearchType[] = ['events', 'members', 'podcasts'];
const MEMBER_GROUPS: SearchType[] = [...VISITOR_GROUPS, 'forums'];

export interface GroupTimes {
  type: SearchType;
  p50: number;
  p99: number;
  max: number;
}

interface SearchReport extends PartReport {
  fixture?: SearchFixture & { queries: number; kinds: Record<string, number> };
  http?: HttpResult;
  ceiling?: CallResult;
  groups?: GroupTimes[];
  slowest?: { q: string; type: SearchType; ms: number }[];
}

const sizes = searchSizes(settings.searchScale);

export const searchPart = postgresPart({
  enabled: settings.search,
  name: 'search',
  report: (): SearchReport => ({ description: '' }),
  databaseName: settings.searchDatabaseName,
  plan: null,
  target: async () =>
    settings.searchKeep && !settings.databaseUrl
      ? await keptPostgres(settings.searchDatabaseName, async (client) => {
          for (const [table, n] of Object.entries(expectedCounts(sizes))) {
            const found = await client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
            if (found.rows[0]!.n !== n) return false;
          }
          return true;
        })
      : await postgresTarget(settings.searchDatabaseName),
  generate: async (db, report, target) => {
    let seconds = 0;
    if ('reused' in target && target.reused) {
      log('  the data set is there already (BENCH_SEARCH_KEEP=1): not generated again');
      await db.execute(sql`delete from session`);
      await db.execute(sql`delete from account`);
    } else {
      log(
        `  generating: ${int(sizes.members)} members (skills, offers and asks), ${int(sizes.events)} events, ` +
          `${int(sizes.podcasts)} podcasts, ${int(sizes.forums.posts)} forum posts and ${int(sizes.forums.replies)} replies...`,
      );
      seconds = (await generateSearchDataset(db, sizes, log)).seconds;
    }
    const fixture = await describeSearchDataset(db, seconds);
    const queries = searchQueries(fixture);
    const kinds: Record<string, number> = {};
    for (const { kind } of queries) kinds[kind] = (kinds[kind] ?? 0) + 1;
    report.fixture = { ...fixture, queries: queries.length, kinds };
    return { ...fixture, queries };
  },
  describe: (fixture) =>
    `${Object.entries(fixture.counts)
      .map(([k, n]) => `${int(n)} ${k}`)
      .join(', ')}; ${fixture.queries.length} distinct queries`,
  signIn: (fixture) => fixture.viewers,
  async measure({ db, fixture, server, sessions }, report) {
    const { queries } = fixture;
    const cookies = sessions.map((s) => s.cookie);
    // Every other request is a member's: each query is asked by a visitor and by a member.
    const requests = queries.flatMap(({ q }, n) => [
      { q, cookie: null },
      { q, cookie: cookies[n % cookies.length]! },
    ]);
    const path = (n: number) => `/api/search?q=${encodeURIComponent(requests[n % requests.length]!.q)}`;
    await expectAnswers(server.url, requests);

    log(`  the route (autocannon), ${requests.length} requests in rotation, half of them signed in:`);
    report.http = await loadHttp(
      server.url,
      path,
      (n): Record<string, string> => {
        const cookie = requests[n % requests.length]!.cookie;
        return cookie ? { cookie } : {};
      },
      requests.length,
    );
    const h = report.http;
    const bad = h.non2xx + h.errors > 0 ? `  non-2xx ${h.non2xx}, errors ${h.errors}` : '';
    log(`    ${int(h.rps)} req/s    p50 ${ms(h.p50)} ms    p99 ${ms(h.p99)} ms${bad}`);

    // The same work without the server's caches: the route's group statements in parallel.
    const now = new Date();
    const run = async (n: number) => {
      const r = requests[n % requests.length]!;
      const parsed = parseQuery(r.q);
      const groups = r.cookie ? MEMBER_GROUPS : VISITOR_GROUPS;
      if (r.cookie) {
        const viewer = await lookUpViewer(sessions[n % sessions.length]!);
        if (!viewer) throw new Error('the session lookup found no session');
      }
      return Promise.all(
        groups.map((type) => searchGroup(db, parsed, { type, limit: QUICK_SEARCH_LIMIT, offset: 0, now })),
      );
    };
    report.ceiling = await loadCalls(run);
    const c = report.ceiling;
    log(
      `    SQL ceiling (groups in parallel + session lookup, uncached): ${int(c.callsPerSec)} calls/s  p50 ${ms(c.p50)} ms  p99 ${ms(c.p99)} ms`,
    );

    log('  each query, group by group, from one caller (a cache miss as a person typing meets it):');
    const timed = await timeGroups(
      db,
      queries.map((q) => q.q),
    );
    report.groups = timed.groups;
    report.slowest = timed.slowest;
    for (const g of timed.groups)
      log(`    ${g.type.padEnd(9)} p50 ${ms(g.p50)} ms  p99 ${ms(g.p99)} ms  max ${ms(g.max)} ms`);
    log(`    slowest: ${timed.slowest.map((s) => `${s.type} "${s.q}" ${ms(s.ms)} ms`).join('; ')}`);
  },
  print: printSearchReport,
  broken: (report) => !!report.http && report.http.non2xx + report.http.errors > 0,
});

/** Every query answers 200, and a member's answer has the forums group (they really are signed in). */
async function expectAnswers(baseUrl: string, requests: { q: string; cookie: string | null }[]) {
  for (const r of requests) {
    const res = await fetch(`${baseUrl}/api/search?q=${encodeURIComponent(r.q)}`, {
      headers: r.cookie ? { cookie: r.cookie } : {},
    });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`GET /api/search?q=${r.q} answered ${res.status}: ${body.slice(0, 300)}`);
    const groups = (JSON.parse(body) as SearchResponse).groups.map((g) => g.type);
    if (groups.includes('forums') !== !!r.cookie)
      throw new Error(`GET /api/search?q=${r.q} (${r.cookie ? 'member' : 'visitor'}) answered groups ${groups}`);
  }
}

/** Each query's group statements one at a time, twice (the second pass is kept: warm buffers). */
async function timeGroups(db: Db, queries: string[], show = 5) {
  const now = new Date();
  const times = new Map<SearchType, { q: string; ms: number }[]>(MEMBER_GROUPS.map((t) => [t, []]));
  for (let pass = 0; pass < 2; pass++) {
    for (const type of MEMBER_GROUPS) times.set(type, []);
    for (const q of queries) {
      const parsed = parseQuery(q);
      for (const type of MEMBER_GROUPS) {
        const t = performance.now();
        await searchGroup(db, parsed, { type, limit: QUICK_SEARCH_LIMIT, offset: 0, now });
        times.get(type)!.push({ q, ms: performance.now() - t });
      }
    }
  }
  const groups = MEMBER_GROUPS.map((type) => {
    const { p50, p99, max } = summarize(times.get(type)!.map((t) => t.ms));
    return { type, p50, p99, max };
  });
  const slowest = MEMBER_GROUPS.flatMap((type) => times.get(type)!.map((t) => ({ ...t, type })))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, show);
  return { groups, slowest };
}

function routeTable(report: SearchReport): Table {
  const h = report.http!;
  const c = report.ceiling!;
  const why: string[] = [];
  if (h.p99 >= settings.membersP99Ms) why.push('p99');
  if (h.non2xx + h.errors > 0) why.push('failures');
  const headers = [
    'route',
    'req/s',
    'p50 ms',
    'p99 ms',
    'non-2xx',
    'SQL ceiling calls/s',
    'ceiling p50 / p99 ms',
    'ratio',
    'target met?',
  ];
  const rows = [
    [
      `GET /api/search?q= (quick search, ${report.fixture?.queries ?? 0} queries, half signed in)`,
      int(h.rps),
      ms(h.p50),
      ms(h.p99),
      h.errors > 0 ? `${int(h.non2xx)} (+${int(h.errors)} errors)` : int(h.non2xx),
      int(c.callsPerSec),
      `${ms(c.p50)} / ${ms(c.p99)}`,
      // The route answers from its caches: far above the ceiling, so a multiple reads better than a share.
      `${h.rps / c.callsPerSec < 10 ? (h.rps / c.callsPerSec).toFixed(1) : int(h.rps / c.callsPerSec)}x`,
      why.length ? `no (${why.join(', ')})` : 'yes',
    ],
  ];
  return { headers, rows, right: headers.map((_, i) => i > 0 && i < 8) };
}

function groupsTable(report: SearchReport): Table {
  return {
    headers: ['group (SQL alone, uncached, one caller)', 'p50 ms', 'p99 ms', 'max ms'],
    rows: report.groups!.map((g) => [g.type, ms(g.p50), ms(g.p99), ms(g.max)]),
    right: [false, true, true, true],
  };
}

function printSearchReport(report: SearchReport) {
  const target = `p99 < ${settings.membersP99Ms} ms (and no failed requests); the ratio to the SQL ceiling is reported`;
  const f = report.fixture;
  const data = f
    ? `${Object.entries(f.counts)
        .map(([k, n]) => `${int(n)} ${k}`)
        .join(
          ', ',
        )}${f.seconds ? ` (generated in ${f.seconds.toFixed(0)} s)` : ''}; ${f.queries} distinct queries as typed ` +
      `(${Object.entries(f.kinds)
        .map(([k, n]) => `${n} ${k}`)
        .join(', ')}), each asked by a visitor and by a signed-in member.`
    : '';
  const measured = report.http && report.ceiling && report.groups;
  const tables = [
    ...(report.http && report.ceiling ? [routeTable(report)] : []),
    ...(report.groups ? [groupsTable(report)] : []),
  ];
  printPart(report, {
    title: `SEARCH RESULTS  (${settings.connections} connections, ${settings.duration} s per measurement)`,
    setup: [
      `SQL ceiling: the route's group statements in parallel (events, members, podcasts; forums and the session lookup for members), uncached, ${settings.connections} concurrent callers.`,
    ],
    target,
    data,
    tables,
    after: report.slowest
      ? [`Slowest: ${report.slowest.map((s) => `${s.type} "${s.q}" ${ms(s.ms)} ms`).join('; ')}`]
      : [],
    name: 'Search',
    markdown: measured
      ? {
          intro: `Quick search, PostgreSQL (${data}) Measured with \`npm run bench\`: ${settings.connections} connections, ${settings.duration} s. Target: ${target}.`,
          tables,
        }
      : undefined,
  });
}
