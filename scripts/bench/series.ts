import pino from 'pino';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/client';
import { createSeries } from '../../src/server/features/events/series-admin';
import { listEvents } from '../../src/server/features/events/service';
import { createMailer } from '../../src/server/platform/mail';
import { localDate } from '../../src/shared/event-admin';
import { eventsListQuery, type EventsListResponse } from '../../src/shared/events';
import { addDays, addMonths } from '../../src/shared/recurrence';
import { seriesInput } from '../../src/shared/series';
import { loadCalls, loadHttp, type CallResult, type HttpResult } from './load';
import { postgresPart } from './postgres-part';
import { int, log, ms, printPart, type PartReport, type Table } from './report';
import { settings } from './settings';
import { summarize } from './stats';

// The series part (issue 33), on PostgreSQL only (its own database pm_bench_series):
// (a) a weekly series two years ahead made by createSeries (features/events/series-admin.ts),
//     as POST /api/admin/series makes it: the series row and each of its ~104 dates, in one go,
//     timed several times (each a new series); target: each < 1 s.
// (b) the events list, GET /api/events, over 5,000 events of which 50 series make 1,850 (weekly
//     dates from 10 weeks back to 27 ahead), the rest one-off; a rotation of its pages (all,
//     upcoming, completed) at BENCH_CONNECTIONS; target p99 < 50 ms; and its SQL ceiling (the
//     service call through the driver pool, uncached).

const TIME_ZONE = 'America/New_York';
const SERIES = 50;
const EVENTS = 5_000;
/** Each series' dates: weeks from now (negative: past). */
const WEEKS_BACK = 10;
// Past the server's SERIES_HORIZON (6 months): its horizon job has nothing to add while it is measured.
const WEEKS_AHEAD = 27;
const MEMBERS = 1_000;
/** Registrations on each date to come (and each one-off event). */
const PER_EVENT = 12;
/** How many series createSeries makes, one after another (the first one warms up). */
const CREATE_RUNS = 6;
const createTargetMs = 1_000;

interface SeriesReport extends PartReport {
  fixture?: { counts: Record<string, number>; seconds: number };
  create?: { runs: number[]; dates: number; median: number; max: number };
  http?: HttpResult;
  ceiling?: CallResult;
  /** listEvents alone from one caller, uncached: what a cache miss costs a reader. */
  miss?: { p50: number; p99: number; max: number };
  pages?: number;
}

/** The list's pages the load walks: the first pages as visitors open them, then deeper ones. */
const LIST_PATHS = [
  '/api/events',
  '/api/events?status=upcoming',
  '/api/events?status=completed',
  '/api/events?page=2',
  '/api/events?status=upcoming&page=2',
  '/api/events?status=completed&page=5',
  '/api/events?category=Mixer',
  '/api/events?page=20',
];

export const seriesPart = postgresPart({
  enabled: settings.series,
  name: 'series',
  report: (): SeriesReport => ({ description: '' }),
  databaseName: settings.seriesDatabaseName,
  plan: `${int(EVENTS)} events (${SERIES} weekly series of ${WEEKS_BACK + WEEKS_AHEAD} dates, the rest one-off), ${int(MEMBERS)} members, ${PER_EVENT} registrations per event`,
  generate: async (db, report) => {
    const t0 = performance.now();
    const counts = await generate(db);
    report.fixture = { counts, seconds: (performance.now() - t0) / 1000 };
    return report.fixture;
  },
  async measure({ db, server }, report) {
    // (a) createSeries, straight (it is what the route does after validation).
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: server.url,
      SESSION_SECRET: 'bench-series-secret-bench-series-secret',
      LOG_LEVEL: 'silent',
      // Two years of dates made at once: the horizon itself is 24 months here.
      SERIES_HORIZON: '24',
    });
    const mailer = createMailer(db, config, pino({ enabled: false }));
    const runs: number[] = [];
    let dates = 0;
    log(`  createSeries: a weekly series two years ahead, ${CREATE_RUNS} times:`);
    for (let i = 0; i < CREATE_RUNS; i++) {
      const now = new Date();
      const first = addDays(localDate(now, TIME_ZONE), 7 + i);
      const input = seriesInput.parse({
        event: {
          name: `Bench Weekly ${i + 1}`,
          summary: 'A weekly series for the benchmark.',
          location: 'Uptown',
          category: 'Mixer',
          startTime: `${first}T18:00`,
          endTime: `${first}T20:00`,
          maxAttendees: 60,
        },
        repeat: {
          frequency: 'weekly',
          interval: 1,
          weekdays: [new Date(`${first}T00:00:00Z`).getUTCDay()],
          ends: { kind: 'until', date: addMonths(first, 24) },
        },
      });
      const t = performance.now();
      const made = await createSeries({ db, config, mailer }, input, now);
      runs.push(performance.now() - t);
      dates = made.dates;
    }
    const { p50, max } = summarize(runs.slice(1));
    report.create = { runs, dates, median: p50, max };
    log(
      `    ${dates} dates each; ${runs.map((r) => ms(r)).join(', ')} ms (median ${ms(p50)}, max ${ms(max)} after the first)`,
    );

    // (b) the events list over HTTP, then its SQL ceiling.
    await expectAnswers(server.url);
    log(`  GET /api/events (autocannon), ${LIST_PATHS.length} pages in rotation:`);
    report.pages = LIST_PATHS.length;
    report.http = await loadHttp(server.url, (n) => LIST_PATHS[n % LIST_PATHS.length]!, undefined, LIST_PATHS.length);
    const h = report.http;
    const bad = h.non2xx + h.errors > 0 ? `  non-2xx ${h.non2xx}, errors ${h.errors}` : '';
    log(`    ${int(h.rps)} req/s    p50 ${ms(h.p50)} ms    p99 ${ms(h.p99)} ms${bad}`);
    const queries = LIST_PATHS.map((p) =>
      eventsListQuery.parse(Object.fromEntries(new URL(p, 'http://bench').searchParams)),
    );
    report.ceiling = await loadCalls((n) => listEvents(db, queries[n % queries.length]!));
    const c = report.ceiling;
    log(
      `    SQL ceiling (listEvents, uncached): ${int(c.callsPerSec)} calls/s  p50 ${ms(c.p50)} ms  p99 ${ms(c.p99)} ms`,
    );
    // A cache miss as one reader meets it: each page from one caller, 20 rounds (the first not kept).
    const alone: number[] = [];
    for (let round = 0; round < 21; round++) {
      for (const query of queries) {
        const t = performance.now();
        await listEvents(db, query);
        if (round > 0) alone.push(performance.now() - t);
      }
    }
    const { p50: missP50, p99: missP99, max: missMax } = summarize(alone);
    report.miss = { p50: missP50, p99: missP99, max: missMax };
    log(`    one caller, uncached: p50 ${ms(missP50)} ms  p99 ${ms(missP99)} ms  max ${ms(missMax)} ms`);
  },
  print: printSeriesReport,
  broken: (report) => !!report.http && report.http.non2xx + report.http.errors > 0,
});

