import { inArray, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import { dateTimeFormat } from '../../platform/date-format';
import type { JobDefinition } from '../../platform/jobs';
import type { Mailer, MailMessage } from '../../platform/mail';
import { textToHtml } from '../../platform/mail-html';
import { mailTicket, ticketCodeLine, ticketLine } from '../check-in/ticket-mail';
import { ticketKey } from '../check-in/tickets';
import { unsubscribeKey, unsubscribeLinks } from '../../platform/unsubscribe';
import { formatEventTime } from './emails';
import { buildIcs, icsFileName } from './ics';

// Reminders before an event (REMINDER_OFFSETS, 24 hours and 1 hour by default), to attending
// members who keep them on and to their guests. A recurring job looks at the data as it is each
// minute: who attends now, when the event starts now. So an unregistered member, a waitlisted
// one, a deleted event and a cancelled date of a series get nothing, a promoted member gets what
// is still due, and a moved event's reminders follow its new start. `event_reminders` records each one under a unique key (event,
// person, offset, the start it announced), written with its mail in one transaction: a reminder
// goes out once, however many processes sweep at once.
//
// After downtime several reminders may be due at once: only the nearest is sent (the others are
// recorded as skipped), and nothing once the event has started. A person who registered after a
// reminder's time gets no such reminder: their confirmation e-mail has just told them the same.

export const REMINDER_JOB = 'event-reminders';
/** People per transaction, so an event of thousands never holds one, nor the process, for long. */
const BATCH = 250;
/** After each batch the sweep rests three times as long as the batch took: while an event of thousands
 * is reminded, the process (which also answers requests) gives the sweep a quarter of its time.
 * 5,000 reminders still reach the outbox in seconds (`npm run bench`, part reminders). */
const REST_FACTOR = 3;
const rest = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.min(ms, 1_000)));
export const DEFAULT_WHAT_TO_BRING = 'Business cards; name badges are handed out at the door.';

type DueRow = {
  event_id: string;
  minutes: number;
  start_time: Date | string;
  recipient: string;
  user_id: string | null;
  guest_id: string | null;
  /** The ticket: the member's registration id, or the guest's id. */
  ticket_id: string;
  /** The ticket's short code. */
  short_code: string;
  email: string;
  name: string;
  host: string | null;
  guests: string[] | string | null;
};

const factColumns = {
  id: events.id,
  name: events.name,
  summary: events.summary,
  location: events.location,
  whatToBring: events.whatToBring,
  startTime: events.startTime,
  endTime: events.endTime,
  sequence: events.sequence,
};

type EventFacts = SelectResultFields<typeof factColumns>;

/** Everyone with a reminder due at `now` that is not recorded yet. */
async function dueReminders(db: Db, offsets: number[], now: Date): Promise<DueRow[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  // Raw SQL: CTEs over the offsets array (unnest) and a union of members and guests, which the builder cannot say.
  const result = await db.execute<DueRow>(sql`
    with offsets(minutes) as (select unnest(${`{${offsets.join(',')}}`}::int[])),
    due as (
      select e.id as event_id, o.minutes, e.start_time, e.start_time - make_interval(mins => o.minutes) as remind_at
      from events e cross join offsets o
      where e.status <> 'completed' and e.cancelled_at is null and e.start_time > ${at}
        and e.start_time - make_interval(mins => o.minutes) <= ${at}
    ),
    people as (
      select d.event_id, d.minutes, d.start_time, 'member:' || a.user_id as recipient, a.user_id,
        null::uuid as guest_id, a.id as ticket_id, a.short_code, u.email, coalesce(nullif(p.full_name, ''), p.username) as name, null as host,
        (select json_agg(g.guest_name order by g.created_at) from event_guests g
          where g.event_id = d.event_id and g.profile_id = a.user_id) as guests
      from due d
      join event_attendees a on a.event_id = d.event_id and a.status = 'attending' and a.created_at <= d.remind_at
      join profiles p on p.id = a.user_id join "user" u on u.id = p.id
      left join notification_preferences np on np.user_id = a.user_id
      where coalesce(np.event_reminders, true)
      union all
      select d.event_id, d.minutes, d.start_time, 'guest:' || g.id, null, g.id, g.id, g.short_code, g.guest_email, g.guest_name,
        coalesce(nullif(p.full_name, ''), p.username), null
      from due d
      join event_guests g on g.event_id = d.event_id and g.reminders and g.created_at <= d.remind_at
      join event_attendees a on a.event_id = g.event_id and a.user_id = g.profile_id and a.status = 'attending'
      join profiles p on p.id = g.profile_id
    )
    select * from people x
    where not exists (select 1 from event_reminders r where r.event_id = x.event_id and r.recipient = x.recipient
      and r.offset_minutes = x.minutes and r.starts_at = x.start_time)
    order by x.event_id, x.recipient, x.minutes desc`);
  return result.rows;
}

