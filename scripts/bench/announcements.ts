import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { ANNOUNCEMENTS_JOB } from '../../src/server/features/announcements/sender';
import { REMINDER_JOB } from '../../src/server/features/events/reminders';
import { MORNING_AFTER_JOB } from '../../src/server/features/people-to-meet/morning-after';
import type { AdminAnnouncement, AudienceCount } from '../../src/shared/announcements';
import { printAnnouncementsReport, announcementsBroken } from './announcements-report';
import { SIZES, generateDataset, type Fixture } from './generate';
import { jobsIdle } from './jobs';
import { countsLine, postgresPart } from './postgres-part';
import { cpuBetween, postgresGroups, sampleCpu, type CpuUse, type Groups } from './process-cpu';
import { logWindow, startReads, warmReads, type WindowResult } from './reads';
import { int, log, type PartReport } from './report';
import { settings } from './settings';

// The announcements part (issue 35), on PostgreSQL only (its own database pm_bench_announcements):
// the events data set (generate.ts: 10,000 events, 5,000 members, 100,000 registrations) for the
// public reads, 95,000 more members (100,000 in all), one member in 33 with Community news turned
// off, and one admin. The real server runs with no SMTP (mail is captured in the outbox) and the
// default MAIL_RATE_PER_MINUTE, and is measured after its first job pass. Visitors read the
// public event pages without a break; after `duration` seconds of reads alone the admin presses
// "Send now" on an announcement to all members: POST /api/admin/announcements/:id/send marks it
// sending and answers; the sending job, run at once, lists the recipients in batches of
// ANNOUNCEMENT_LIST_BATCH, resting after each (features/announcements/sender.ts). "Queued in" is
// from the request until the last batch is committed (announcements.listed_at, polled every
// 100 ms); reads alone and reads while queued are two windows of one run, with the CPU each used.
// The mails themselves go out from the job at MAIL_RATE_PER_MINUTE: not measured here.

/** Members the announcement is for (all of them)... */
export const ANNOUNCEMENT_MEMBERS = 100_000;
/** ...of whom those with a preferences row (1 in 11; the rest keep the defaults, everything on)
 * have Community news off when their number is also a multiple of 3: 1 in 33 in all. */
const PREFERENCES_EVERY = 11;
const OPTED_OUT_EVERY = 33;
export const OPTED_OUT = Math.floor(ANNOUNCEMENT_MEMBERS / OPTED_OUT_EVERY);
/** Who must be listed: every member with Community news on, and the admin. */
export const EXPECTED_RECIPIENTS = ANNOUNCEMENT_MEMBERS - OPTED_OUT + 1;
const ADMIN = { id: 'bench-announcements-admin', email: 'announcements.admin@bench.example' };
/** The other events' pages the reads walk beside the list and the busiest event's page. */
const OTHER_PAGES = 50;

export interface AnnouncementsMeasurement {
  readsLabel: string;
  readsAlone: WindowResult;
  /** From the send's request until every recipient is listed. */
  readsDuring: WindowResult;
  /** The send request's wall time, to the end of its answer, in ms. */
  answeredMs: number;
  /** From the send's request until the last batch of recipients was committed, in ms. */
  queuedMs: number;
  /** What POST /api/admin/announcements/audience-count answered before the send. */
  audience: AudienceCount;
  /** The announcement as the admin sees it once listed: its status and progress.recipients. */
  status: string;
  recipients: number;
  /** announcements.recipient_count once listed. */
  recipientCount: number | null;
  /** announcement_recipients: its rows, their distinct addresses, rows of members with Community
   * news off (must be 0), and whether the admin is among them. */
  rows: number;
  addresses: number;
  optedOutListed: number;
  adminListed: boolean;
  /** After the listing: how long until the first mails were sent, and how many (null: none
   * within the wait). */
  firstSentMs: number | null;
  firstSent: number;
  /** Cores used in each window: the server, PostgreSQL, the load generator, the machine in all. */
  cpuAlone: CpuUse;
  cpuQueued: CpuUse;
}

export interface AnnouncementsReport extends PartReport {
  fixture?: Fixture;
  measurement?: AnnouncementsMeasurement;
}

