import { sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../src/server/db/client';
import { ticketCode, ticketKey } from '../../src/server/features/check-in/tickets';
import type { ScanOutcome } from '../../src/shared/check-in';
import { postgresPart, type BenchMember } from './postgres-part';
import { int, log, ms, printPart, type PartReport, type Table } from './report';
import { settings } from './settings';
import { summarize, type Latencies } from './stats';

// The door part, on PostgreSQL only (its own database pm_bench_door): one event of 2,000
// attending members bringing 500 guests, and 20 door devices, each signed in as its own door
// staff member, scanning at once. The scans are sent on a fixed schedule, 50 per second in all
// (open loop: a slow answer does not slow the next scan down, as at a real door), for
// BENCH_DURATION x 2 seconds after BENCH_WARMUP. The mix: mostly first scans, some repeats of a
// code scanned a moment before, a few forged codes, and every tenth code scanned by two devices
// at the same instant. Each answer is timed from send to the end of its body.
// Targets: p99 < 100 ms, and no ticket admitted twice (answers and rows agree).

const EVENT_ID = 'd0000000-0000-4000-8000-000000000001';
const MEMBERS = 2_000;
const GUESTS = 500;
export const DOOR_DEVICES = 20;
export const DOOR_RATE = 50;
const P99_TARGET_MS = 100;

export interface DoorMeasurement {
  /** The recorded scans' times (count: the scans timed). */
  latency: Latencies;
  seconds: number;
  outcomes: Partial<Record<ScanOutcome, number>>;
  failed: number;
  /** Codes two devices scanned at the same instant. */
  simultaneous: number;
  /** Tickets with more than one 'admitted' answer: must be 0. */
  doubleAdmitted: number;
  /** check-in rows in the database and 'admitted' answers: must be equal. */
  rows: number;
  admittedAnswers: number;
}

interface DoorReport extends PartReport {
  measurement?: DoorMeasurement;
}

function doorBroken(report: DoorReport): boolean {
  const m = report.measurement;
  return !!m && (m.doubleAdmitted > 0 || m.rows !== m.admittedAnswers || m.failed > 0);
}

export const doorPart = postgresPart<DoorReport, { staff: BenchMember[]; codes: string[] }>({
  enabled: settings.door,
  name: 'door',
  report: () => ({ description: '' }),
  databaseName: settings.doorDatabaseName,
  plan: `one event, ${int(MEMBERS)} attending members, ${int(GUESTS)} guests, ${DOOR_DEVICES} door staff`,
  generate: async (db) => ({ staff: await generate(db), codes: await allCodes(db) }),
  // Each door device is its own door staff member.
  signIn: ({ staff }) => staff,
  async measure({ db, server, sessions, fixture }, report) {
    const cookies = sessions.map((s) => s.cookie);
    log(`  ${cookies.length} door devices; scanning at ${DOOR_RATE}/s for ${settings.duration * 2} s...`);
    report.measurement = await scan(server.url, db, cookies, fixture.codes);
  },
  print: printDoorReport,
  // A ticket admitted twice is a failure of the run, not a missed target.
  broken: doorBroken,
});

/** The event (started half an hour ago), its attendees and guests, and the door staff (who
 * are given passwords and sign in by the frame). */
async function generate(db: Db): Promise<BenchMember[]> {
  await db.execute(sql`insert into events (id, name, status, start_time, end_time, location)
    values (${EVENT_ID}, 'Door Bench Mixer', 'upcoming', now() - interval '30 minutes', now() + interval '150 minutes', 'South End')`);
  const people = MEMBERS + DOOR_DEVICES;
  await db.execute(sql`insert into "user" (id, name, email, email_verified)
    select 'door-' || n, 'Door Member ' || n, 'door' || n || '@bench.example', true from generate_series(1, ${people}) n`);
  await db.execute(sql`insert into profiles (id, username, full_name)
    select 'door-' || n, 'door' || n, 'Door Member ' || n from generate_series(1, ${people}) n`);
  await db.execute(sql`insert into event_attendees (event_id, user_id, status)
    select ${EVENT_ID}, 'door-' || n, 'attending' from generate_series(1, ${MEMBERS}) n`);
  await db.execute(sql`insert into event_guests (event_id, profile_id, guest_name, guest_email)
    select ${EVENT_ID}, 'door-' || n, 'Guest of ' || n, 'guest' || n || '@bench.example' from generate_series(1, ${GUESTS}) n`);
  const staff: BenchMember[] = [];
  for (let i = MEMBERS + 1; i <= people; i++) {
    await db.execute(sql`insert into event_door_staff (event_id, user_id) values (${EVENT_ID}, ${`door-${i}`})`);
    staff.push({ id: `door-${i}`, email: `door${i}@bench.example` });
  }
  await db.execute(sql`analyze`);
  return staff;
}

/** Every ticket's code, members then guests, in a fixed shuffled order. */
async function allCodes(db: Db): Promise<string[]> {
  const key = await ticketKey(db);
  const members = await db.execute<{ id: string }>(
    sql`select id from event_attendees where event_id = ${EVENT_ID} order by md5(id::text)`,
  );
  const guests = await db.execute<{ id: string }>(
    sql`select id from event_guests where event_id = ${EVENT_ID} order by md5(id::text)`,
  );
  return [
    ...members.rows.map((r) => ticketCode(key, { kind: 'member', eventId: EVENT_ID, id: r.id })),
    ...guests.rows.map((r) => ticketCode(key, { kind: 'guest', eventId: EVENT_ID, id: r.id })),
  ];
}

interface Planned {
  at: number;
  device: number;
  code: string;
  recorded: boolean;
}

/** The schedule: scan k at k / rate seconds; every 10th code twice at once, every 8th a repeat
 * of the code scanned five before, every 25th forged. */
function plan(codes: string[], cookies: string[], seconds: number, warmup: number): Planned[] {
  const out: Planned[] = [];
  let next = 0;
  const total = Math.round((seconds + warmup) * DOOR_RATE);
  for (let k = 0; k < total; k++) {
    const at = (k * 1000) / DOOR_RATE;
    const recorded = at >= warmup * 1000;
    const device = k % cookies.length;
    let code: string;
    if (k % 25 === 24) code = codes[next % codes.length]!.slice(0, -4) + 'AAAA';
    else if (k % 8 === 7 && next > 5) code = codes[(next - 5) % codes.length]!;
    else code = codes[next++ % codes.length]!;
    out.push({ at, device, code, recorded });
    if (k % 10 === 0) out.push({ at, device: (device + 1) % cookies.length, code, recorded });
  }
  return out;
}

async function scan(baseUrl: string, db: Db, cookies: string[], codes: string[]): Promise<DoorMeasurement> {
  const seconds = settings.duration * 2;
  const schedule = plan(codes, cookies, seconds, settings.warmup);
  const latencies: number[] = [];
  const outcomes: Partial<Record<ScanOutcome, number>> = {};
  const admittedBy = new Map<string, number>();
  let failed = 0;
  const t0 = performance.now();
  const inFlight: Promise<void>[] = [];
  for (const scan of schedule) {
    const wait = t0 + scan.at - performance.now();
    if (wait > 0) await sleep(wait);
    inFlight.push(
      (async () => {
        const sent = performance.now();
        try {
          const res = await fetch(`${baseUrl}/api/events/${EVENT_ID}/check-ins`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: baseUrl, cookie: cookies[scan.device]! },
            body: JSON.stringify({ code: scan.code, device: `Door ${scan.device + 1}` }),
          });
          const body = (await res.json()) as { outcome?: ScanOutcome };
          const took = performance.now() - sent;
          if (!res.ok || !body.outcome) {
            failed++;
            return;
          }
          // Every answer counts for double admission, warm-up included; only recorded ones are timed.
          if (body.outcome === 'admitted') admittedBy.set(scan.code, (admittedBy.get(scan.code) ?? 0) + 1);
          if (!scan.recorded) return;
          latencies.push(took);
          outcomes[body.outcome] = (outcomes[body.outcome] ?? 0) + 1;
        } catch {
          failed++;
        }
      })(),
    );
  }
  await Promise.all(inFlight);
  const rows = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from event_check_ins where event_id = ${EVENT_ID}`,
  );
  const admittedAnswers = [...admittedBy.values()].reduce((a, b) => a + b, 0);
  return {
    latency: summarize(latencies),
    seconds,
    outcomes,
    failed,
    simultaneous: schedule.filter((s, i) => i > 0 && schedule[i - 1]!.code === s.code && schedule[i - 1]!.at === s.at)
      .length,
    doubleAdmitted: [...admittedBy.values()].filter((n) => n > 1).length,
    rows: Number(rows.rows[0]!.n),
    admittedAnswers,
  };
}

function doorTable(m: DoorMeasurement): Table {
  const headers = [
    'devices',
    'scans/s',
    'scans timed',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'max ms',
    'admitted',
    'already',
    'invalid',
    'same code, two devices at once',
    'admitted twice',
    'failed',
    'target met?',
  ];
  const met = m.latency.p99 < P99_TARGET_MS && m.doubleAdmitted === 0 && m.rows === m.admittedAnswers && m.failed === 0;
  const row = [
    String(DOOR_DEVICES),
    int(m.latency.count / m.seconds),
    int(m.latency.count),
    ms(m.latency.p50),
    ms(m.latency.p95),
    ms(m.latency.p99),
    ms(m.latency.max),
    int(m.outcomes.admitted ?? 0),
    int(m.outcomes.already ?? 0),
    int(m.outcomes.invalid ?? 0),
    int(m.simultaneous),
    int(m.doubleAdmitted),
    int(m.failed),
    met ? 'yes' : 'no',
  ];
  return { headers, rows: [row], right: headers.map((_, i) => i < 13) };
}

function printDoorReport(report: DoorReport) {
  const setup =
    `One event of ${int(MEMBERS)} attending members and ${int(GUESTS)} guests; ${DOOR_DEVICES} door devices, each signed in as its own door staff member, ` +
    `send POST /api/events/:id/check-ins on a fixed schedule of ${DOOR_RATE} scans per second in all (open loop) for ${settings.duration * 2} s after ${settings.warmup} s of warm-up: ` +
    `mostly first scans, every 8th a repeat of a code scanned a moment before, every 25th a forged code, and every 10th code sent by two devices at the same instant. ` +
    `Each scan is timed from send to the end of its answer; the real server in production mode.`;
  const m = report.measurement;
  printPart(report, {
    title: `DOOR RESULTS  (${DOOR_DEVICES} door devices, ${DOOR_RATE} scans/s, ${settings.duration * 2} s)`,
    setup: [setup],
    target: `p99 < ${P99_TARGET_MS} ms, no ticket admitted twice (the 'admitted' answers equal the check-in rows)`,
    notes: m
      ? [
          `${int(m.rows)} check-in rows for ${int(m.admittedAnswers)} 'admitted' answers (warm-up included).`,
          ...(doorBroken(report)
            ? ['BROKEN: a ticket was admitted twice, or answers and rows disagree, or scans failed.']
            : []),
        ]
      : [],
    tables: m ? [doorTable(m)] : [],
    name: 'Door',
    markdown: m && { intro: `${setup} Measured with \`npm run bench\`.`, tables: [doorTable(m)] },
  });
}
