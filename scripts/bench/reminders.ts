import { sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../src/server/db/client';
import { REMINDER_JOB } from '../../src/server/features/events/reminders';
import { SIZES, generateDataset, type Fixture } from './generate';
import { jobsIdle } from './jobs';
import { countsLine, postgresPart } from './postgres-part';
import { logWindow, startReads, warmReads, type WindowResult } from './reads';
import { printRemindersReport, remindersBroken } from './reminders-report';
import { int, log, type PartReport } from './report';
import { settings } from './settings';

// The reminders part, on PostgreSQL only: the events data set (10,000 events, 5,000 members)
// plus one upcoming event that all 5,000 members attend, registered a month ago. The real server
// runs with its job timer at JOBS_CHECK_MS=200 and no SMTP (mail is captured in the outbox).
// Visitors read the public event pages without a break while the event is moved so that its
// 24-hour reminder falls due on the next boundary of the reminder job's 60-second period; we poll
// the outbox until the 5,000 reminders are there. Reads alone are the seconds just before due.
//
// Why the boundary: the job runs once per period (periods counted from the epoch, as in
// platform/jobs.ts), so a reminder falling due just after a run waits for the next one. Due on
// the boundary, "due -> written" measures the sweep and the writing (plus one timer tick), not
// where in the minute the reminder happened to fall.

/** All of the generated members attend the reminded event. */
export const REMINDER_ATTENDEES = SIZES.members;
const EVENT_ID = 'b0000000-0000-4000-8000-000000005000';
const EVENT_NAME = 'Reminder Bench Mixer';
const PERIOD_MS = 60_000; // the reminder job's everySeconds
/** The other events' pages the reads walk beside the list and the reminded event's page. */
const OTHER_PAGES = 50;

export interface RemindersMeasurement {
  readsLabel: string;
  readsAlone: WindowResult;
  /** From due to the last reminder in the outbox (to the timeout when they never all came). */
  readsDuring: WindowResult;
  /** When the reminder fell due (ISO): the event's new start minus 24 hours. */
  due: string;
  /** Milliseconds after due: the job's run as it recorded it (started_at / finished_at)... */
  jobStarted: number | null;
  jobFinished: number | null;
  /** ...and what it answered (sent, skipped), or its error. */
  jobResult: string;
  /** ...the first reminder seen in the outbox, and the moment all of them were (polled every 50 ms). */
  firstMail: number | null;
  allWritten: number | null;
  /** The outbox's reminders for the event, their distinct addresses, and event_reminders' 'sent' rows. */
  mails: number;
  recipients: number;
  recorded: number;
  /** Outbox rows for the event not 'captured' (there is no SMTP: must be 0). */
  notCaptured: number;
}

export interface RemindersReport extends PartReport {
  fixture?: Fixture;
  measurement?: RemindersMeasurement;
}

const secs = (ms: number | null) => (ms === null ? 'never' : `${(ms / 1000).toFixed(2)} s`);

export const remindersPart = postgresPart({
  enabled: settings.reminders,
  name: 'reminders',
  report: (): RemindersReport => ({ description: '' }),
  databaseName: settings.remindersDatabaseName,
  generate: async (db, report) => {
    const fixture = await generateDataset(db);
    await addRemindedEvent(db);
    await db.execute(sql`analyze`);
    fixture.counts['attendees'] = await count(db, sql`select count(*)::int as n from event_attendees`);
    return (report.fixture = fixture);
  },
  describe: (fixture) => `${countsLine(fixture)}; "${EVENT_NAME}": ${int(REMINDER_ATTENDEES)} attending`,
  serverEnv: {
    JOBS_CHECK_MS: String(settings.remindersJobsCheckMs),
    REMINDER_OFFSETS: '24h,1h',
    // Never a real mail server from the environment: the outbox captures every mail.
    SMTP_URL: '',
  },
  async measure({ db, server, fixture }, report) {
    // The first pass (reminders already due for generated events, housekeeping) ends first.
    await jobsIdle(db, REMINDER_JOB);
    report.measurement = await measure(server.url, db, fixture);
  },
  print: printRemindersReport,
  // Missing or duplicated reminders are a failure of the run, not a missed target.
  broken: remindersBroken,
});

/** The event, a week ahead, and every member attending it since a month ago (before any reminder's time). */
async function addRemindedEvent(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into events (id, name, summary, description, location, category, status,
        start_time, end_time, image_url)
      values (${EVENT_ID}, ${EVENT_NAME}, 'Everyone is coming: the reminders benchmark''s event.',
        'Five thousand members, one evening, and a reminder for each of them the day before.',
        'Bank of America Stadium, Uptown', 'Networking', 'upcoming',
        date_trunc('day', now()) + interval '7 days 18 hours', date_trunc('day', now()) + interval '7 days 21 hours',
        '/uploads/event-images/bench-1.webp')`);
    await tx.execute(sql`insert into event_attendees (event_id, user_id, status, created_at)
      select ${EVENT_ID}, id, 'attending', now() - interval '30 days' + row_number() over (order by id) * interval '1 second'
      from "user"`);
  });
  const n = await count(db, sql`select count(*)::int as n from event_attendees where event_id = ${EVENT_ID}`);
  if (n !== REMINDER_ATTENDEES) throw new Error(`the reminded event has ${n} attendees, not ${REMINDER_ATTENDEES}`);
}

async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const result = await db.execute<{ n: number }>(query);
  return Number(result.rows[0]!.n);
}

async function measure(baseUrl: string, db: Db, fixture: Fixture): Promise<RemindersMeasurement> {
  const others = fixture.rotationIds.slice(0, OTHER_PAGES);
  const requests = await warmReads(
    baseUrl,
    others.map((id) => ['/api/events', `/api/events/${EVENT_ID}`, `/api/events/${id}`]),
  );
  const readsLabel = `GET /api/events, the event's page and ${others.length} other events' pages, in turn`;

  // The next period boundary with room for the move, the reads' warm-up and `duration` seconds of
  // reads alone before it: "alone" and "while written" are windows of one run of the same load,
  // side by side, so the machine's other work (shared and noisy) weighs on both alike. Generated
  // events start on the hour, and their reminders fall due on the hour: not then.
  const lead = settings.warmup * 1000 + settings.duration * 1000 + 3_000;
  let due = Math.ceil((Date.now() + lead + 500) / PERIOD_MS) * PERIOD_MS;
  if (new Date(due).getUTCMinutes() === 0) due += PERIOD_MS;
  log(`    waiting ${((due - lead - Date.now()) / 1000).toFixed(0)} s for the job's period boundary...`);
  await sleep(due - lead - Date.now());

  // Moved, nothing else: the 24-hour reminder falls due at `due`, when the next period starts.
  const since = new Date(Date.now() - 60_000).toISOString();
  await db.execute(sql`update events set start_time = ${new Date(due + 24 * 3_600_000).toISOString()}::timestamptz,
      end_time = ${new Date(due + 24 * 3_600_000).toISOString()}::timestamptz + (end_time - start_time)
    where id = ${EVENT_ID}`);
  const during = startReads(baseUrl, requests, (due - Date.now()) / 1000 + settings.remindersTimeoutSeconds + 5);

  let firstMail: number | null = null;
  let allWritten: number | null = null;
  try {
    for (;;) {
      const n = await count(
        db,
        sql`select count(*)::int as n from email_outbox where created_at >= ${since}::timestamptz
          and subject like ${`%: ${EVENT_NAME}`}`,
      );
      const now = Date.now();
      if (n > 0 && firstMail === null) firstMail = now - due;
      if (n >= REMINDER_ATTENDEES) {
        allWritten = now - due;
        break;
      }
      if (now > due + settings.remindersTimeoutSeconds * 1000) break;
      await sleep(50);
    }
  } finally {
    during.stop();
  }
  await during.done;
  const readsAlone = during.window(due - settings.duration * 1000, due);
  logWindow(`${readsLabel}, alone (the ${settings.duration} s before due)`, readsAlone);
  const readsDuring = during.window(due, due + (allWritten ?? settings.remindersTimeoutSeconds * 1000));
  log(
    `    reminders: due ${new Date(due).toISOString()}, first in the outbox after ${secs(firstMail)}, all ${int(REMINDER_ATTENDEES)} after ${secs(allWritten)}`,
  );
  logWindow(`${readsLabel}, while written`, readsDuring, readsAlone);

  // The job's own account of its run, once it has finished (or given up).
  const key = new Date(due).toISOString();
  let job:
    | {
        started_at: string | null;
        finished_at: string | null;
        status: string;
        result: unknown;
        last_error: string | null;
      }
    | undefined;
  for (let waited = 0; waited < 30_000; waited += 200) {
    const rows = await db.execute<
      NonNullable<typeof job>
    >(sql`select started_at, finished_at, status, result, last_error
      from jobs where name = ${REMINDER_JOB} and key = ${key}`);
    job = rows.rows[0];
    if (job && job.status !== 'running' && job.status !== 'scheduled') break;
    if (job?.last_error) break;
    await sleep(200);
  }
  const after = (at: string | null | undefined) => (at ? new Date(at).getTime() - due : null);
  const jobResult = !job
    ? 'no run'
    : job.last_error
      ? `${job.status}: ${job.last_error}`
      : `${job.status} ${typeof job.result === 'string' ? job.result : JSON.stringify(job.result)}`;

  // The final tally, by the event's link in the text rather than the subject.
  const link = `/events/${EVENT_ID}`;
  const tally = await db.execute<{ mails: number; recipients: number; not_captured: number }>(sql`select
      count(*)::int as mails, count(distinct "to")::int as recipients,
      (count(*) filter (where status <> 'captured'))::int as not_captured
    from email_outbox where created_at >= ${since}::timestamptz and position(${link} in text) > 0`);
  const recorded = await count(
    db,
    sql`select count(*)::int as n from event_reminders where event_id = ${EVENT_ID} and status = 'sent'`,
  );
  const t = tally.rows[0]!;
  const m: RemindersMeasurement = {
    readsLabel,
    readsAlone,
    readsDuring,
    due: key,
    jobStarted: after(job?.started_at),
    jobFinished: after(job?.finished_at),
    jobResult,
    firstMail,
    allWritten,
    mails: Number(t.mails),
    recipients: Number(t.recipients),
    recorded,
    notCaptured: Number(t.not_captured),
  };
  log(
    `    job run: started after ${secs(m.jobStarted)}, finished after ${secs(m.jobFinished)} (${jobResult}); outbox: ${int(m.mails)} reminders to ${int(m.recipients)} addresses, ${int(recorded)} recorded as sent`,
  );
  return m;
}