/** Every page answers 200 with events, and the series show on it. */
async function expectAnswers(baseUrl: string) {
  for (const p of LIST_PATHS) {
    const res = await fetch(`${baseUrl}${p}`);
    const body = await res.text();
    if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status}: ${body.slice(0, 300)}`);
    const list = JSON.parse(body) as EventsListResponse;
    if (list.events.length === 0) throw new Error(`GET ${p} listed no events`);
  }
}

/** 50 weekly series with their dates, one-off events up to 5,000 in all, members and their
 * registrations, in SQL (the dates' instants computed in the community's time zone). */
export async function generate(db: Db): Promise<Record<string, number>> {
  await db.execute(sql`insert into "user" (id, name, email, email_verified)
    select 'sb-' || n, 'Bench Member ' || n, 'sb' || n || '@bench.example', true from generate_series(1, ${MEMBERS}) n`);
  await db.execute(sql`insert into profiles (id, username, full_name, company, position)
    select 'sb-' || n, 'sb' || n, 'Bench Member ' || n, 'Company ' || (n % 100), 'Owner'
    from generate_series(1, ${MEMBERS}) n`);
  // Series s meets on weekday s % 7 at 6 PM; its first date is WEEKS_BACK weeks ago.
  await db.execute(sql`insert into event_series (id, rule, start_date, start_time, duration_minutes, template, generated_until)
    select ('5e000000-0000-4000-8000-' || lpad(s::text, 12, '0'))::uuid,
      jsonb_build_object('frequency', 'weekly', 'interval', 1, 'weekdays', jsonb_build_array(s % 7), 'ends', jsonb_build_object('kind', 'never')),
      d.first, '18:00', 120,
      jsonb_build_object('name', 'Bench Series ' || s, 'summary', 'Every week', 'location', 'Uptown', 'category', 'Mixer',
        'maxAttendees', 100, 'sponsorIds', jsonb_build_array(), 'galleryUrls', jsonb_build_array(), 'panelistsUrls', jsonb_build_array(), 'isFeatured', false),
      greatest(d.first + ${(WEEKS_BACK + WEEKS_AHEAD - 1) * 7}::int, (current_date + interval '6 months')::date)
    from generate_series(1, ${SERIES}) s,
      lateral (select (current_date - ${WEEKS_BACK * 7}::int + ((s % 7) - extract(dow from current_date)::int + 7) % 7)::date as first) d`);
  await db.execute(sql`insert into events (name, summary, location, category, status, start_time, end_time, max_attendees, series_id, series_date)
    select 'Bench Series ' || s, 'Every week', 'Uptown', 'Mixer',
      case when t.start_at + interval '2 hours' <= now() then 'completed' when t.start_at <= now() then 'ongoing' else 'upcoming' end,
      t.start_at, t.start_at + interval '2 hours', 100, es.id, t.day
    from generate_series(1, ${SERIES}) s
      join event_series es on es.id = ('5e000000-0000-4000-8000-' || lpad(s::text, 12, '0'))::uuid,
      generate_series(0, ${WEEKS_BACK + WEEKS_AHEAD - 1}) w,
      lateral (select es.start_date + w * 7 as day) dd,
      lateral (select dd.day, ((dd.day + time '18:00') at time zone ${TIME_ZONE}) as start_at) t`);
  const [{ n: seriesDates }] = (await db.execute(sql`select count(*)::int as n from events`)).rows as [{ n: number }];
  const oneOffs = EVENTS - seriesDates;
  // One-off events spread over two years behind and one ahead, on the hour.
  await db.execute(sql`insert into events (name, summary, location, category, status, start_time, end_time, max_attendees)
    select 'Bench Event ' || n, 'A one-off event', 'South End', (array['Workshop','Panel','Gala','Mixer'])[1 + n % 4],
      case when t.start_at < now() then 'completed' else 'upcoming' end, t.start_at, t.start_at + interval '3 hours', 200
    from generate_series(1, ${oneOffs}) n,
      lateral (select date_trunc('hour', now() - interval '730 days' + (n * interval '1095 days' / ${oneOffs})) as start_at) t`);
  await db.execute(sql`insert into event_attendees (event_id, user_id, status)
    select e.id, 'sb-' || (1 + (abs(hashtext(e.id::text)) + k * 37) % ${MEMBERS}), 'attending'
    from events e, generate_series(1, ${PER_EVENT}) k
    on conflict do nothing`);
  await db.execute(sql`analyze`);
  const count = async (table: string) =>
    ((await db.execute(sql.raw(`select count(*)::int as n from ${table}`))).rows[0] as { n: number }).n;
  return {
    events: await count('events'),
    series: await count('event_series'),
    'series dates': seriesDates,
    registrations: await count('event_attendees'),
    members: await count('profiles'),
  };
}

function printSeriesReport(report: SeriesReport) {
  const target = `a weekly series two years ahead made in < ${createTargetMs} ms; GET /api/events p99 < ${settings.membersP99Ms} ms (no failed requests)`;
  const f = report.fixture;
  const data = f
    ? `${Object.entries(f.counts)
        .map(([k, n]) => `${int(n)} ${k}`)
        .join(', ')} (generated in ${f.seconds.toFixed(0)} s).`
    : '';
  const tables: Table[] = [];
  if (report.create) {
    const c = report.create;
    tables.push({
      headers: ['createSeries (weekly, two years)', 'dates', 'first ms', 'median ms', 'max ms', 'target met?'],
      rows: [
        [
          `${c.runs.length} series, one after another`,
          int(c.dates),
          ms(c.runs[0]!),
          ms(c.median),
          ms(c.max),
          Math.max(...c.runs) < createTargetMs ? 'yes' : 'no',
        ],
      ],
      right: [false, true, true, true, true, false],
    });
  }
  if (report.http && report.ceiling) {
    const h = report.http;
    const c = report.ceiling;
    const why: string[] = [];
    if (h.p99 >= settings.membersP99Ms) why.push('p99');
    if (h.non2xx + h.errors > 0) why.push('failures');
    tables.push({
      headers: [
        'route',
        'req/s',
        'p50 ms',
        'p99 ms',
        'non-2xx',
        'SQL ceiling calls/s',
        'ceiling p50 / p99 ms',
        'target met?',
      ],
      rows: [
        [
          `GET /api/events (${report.pages} pages in rotation)`,
          int(h.rps),
          ms(h.p50),
          ms(h.p99),
          h.errors > 0 ? `${int(h.non2xx)} (+${int(h.errors)} errors)` : int(h.non2xx),
          int(c.callsPerSec),
          `${ms(c.p50)} / ${ms(c.p99)}`,
          why.length ? `no (${why.join(', ')})` : 'yes',
        ],
      ],
      right: [false, true, true, true, true, true, true, false],
    });
  }
  const after = report.miss
    ? [
        `A cache miss (listEvents alone, uncached, one caller, each page 20 times): p50 ${ms(report.miss.p50)} ms, p99 ${ms(report.miss.p99)} ms, max ${ms(report.miss.max)} ms.`,
      ]
    : [];
  printPart(report, {
    title: `SERIES RESULTS  (${settings.connections} connections, ${settings.duration} s per measurement)`,
    setup: [
      'createSeries timed straight (the route validates, then calls it), with SERIES_HORIZON=24; the first run warms up.',
      `SQL ceiling: listEvents through the driver pool, uncached, ${settings.connections} concurrent callers.`,
    ],
    target,
    data,
    tables,
    after,
    name: 'Series',
    markdown: tables.length
      ? {
          intro: `Event series, PostgreSQL (${data.replace(/\.$/, '')}). Measured with \`BENCH_SUITES=series npm run bench\`: ${settings.connections} connections, ${settings.duration} s. Target: ${target}.`,
          tables,
          after,
        }
      : undefined,
  });
}
