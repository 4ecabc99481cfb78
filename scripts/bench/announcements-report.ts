import {
  ANNOUNCEMENT_MEMBERS,
  EXPECTED_RECIPIENTS,
  OPTED_OUT,
  type AnnouncementsMeasurement,
  type AnnouncementsReport,
} from './announcements';
import type { CpuUse } from './process-cpu';
import { readsTable } from './reads';
import { int, printPart, type Table } from './report';
import { settings } from './settings';

// The announcements part's table: aligned text for the terminal, markdown for the documentation.

/** Listed exactly as the audience says: every member with Community news on, and the admin. */
function countsRight(m: AnnouncementsMeasurement): boolean {
  return (
    m.recipients === EXPECTED_RECIPIENTS &&
    m.rows === EXPECTED_RECIPIENTS &&
    m.addresses === EXPECTED_RECIPIENTS &&
    m.recipientCount === EXPECTED_RECIPIENTS &&
    m.audience.count === EXPECTED_RECIPIENTS &&
    m.audience.optedOut === OPTED_OUT &&
    m.optedOutListed === 0 &&
    m.adminListed &&
    m.status === 'sending'
  );
}

/** Not a missed target but a broken run: recipients missing, one too many, or the wrong ones. */
export function announcementsBroken(report: AnnouncementsReport): boolean {
  if (report.failed) return true;
  const m = report.measurement;
  return m !== undefined && !countsRight(m);
}

function announcementsTable(m: AnnouncementsMeasurement): Table {
  const why: string[] = [];
  if (m.queuedMs >= settings.announcementsTargetSeconds * 1000) why.push('time');
  if (!countsRight(m)) why.push('count');
  if (m.readsDuring.rps < settings.announcementsTargetRatio * m.readsAlone.rps) why.push('ratio');
  const own = {
    'members (+ admin)': `${int(ANNOUNCEMENT_MEMBERS)} + 1`,
    'Community news off': int(OPTED_OUT),
    'recipients answered': int(m.recipients),
    'rows listed': int(m.rows),
    'distinct addresses': int(m.addresses),
    'send answered (ms)': int(m.answeredMs),
    'queued in (s)': (m.queuedMs / 1000).toFixed(2),
  };
  return readsTable(own, m.readsAlone, m.readsDuring, 'while queued', why);
}

/** Where the cores went in each window: the rest of the machine's busy time is other work. */
function cpuTable(m: AnnouncementsMeasurement): Table {
  const ours = (u: CpuUse) => Object.values(u.groups).reduce((sum, g) => sum + g.cores, u.loadGenerator);
  const row = (what: string, of: (u: CpuUse) => number) => [
    what,
    of(m.cpuAlone).toFixed(2),
    of(m.cpuQueued).toFixed(2),
  ];
  return {
    headers: [`CPU, cores of ${m.cpuAlone.cores}`, 'reads alone', 'while queued'],
    rows: [
      row('the server (node)', (u) => u.groups.server?.cores ?? 0),
      row('PostgreSQL backends of this database', (u) => u.groups['postgres (this database)']?.cores ?? 0),
      row(
        "PostgreSQL's own processes (WAL writer, checkpointer...)",
        (u) => u.groups['postgres (cluster)']?.cores ?? 0,
      ),
      row('the load generator (autocannon, this process)', (u) => u.loadGenerator),
      row('other work on the machine', (u) => Math.max(0, u.machine - ours(u))),
      row('the machine in all', (u) => u.machine),
    ],
    right: [false, true, true],
  };
}

export function printAnnouncementsReport(report: AnnouncementsReport) {
  const m = report.measurement;
  const f = report.fixture;
  const setup =
    `The events data set with ${int(ANNOUNCEMENT_MEMBERS)} members` +
    `${f ? ` (${int(f.counts.events ?? 0)} events, ${int(f.counts.attendees ?? 0)} registrations)` : ''}, ` +
    `1 in 33 of them with Community news off (${int(OPTED_OUT)}), and one admin signed in; ` +
    `the real server (production mode, no SMTP: mail captured, MAIL_RATE_PER_MINUTE default). ` +
    `${m ? `${m.readsLabel}, ` : 'The public event reads, '}read by ${settings.connections} visitor connections (autocannon) without a break; ` +
    `after ${settings.duration} s of them alone, the admin's "Send now" of a draft to all members (POST /api/admin/announcements/:id/send, no body), ` +
    `which marks it sending and answers; the sending job lists the recipients in batches of ANNOUNCEMENT_LIST_BATCH, resting after each. ` +
    `Queued in: from the request until the last batch was committed; reads while queued: the same run over that time.`;
  printPart(report, {
    title: `ANNOUNCEMENTS RESULTS  (${settings.connections} visitors reading, an announcement to ${int(ANNOUNCEMENT_MEMBERS)} members, ${settings.duration} s for the reads alone)`,
    setup: [setup],
    target:
      `every recipient listed (${int(EXPECTED_RECIPIENTS)}, exactly: the members with Community news on and the admin) < ${settings.announcementsTargetSeconds} s, ` +
      `reads while queued >= ${100 * settings.announcementsTargetRatio}% of reads alone, no failed reads. ` +
      `Any other count of recipients, rows or distinct addresses is a broken run`,
    notes: m
      ? [
          `the audience count before the send: ${int(m.audience.count)} (${int(m.audience.optedOut)} opted out); once listed: ${m.status}, ${int(m.recipients)} recipients; ` +
            `announcements.recipient_count ${m.recipientCount === null ? 'null' : int(m.recipientCount)}; ` +
            `listed with Community news off: ${int(m.optedOutListed)}; the admin ${m.adminListed ? 'listed' : 'NOT listed'}; ` +
            `the sender's first mails: ${m.firstSentMs === null ? 'none within 30 s of the listing' : `${int(m.firstSent)} sent by ${(m.firstSentMs / 1000).toFixed(1)} s after the listing`}.`,
          ...(announcementsBroken(report)
            ? [`BROKEN: the recipients listed are not exactly the ${int(EXPECTED_RECIPIENTS)} expected.`]
            : []),
        ]
      : [],
    tables: m ? [announcementsTable(m), cpuTable(m)] : [],
    name: 'Announcements',
    markdown: m && {
      intro: `${setup} Measured with \`npm run bench\`.`,
      tables: [announcementsTable(m), cpuTable(m)],
    },
  });
}