const mapLink = (location: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(location)}`;

/** "tomorrow at 6:00 PM", "today at 6:00 PM", "in 45 minutes", "on Friday, November 27 at 6:00 PM". */
export function startsIn(start: Date, now: Date, timeZone: string): string {
  const minutes = Math.round((start.getTime() - now.getTime()) / 60_000);
  const time = dateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(start);
  if (minutes <= 90) return minutes <= 1 ? 'now' : `in ${minutes} minutes (${time})`;
  const day = (d: Date) => dateTimeFormat('en-CA', { timeZone }).format(d);
  const tomorrow = new Date(now.getTime() + 24 * 3_600_000);
  if (day(start) === day(now)) return `today at ${time}`;
  if (day(start) === day(tomorrow)) return `tomorrow at ${time}`;
  const date = dateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' });
  return `on ${date.format(start)} at ${time}`;
}

function reminderSubject(event: EventFacts, start: Date, now: Date, timeZone: string): string {
  const when = startsIn(start, now, timeZone);
  if (when.startsWith('in ') || when === 'now') return `Starting soon: ${event.name}`;
  if (when.startsWith('today')) return `Today: ${event.name}`;
  if (when.startsWith('tomorrow')) return `Tomorrow: ${event.name}`;
  return `Coming up: ${event.name}`;
}

/** What every reminder of one event at one moment says alike: made once per sweep, not per person
 * (an event of thousands would otherwise build its calendar file thousands of times). */
export interface ReminderTemplate {
  subject: string;
  opening: string;
  details: string[];
  url: string;
  attachments: MailMessage['attachments'];
}

export function reminderTemplate(config: Config, event: EventFacts, now: Date): ReminderTemplate {
  const { startTime: start, endTime: end } = event;
  return {
    subject: reminderSubject(event, start, now, config.SITE_TIMEZONE),
    opening: `${event.name} starts ${startsIn(start, now, config.SITE_TIMEZONE)}.`,
    details: [
      `When: ${formatEventTime(start, end, config.SITE_TIMEZONE)}`,
      ...(event.location ? [`Where: ${event.location}`, `Map: ${mapLink(event.location)}`] : []),
      '',
      `What to bring: ${event.whatToBring?.trim() || DEFAULT_WHAT_TO_BRING}`,
    ],
    url: `${config.publicUrl}/events/${event.id}`,
    attachments: [
      {
        filename: icsFileName(event.name),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        // The same UID and current SEQUENCE as the registration e-mail: it updates that entry.
        content: buildIcs(
          [
            {
              id: event.id,
              name: event.name,
              summary: event.summary,
              location: event.location,
              startTime: start,
              endTime: end,
              sequence: event.sequence,
            },
          ],
          { publicUrl: config.publicUrl, calendarName: 'Power Mixer', now },
        ),
      },
    ],
  };
}

export function reminderMessage(
  template: ReminderTemplate,
  person: DueRow,
  unsubscribe: { headers: Record<string, string>; footer: string },
  key: Buffer,
): MailMessage {
  const guests = (typeof person.guests === 'string' ? (JSON.parse(person.guests) as string[]) : person.guests) ?? [];
  // Each person's own ticket: the member's, or the guest's (never their host's).
  const ticket = mailTicket(key, {
    kind: person.guest_id ? 'guest' : 'member',
    eventId: person.event_id,
    id: person.ticket_id,
  });
  const ticketText = ticketLine(person.guest_id ? 'guest' : 'member', person.host);
  const text = [
    `Hello ${person.name},`,
    '',
    `${template.opening}${person.host ? ` ${person.host} registered you as their guest.` : ''}`,
    '',
    ...template.details,
    ...(guests.length ? ['', 'Your guests:', ...guests.map((g) => `  - ${g}`)] : []),
    '',
    ticketText,
    '',
    ticketCodeLine(person.short_code),
    '',
    `Event details: ${template.url}`,
    person.host
      ? `Can't come after all? Tell ${person.host}, so they can free your seat.`
      : `Can't come after all? Unregister on the event page, so someone on the waitlist gets your seat.`,
    'The attached calendar file keeps the event in your calendar up to date.',
    '',
    'See you there,',
    'Power Mixer',
    '',
    '--',
    unsubscribe.footer,
  ].join('\n');
  // The calendar file is the template's own object: the outbox writer serialises it once.
  return {
    to: person.email,
    subject: template.subject,
    text,
    html: textToHtml(text, template.subject, [{ after: ticketText, html: ticket.html }]),
    headers: unsubscribe.headers,
    attachments: [...(template.attachments ?? []), ticket.attachment],
  };
}