export const announcementsPart = postgresPart({
  enabled: settings.announcements,
  name: 'announcements',
  report: (): AnnouncementsReport => ({ description: '' }),
  databaseName: settings.announcementsDatabaseName,
  plan: `the events data set with ${int(ANNOUNCEMENT_MEMBERS)} members`,
  generate: async (db, report) => {
    const fixture = await generateDataset(db);
    await addMembers(db);
    // Fresh statistics and the visibility map set: otherwise autovacuum starts on the new rows
    // in the middle of the measurement.
    await db.execute(sql`vacuum (analyze)`);
    fixture.counts['members'] = await count(db, sql`select count(*)::int as n from profiles`);
    fixture.counts['with Community news off'] = await count(
      db,
      sql`select count(*)::int as n from notification_preferences where not community_news`,
    );
    if (
      fixture.counts['members'] !== ANNOUNCEMENT_MEMBERS + 1 ||
      fixture.counts['with Community news off'] !== OPTED_OUT
    )
      throw new Error(`the data set is not as planned: ${countsLine(fixture)}`);
    return (report.fixture = fixture);
  },
  describe: (fixture) => `${countsLine(fixture)} (the members count the admin)`,
  signIn: () => [ADMIN],
  // Never a real mail server from the environment: the outbox captures every mail.
  serverEnv: { SMTP_URL: '' },
  async measure({ db, target, server, fixture, sessions }, report) {
    // The first pass (reminders and morning-after mails of the generated events, then the
    // sender, last by its period) ends first: its work would be counted as the send's.
    for (const job of [REMINDER_JOB, MORNING_AFTER_JOB, ANNOUNCEMENTS_JOB]) await jobsIdle(db, job);
    // The server's processes (npx, tsx, node: one process group) and PostgreSQL's.
    const groups: Groups = { server: (p) => p.pgrp === server.pid, ...postgresGroups(target.url) };
    report.measurement = await measure(server.url, db, fixture, sessions[0]!.cookie, groups);
  },
  print: printAnnouncementsReport,
  // A wrong count of recipients is a failure of the run, not a missed target.
  broken: announcementsBroken,
});

/** The members after the events data set's (same ids, md5('user-' || n), simpler names), their
 * preferences (1 in 11 have a row; Community news off for 1 in 33 in all), and the admin. */
