import { loadCalls, loadHttp, type CallResult } from './load';
import { countStatements, memberCases, type MemberCase, type MembersContext } from './members-cases';
import { generateMembersDataset, type MembersFixture } from './members-generate';
import { printMembersReport } from './members-report';
import { postgresPart } from './postgres-part';
import { int, log, type PartReport } from './report';
import { settings } from './settings';

// The members part, on PostgreSQL only: generate 100,000 members and 1,000,000 messages, sign
// one member in through the running server, then for each route the HTTP load and, right
// after it (the machine's load varies), the same SQL through the driver pool.

export interface MemberMeasurement {
  label: string;
  signedIn: boolean;
  reference?: boolean;
  http: { rps: number; p99: number; non2xx: number; errors: number; total: number };
  /** The route's SQL (session lookup included when signed in) through the driver pool. */
  ceiling: CallResult;
  /** The service call alone (signed-in routes). */
  serviceOnly?: CallResult;
  /** SQL statements per request: the route's, and the service call's alone. */
  statements: number;
  serviceStatements?: number;
}

export interface MembersReport extends PartReport {
  fixture?: MembersFixture;
  routes: MemberMeasurement[];
}

export const membersPart = postgresPart({
  enabled: settings.members,
  name: 'members',
  report: (): MembersReport => ({ description: '', routes: [] }),
  databaseName: settings.membersDatabaseName,
  generate: async (db, report) => (report.fixture = await generateMembersDataset(db, log)),
  signIn: (fixture) => [fixture.viewer],
  measure: ({ fixture, server, sessions: [session] }, report) =>
    measureCases(server.url, memberCases(fixture), session!, report.routes),
  print: printMembersReport,
});

/** Checks each case answers right, then measures them one after another into `into`. */
export async function measureCases(
  baseUrl: string,
  cases: MemberCase[],
  ctx: MembersContext,
  into: MemberMeasurement[],
) {
  for (const c of cases) await expectOk(baseUrl, c, ctx.cookie);
  log('  routes (autocannon), each followed by its SQL ceiling (direct calls through the driver pool):');
  for (const c of cases) into.push(await measure(baseUrl, c, ctx));
}

async function measure(baseUrl: string, c: MemberCase, ctx: MembersContext): Promise<MemberMeasurement> {
  const cookies = c.cookies;
  const headers = cookies
    ? (n: number) => ({ cookie: cookies[n % cookies.length]! })
    : c.signedIn
      ? { cookie: ctx.cookie }
      : undefined;
  const http = await loadHttp(baseUrl, c.path, headers);
  const bad = http.non2xx + http.errors > 0 ? `  non-2xx ${http.non2xx}, errors ${http.errors}` : '';
  log(`    ${c.label.padEnd(66)} ${int(http.rps).padStart(7)} req/s    p99 ${http.p99.toFixed(1)} ms${bad}`);

  const statements = await countStatements(() => c.route(ctx));
  const ceiling = await loadCalls(() => c.route(ctx));
  log(
    `      SQL ceiling${c.service ? ' (session lookup + service call)' : ''}: ${int(ceiling.callsPerSec)} calls/s  p99 ${ceiling.p99.toFixed(1)} ms  (${statements} statements)`,
  );
  const m: MemberMeasurement = {
    label: c.label,
    signedIn: c.signedIn,
    reference: c.reference,
    http,
    ceiling,
    statements,
  };
  if (c.service) {
    const service = c.service;
    m.serviceStatements = await countStatements(() => service(ctx));
    m.serviceOnly = await loadCalls(() => service(ctx));
    log(
      `      service call alone: ${int(m.serviceOnly.callsPerSec)} calls/s  p99 ${m.serviceOnly.p99.toFixed(1)} ms  (${m.serviceStatements} statements)`,
    );
  }
  return m;
}

/** A route that fails would be measured as a fast error page: check each answers 200, with the right content. */
async function expectOk(baseUrl: string, c: MemberCase, cookie: string) {
  const res = await fetch(baseUrl + c.path, { headers: c.signedIn ? { cookie } : {} });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${c.path} answered ${res.status}: ${text.slice(0, 500)}`);
  const wrong = c.check?.(JSON.parse(text));
  if (wrong) throw new Error(`GET ${c.path}: ${wrong}`);
}
