import http from 'node:http';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { hashPassword, passwordProblem } from '../../src/server/platform/passwords';
import { loadHttp, type HttpResult } from './load';
import { int, log } from './report';
import { settings } from './settings';
import { signIn } from './servers';
import { summarize } from './stats';

// The mixed part: one event's page read by visitors (autocannon, as every other route) while
// members switch their registration on that same event as fast as they can. Reads alone, writes
// alone, then both at once, on the same server one after another: the ratio that matters is
// reads during writes to reads alone, and each write's own time (a member's wait). Each member
// also reads the event page right after some of their writes and checks it shows their new
// status (read-your-own-write).
//
// The members are made in the database before the server starts (PGlite lets one process open
// it), registered earlier than anyone else: the page lists the first attendees of each status,
// so each member's own entry shows in the cached public part, not only in their `registration`
// (which is queried fresh on every member's read and would prove nothing about the cache).

/** A passphrase the server's strength check accepts (checked below, before it is used). */
export const MIXED_PASSWORD = 'tangerine bicycle orbits the quiet lighthouse 2026';

export interface MixedMember {
  id: string;
  email: string;
  username: string;
}

export interface MixedFixture {
  eventId: string;
  eventName: string;
  /** Registrations on the event before the members' own. */
  attendees: number;
  members: MixedMember[];
}

/** Picks the best attended event that takes registrations (upcoming, no capacity, so no
 * waitlist) and adds the writing members, each registered as 'maybe' before anyone else. */
export async function prepareMixed(db: Db): Promise<MixedFixture> {
  const chosen = await db.execute<{ id: string; name: string; n: number }>(sql`
    select e.id, e.name, count(*)::int as n from events e join event_attendees a on a.event_id = e.id
    where e.status = 'upcoming' and e.max_attendees is null
    group by e.id order by n desc, e.id limit 1`);
  const event = chosen.rows[0];
  if (!event) throw new Error('the data set has no upcoming event with attendees');

  const weak = await passwordProblem(MIXED_PASSWORD);
  if (weak) throw new Error(`the mixed part's passphrase fails the strength check: ${weak}`);
  // One hash for all: argon2id salts it, and each account only needs to verify.
  const hash = await hashPassword(MIXED_PASSWORD);
  const members = Array.from({ length: settings.mixedWriters }, (_, i) => ({
    id: `bench-mixed-${i + 1}`,
    email: `mixed.writer.${i + 1}@members.example`,
    username: `mixed_writer_${i + 1}`,
  }));
  await db.transaction(async (tx) => {
    for (const [i, m] of members.entries()) {
      await tx.execute(sql`insert into "user" (id, name, email, email_verified)
        values (${m.id}, ${`Mixed Writer ${i + 1}`}, ${m.email}, true)`);
      await tx.execute(sql`insert into profiles (id, username, full_name)
        values (${m.id}, ${m.username}, ${`Mixed Writer ${i + 1}`})`);
      await tx.execute(sql`insert into account (id, account_id, provider_id, user_id, password)
        values (${`bench-mixed-account-${i + 1}`}, ${m.id}, 'credential', ${m.id}, ${hash})`);
      // Years before every generated registration: first in whichever status they hold.
      await tx.execute(sql`insert into event_attendees (event_id, user_id, status, created_at)
        values (${event.id}, ${m.id}, 'maybe', now() - interval '20 years' + ${i} * interval '1 second')`);
    }
  });
  return { eventId: event.id, eventName: event.name, attendees: Number(event.n), members };
}

/** What the members' writes did, over one run. */
export interface WriteResult {
  writesPerSec: number;
  writes: number;
  /** Non-2xx answers to the writes. */
  failed: number;
  /** Connection errors and timeouts (writes and own reads alike). */
  errors: number;
  /** Own reads checked, right after a successful write. */
  checked: number;
  /** ...of which the `registration` field did not show the new status... */
  staleField: number;
  /** ...or the member's entry in the cached attendee list did not. */
  staleList: number;
  /** Own reads that did not answer 200. */
  checkFailed: number;
  /** Each write's time, from its request to its answer, in ms. */
  p50: number;
  p99: number;
}

export interface MixedMeasurement {
  fixture: MixedFixture;
  readsAlone: HttpResult;
  writesAlone: WriteResult;
  readsWithWrites: HttpResult;
  writesWithReads: WriteResult;
}