/** Sends what is due at `now`; answers how many went and how many were skipped. */
export async function sendDueReminders(
  deps: { db: Db; config: Config; mailer: Mailer },
  now: Date,
): Promise<{ sent: number; skipped: number }> {
  const { db, config, mailer } = deps;
  const due = await dueReminders(db, config.reminderOffsets, now);
  if (due.length === 0) return { sent: 0, skipped: 0 };
  await unsubscribeKey(db);
  const key = await ticketKey(db);
  const templates = new Map<string, ReminderTemplate>();
  const ids = [...new Set(due.map((d) => d.event_id))];
  const facts = await db.select(factColumns).from(events).where(inArray(events.id, ids));
  for (const e of facts) templates.set(e.id, reminderTemplate(config, e, now));

  // Per person and event (rows come largest offset first), the nearest due reminder is sent and
  // the earlier ones are skipped.
  const rows: { row: DueRow; status: 'sent' | 'skipped' }[] = [];
  for (let i = 0; i < due.length; i++) {
    const row = due[i]!;
    const next = due[i + 1];
    const sameAsNext = next && next.event_id === row.event_id && next.recipient === row.recipient;
    rows.push({ row, status: sameAsNext ? 'skipped' : 'sent' });
  }

  let sent = 0;
  let skipped = 0;
  let lastBatchMs = 0;
  for (let i = 0; i < rows.length; i += BATCH) {
    if (i > 0) await rest(REST_FACTOR * lastBatchMs);
    const batchStarted = performance.now();
    const batch = rows.slice(i, i + BATCH);
    const messages = await Promise.all(
      batch
        .filter((b) => b.status === 'sent')
        .map(async ({ row }) => {
          const subscriber = row.user_id
            ? ({ kind: 'member', id: row.user_id } as const)
            : ({ kind: 'guest', id: row.guest_id! } as const);
          const links = await unsubscribeLinks(db, config, subscriber, 'event-reminders');
          return { key: `${row.event_id}|${row.recipient}|${row.minutes}`, row, links };
        }),
    );
    const list = (pick: (b: (typeof batch)[number]) => string | number) => `{${batch.map((b) => pick(b)).join(',')}}`;
    await db.transaction(async (tx) => {
      // Another process may have recorded some meanwhile: only what this insert wrote is mailed.
      // (Ids, offsets, times and statuses need no quoting in an array literal.)
      // Raw SQL: one insert over unnest(arrays) per batch; the builder would bind six values per row.
      const written = await tx.execute<{ event_id: string; recipient: string; offset_minutes: number; status: string }>(
        sql`insert into event_reminders (event_id, recipient, offset_minutes, starts_at, status, sent_at)
          select t.*, ${now.toISOString()}::timestamptz from unnest(
            ${list((b) => b.row.event_id)}::uuid[], ${list((b) => b.row.recipient)}::text[],
            ${list((b) => b.row.minutes)}::int[], ${list((b) => new Date(b.row.start_time).toISOString())}::timestamptz[],
            ${list((b) => b.status)}::text[]) as t
          on conflict (event_id, recipient, offset_minutes, starts_at) do nothing
          returning event_id, recipient, offset_minutes, status`,
      );
      const mine = new Set(
        written.rows.filter((w) => w.status === 'sent').map((w) => `${w.event_id}|${w.recipient}|${w.offset_minutes}`),
      );
      skipped += written.rows.length - mine.size;
      // The ticket's image is drawn when each mail is delivered (platform/mail.ts), not here.
      const mails = messages
        .filter((m) => mine.has(m.key))
        .map((m) => reminderMessage(templates.get(m.row.event_id)!, m.row, m.links, key));
      sent += await mailer.sendMany(mails, tx);
    });
    lastBatchMs = performance.now() - batchStarted;
  }
  return { sent, skipped };
}

export function reminderJob(deps: { config: Config; mailer: Mailer }): JobDefinition {
  return {
    name: REMINDER_JOB,
    everySeconds: 60,
    run: ({ db, now }) => sendDueReminders({ db, config: deps.config, mailer: deps.mailer }, now),
  };
}
