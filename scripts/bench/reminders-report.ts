import { REMINDER_ATTENDEES, type RemindersMeasurement, type RemindersReport } from './reminders';
import { readsTable } from './reads';
import { int, printPart, type Table } from './report';
import { settings } from './settings';

// The reminders part's table: aligned text for the terminal, markdown for the README.

const secs = (n: number | null) => (n === null ? 'never' : (n / 1000).toFixed(2));

/** Not a missed target but a broken run: reminders missing after the timeout, or one too many. */
export function remindersBroken(report: RemindersReport): boolean {
  if (report.failed) return true;
  const m = report.measurement;
  if (!m) return false; // skipped
  return (
    m.allWritten === null ||
    m.mails !== REMINDER_ATTENDEES ||
    m.recipients !== REMINDER_ATTENDEES ||
    m.recorded !== REMINDER_ATTENDEES ||
    m.notCaptured > 0
  );
}

function remindersTable(m: RemindersMeasurement): Table {
  const why: string[] = [];
  if (m.allWritten === null || m.allWritten >= settings.remindersTargetSeconds * 1000) why.push('time');
  if (m.mails !== REMINDER_ATTENDEES || m.recipients !== REMINDER_ATTENDEES) why.push('count');
  if (m.readsDuring.rps < settings.remindersTargetRatio * m.readsAlone.rps) why.push('ratio');
  const own = {
    attendees: int(REMINDER_ATTENDEES),
    'reminders in the outbox': int(m.mails),
    'distinct addresses': int(m.recipients),
    'job started (s after due)': secs(m.jobStarted),
    'first written (s)': secs(m.firstMail),
    'all written (s)': secs(m.allWritten),
  };
  return readsTable(own, m.readsAlone, m.readsDuring, 'while written', why);
}

export function printRemindersReport(report: RemindersReport) {
  const m = report.measurement;
  const setup =
    `One upcoming event that all ${int(REMINDER_ATTENDEES)} members attend (registered a month before), beside the events data set` +
    `${report.fixture ? ` (${int(report.fixture.counts.events ?? 0)} events, ${int(report.fixture.counts.attendees ?? 0)} registrations)` : ''}; ` +
    `the real server (production mode, JOBS_CHECK_MS=${settings.remindersJobsCheckMs}, REMINDER_OFFSETS=24h,1h, no SMTP: mail captured). ` +
    `${m ? `${m.readsLabel}, ` : 'The public event reads, '}read by ${settings.connections} visitor connections (autocannon) without a break while the event is moved (start_time only) ` +
    `so that its 24-hour reminder falls due on the boundary of the reminder job's 60-s period, until all reminders are in the outbox (polled every 50 ms). ` +
    `Reads alone: the ${settings.duration} s of that run just before due; reads while written: from due to the last reminder written.`;
  printPart(report, {
    title: `REMINDERS RESULTS  (${settings.connections} visitors reading, ${int(REMINDER_ATTENDEES)} reminders, ${settings.duration} s for the reads alone)`,
    setup: [setup],
    target:
      `all ${int(REMINDER_ATTENDEES)} in the outbox (exactly, no duplicates) < ${settings.remindersTargetSeconds} s after due, reads while written >= ${100 * settings.remindersTargetRatio}% of reads alone, no failed reads. ` +
      `Fewer than ${int(REMINDER_ATTENDEES)} after ${settings.remindersTimeoutSeconds} s, or more, is a broken run`,
    notes: m
      ? [
          `due ${m.due}; the job's run: started ${secs(m.jobStarted)} s, finished ${secs(m.jobFinished)} s after due (${m.jobResult}); ` +
            `${int(m.recorded)} recorded as sent in event_reminders; reads while written counted over ${m.readsDuring.seconds.toFixed(2)} s` +
            `${m.notCaptured ? `; ${int(m.notCaptured)} outbox rows NOT captured` : ''}.`,
          ...(remindersBroken(report) ? ['BROKEN: the outbox does not hold exactly one reminder per attendee.'] : []),
        ]
      : [],
    tables: m ? [remindersTable(m)] : [],
    name: 'Reminders',
    markdown: m && { intro: `${setup} Measured with \`npm run bench\`.`, tables: [remindersTable(m)] },
  });
}