export async function benchMixed(baseUrl: string, fixture: MixedFixture): Promise<MixedMeasurement> {
  const path = `/api/events/${fixture.eventId}`;
  const cookies: string[] = [];
  for (const m of fixture.members) cookies.push(await signIn(baseUrl, m.email, MIXED_PASSWORD));
  log(`    ${cookies.length} members signed in through POST /api/auth/sign-in`);
  // A failing route would be measured as a fast error page; a member's read must be signed in.
  const visitor = await fetch(baseUrl + path);
  if (!visitor.ok) throw new Error(`GET ${path} answered ${visitor.status}: ${(await visitor.text()).slice(0, 500)}`);
  await visitor.arrayBuffer();
  const own = (await (await fetch(baseUrl + path, { headers: { cookie: cookies[0]! } })).json()) as EventAnswer;
  if (own.registration?.status !== 'maybe')
    throw new Error(`a member's read of ${path} did not show their registration`);

  const label = `GET /api/events/:id (${fixture.attendees + fixture.members.length} attendees)`;
  const readsAlone = await loadHttp(baseUrl, path);
  log(`    ${`${label}, reads alone`.padEnd(66)} ${int(readsAlone.rps).padStart(7)} req/s    p99 ${readsAlone.p99} ms`);

  const writesAlone = await runWriters(baseUrl, fixture, cookies);
  log(`    ${'registration switches alone'.padEnd(66)} ${writesLine(writesAlone)}`);

  const [readsWithWrites, writesWithReads] = await Promise.all([
    loadHttp(baseUrl, path),
    runWriters(baseUrl, fixture, cookies),
  ]);
  log(
    `    ${`${label}, during the writes`.padEnd(66)} ${int(readsWithWrites.rps).padStart(7)} req/s    p99 ${readsWithWrites.p99} ms  (${((100 * readsWithWrites.rps) / readsAlone.rps).toFixed(0)}% of alone)`,
  );
  log(`    ${'registration switches during the reads'.padEnd(66)} ${writesLine(writesWithReads)}`);
  return { fixture, readsAlone, writesAlone, readsWithWrites, writesWithReads };
}

const writesLine = (w: WriteResult) =>
  `${int(w.writesPerSec).padStart(7)} writes/s  p50 ${w.p50.toFixed(1)} ms  p99 ${w.p99.toFixed(1)} ms  failed ${w.failed}/${w.writes}${w.errors ? ` (+${w.errors} errors)` : ''}; own reads checked ${w.checked}, stale ${w.staleField + w.staleList}`;

interface EventAnswer {
  event: { attendees: { status: string; user: { id: string } }[] };
  registration: { status: string } | null;
}

/** Every member on their own keep-alive connection, one request at a time, for the warm-up and
 * the measured time together (so the writes run through the whole of a concurrent read
 * measurement). Each write is timed from its request to its answer's end: a member's wait. */
async function runWriters(baseUrl: string, fixture: MixedFixture, cookies: string[]): Promise<WriteResult> {
  const total: WriteResult = {
    writesPerSec: 0,
    writes: 0,
    failed: 0,
    errors: 0,
    checked: 0,
    staleField: 0,
    staleList: 0,
    checkFailed: 0,
    p50: 0,
    p99: 0,
  };
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + (settings.warmup + settings.duration) * 1000;
  // A cap spreads the writes evenly over the members.
  const gapMs = settings.mixedWriteRate > 0 ? (1000 * fixture.members.length) / settings.mixedWriteRate : 0;
  await Promise.all(
    fixture.members.map(async (member, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const cookie = cookies[i]!;
      try {
        for (let n = 1; performance.now() < until; n++) {
          const status = n % 2 === 1 ? 'attending' : 'maybe'; // members start as 'maybe'
          const sent = performance.now();
          const write = await request(agent, baseUrl, 'PUT', `/api/events/${fixture.eventId}/registration`, {
            // The CSRF guard wants our own origin on writes: the server's PUBLIC_URL.
            headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
            body: JSON.stringify({ status }),
          });
          if (!write) {
            total.errors++;
            continue;
          }
          total.writes++;
          latencies.push(performance.now() - sent);
          const ok = write.status >= 200 && write.status < 300;
          if (!ok) total.failed++;
          if (ok && n % settings.mixedCheckEvery === 0)
            await checkOwnRead(agent, baseUrl, fixture, member, cookie, status, total);
          if (gapMs > 0) await new Promise((r) => setTimeout(r, Math.max(0, sent + gapMs - performance.now())));
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  total.writesPerSec = total.writes / ((performance.now() - started) / 1000);
  const { p50, p99 } = summarize(latencies);
  return { ...total, p50, p99 };
}

/** The member's own read right after their write: their registration and their entry in the
 * cached attendee list must both show the new status. */
async function checkOwnRead(
  agent: http.Agent,
  baseUrl: string,
  fixture: MixedFixture,
  member: MixedMember,
  cookie: string,
  status: string,
  tally: WriteResult,
) {
  const read = await request(agent, baseUrl, 'GET', `/api/events/${fixture.eventId}`, { headers: { cookie } });
  if (!read) return void tally.errors++;
  if (read.status !== 200) return void tally.checkFailed++;
  tally.checked++;
  const answer = JSON.parse(read.body) as EventAnswer;
  if (answer.registration?.status !== status) tally.staleField++;
  if (answer.event.attendees.find((a) => a.user.id === member.id)?.status !== status) tally.staleList++;
}

/** One request on the member's connection; null on a connection error or a 10 s timeout. */
function request(
  agent: http.Agent,
  baseUrl: string,
  method: string,
  path: string,
  options: { headers: Record<string, string>; body?: string },
): Promise<{ status: number; body: string } | null> {
  return new Promise((resolve) => {
    const req = http.request(baseUrl + path, { method, agent, headers: options.headers, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on('error', () => resolve(null));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end(options.body);
  });
}