async function addMembers(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const added = sql`generate_series(${SIZES.members + 1}::int, ${ANNOUNCEMENT_MEMBERS}::int) i`;
    const joined = sql`now() - (i % 1500) * interval '1 day'`;
    await tx.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
      select md5('user-' || i), 'Member ' || i, 'member.' || i || '@announcements.example', true, ${joined}, ${joined}
      from ${added}`);
    await tx.execute(sql`insert into profiles (id, username, full_name, created_at)
      select md5('user-' || i), 'member_' || i, 'Member ' || i, ${joined} from ${added}`);
    await tx.execute(sql`insert into notification_preferences (user_id, community_news, morning_after)
      select md5('user-' || i), i % ${OPTED_OUT_EVERY} <> 0, i % 2 = 0
      from generate_series(${PREFERENCES_EVERY}::int, ${ANNOUNCEMENT_MEMBERS}::int, ${PREFERENCES_EVERY}::int) i`);
    await tx.execute(sql`insert into "user" (id, name, email, email_verified)
      values (${ADMIN.id}, 'Announcements Admin', ${ADMIN.email}, true)`);
    await tx.execute(sql`insert into profiles (id, username, full_name, is_admin)
      values (${ADMIN.id}, 'announcements_admin', 'Announcements Admin', true)`);
  });
}

async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const result = await db.execute<{ n: number }>(query);
  return Number(result.rows[0]!.n);
}

/** A write as the admin's browser sends it: the session cookie and the site's own Origin. */
async function asAdmin<T>(baseUrl: string, cookie: string, path: string, body?: unknown, timeoutMs = 30_000) {
  const res = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { cookie, origin: baseUrl, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

async function getAsAdmin<T>(baseUrl: string, cookie: string, path: string) {
  const res = await fetch(baseUrl + path, { headers: { cookie }, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

async function measure(
  baseUrl: string,
  db: Db,
  fixture: Fixture,
  cookie: string,
  groups: Groups,
): Promise<AnnouncementsMeasurement> {
  const draft = await asAdmin<AdminAnnouncement>(baseUrl, cookie, '/api/admin/announcements', {
    subject: 'The spring season is here',
    bodyHtml:
      '<p>Dear members,</p><p>Our spring season starts next month: <strong>twelve evenings</strong>, two workshops and the gala. ' +
      'See the <a href="/events">events</a> and register early.</p><p>See you there!</p>',
    audience: { kind: 'all' },
    membersOnly: false,
  });
  const audience = await asAdmin<AudienceCount>(baseUrl, cookie, '/api/admin/announcements/audience-count', {
    audience: { kind: 'all' },
  });
  log(`    draft ${draft.id}: the audience reaches ${int(audience.count)} (${int(audience.optedOut)} opted out)`);

  const others = fixture.rotationIds.filter((id) => id !== fixture.busiestEventId).slice(0, OTHER_PAGES);
  const requests = await warmReads(
    baseUrl,
    others.map((id) => ['/api/events', `/api/events/${fixture.busiestEventId}`, `/api/events/${id}`]),
  );
  const readsLabel = `GET /api/events, the busiest event's page and ${others.length} other events' pages, in turn`;

  // One run of reads: its warm-up, `duration` seconds alone, then the send until it is listed.
  const reads = startReads(
    baseUrl,
    requests,
    settings.warmup + settings.duration + settings.announcementsTimeoutSeconds + 5,
  );
  let aloneFrom: number;
  let asked: number;
  let listed: number;
  let answer: AdminAnnouncement;
  let answeredMs: number;
  let queuedMs: number;
  const cpu: ReturnType<typeof sampleCpu>[] = [];
  try {
    await sleep(reads.startedAt + settings.warmup * 1000 + 200 - Date.now());
    aloneFrom = Date.now();
    cpu.push(sampleCpu(groups));
    await sleep(settings.duration * 1000);
    asked = Date.now();
    cpu.push(sampleCpu(groups));
    const t = performance.now();
    // "Send now": no body.
    answer = await asAdmin<AdminAnnouncement>(
      baseUrl,
      cookie,
      `/api/admin/announcements/${draft.id}/send`,
      undefined,
      settings.announcementsTimeoutSeconds * 1000,
    );
    answeredMs = performance.now() - t;
    const deadline = Date.now() + settings.announcementsTimeoutSeconds * 1000;
    for (;;) {
      const done = await db.execute<{ done: boolean }>(
        sql`select listed_at is not null as done from announcements where id = ${draft.id}::uuid`,
      );
      if (done.rows[0]?.done === true) break;
      if (Date.now() > deadline) throw new Error('the recipients were not listed in time');
      await sleep(100);
    }
    queuedMs = performance.now() - t;
    listed = Date.now();
    cpu.push(sampleCpu(groups));
  } finally {
    reads.stop();
  }
  await reads.done;
  const readsAlone = reads.window(aloneFrom, asked);
  const readsDuring = reads.window(asked, listed);
  answer = await getAsAdmin<AdminAnnouncement>(baseUrl, cookie, `/api/admin/announcements/${draft.id}`);
  const cpuAlone = cpuBetween(cpu[0]!, cpu[1]!, groups, availableParallelism());
  const cpuQueued = cpuBetween(cpu[1]!, cpu[2]!, groups, availableParallelism());
  logWindow(`${readsLabel}, alone (the ${settings.duration} s before the send)`, readsAlone);
  log(
    `    POST /api/admin/announcements/:id/send answered in ${int(answeredMs)} ms; listed in ${(queuedMs / 1000).toFixed(2)} s: ${answer.status}, ${int(answer.progress.recipients)} recipients`,
  );
  logWindow(`${readsLabel}, while queued`, readsDuring, readsAlone);
  const cores = (u: CpuUse) =>
    `${Object.entries(u.groups)
      .map(([name, g]) => `${name} ${g.cores.toFixed(2)}`)
      .join(', ')}, load generator ${u.loadGenerator.toFixed(2)}, machine ${u.machine.toFixed(2)}`;
  log(`    cores of ${cpuAlone.cores}, alone: ${cores(cpuAlone)}; while queued: ${cores(cpuQueued)}`);

  const tally = await db.execute<{ rows: number; addresses: number; opted_out: number; admin: boolean }>(sql`select
      count(*)::int as rows, count(distinct r.email)::int as addresses,
      (count(*) filter (where np.community_news = false))::int as opted_out,
      coalesce(bool_or(r.user_id = ${ADMIN.id}), false) as admin
    from announcement_recipients r left join notification_preferences np on np.user_id = r.user_id
    where r.announcement_id = ${draft.id}::uuid`);
  const t = tally.rows[0]!;
  const stored = await db.execute<{ n: number | null }>(
    sql`select recipient_count as n from announcements where id = ${draft.id}::uuid`,
  );

  // The mails go out from the sender's job once it has listed them: the first of them, as a sign
  // that the queue moves. Not part of the target.
  let firstSentMs: number | null = null;
  let firstSent = 0;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(200)) {
    firstSent = await count(
      db,
      sql`select count(*)::int as n from announcement_recipients
        where announcement_id = ${draft.id}::uuid and status = 'sent'`,
    );
    if (firstSent > 0) {
      firstSentMs = Date.now() - listed;
      break;
    }
  }
  const m: AnnouncementsMeasurement = {
    readsLabel,
    readsAlone,
    readsDuring,
    answeredMs,
    queuedMs,
    audience,
    status: answer.status,
    recipients: answer.progress.recipients,
    recipientCount: stored.rows[0]?.n ?? null,
    rows: Number(t.rows),
    addresses: Number(t.addresses),
    optedOutListed: Number(t.opted_out),
    adminListed: t.admin === true,
    firstSentMs,
    firstSent,
    cpuAlone,
    cpuQueued,
  };
  log(
    `    announcement_recipients: ${int(m.rows)} rows, ${int(m.addresses)} distinct addresses, ${int(m.optedOutListed)} with Community news off, admin ${m.adminListed ? '' : 'NOT '}listed; ` +
      `the sender's first mails: ${firstSentMs === null ? 'none within 30 s' : `${int(firstSent)} sent by ${(firstSentMs / 1000).toFixed(1)} s after the listing`}`,
  );
  return m;
}
