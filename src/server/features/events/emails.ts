import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer, MailMessage } from '../../platform/mail';
import { buildIcs, icsFileName } from './ics';

// The spec's send-registration-email, done on the server: event details plus an .ics file.
// Sent after the registration has committed; a failure is logged and never undoes it.

type Kind = 'attending' | 'waitlisted' | 'promoted';

export function formatEventTime(start: Date, end: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  const zone = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(start)
    .find((p) => p.type === 'timeZoneName')?.value;
  return `${day.format(start)}, ${time.format(start)} – ${time.format(end)}${zone ? ` ${zone}` : ''}`;
}

export async function buildRegistrationEmail(
  db: Db,
  config: Config,
  eventId: string,
  userId: string,
  kind: Kind,
): Promise<MailMessage | null> {
  const result = await db.execute<{
    email: string;
    full_name: string | null;
    username: string;
    id: string;
    name: string;
    summary: string | null;
    location: string | null;
    start_time: Date | string;
    end_time: Date | string;
    guests: string[] | string | null;
  }>(sql`select u.email, p.full_name, p.username, e.id, e.name, e.summary, e.location, e.start_time, e.end_time,
      (select json_agg(g.guest_name || ' <' || g.guest_email || '>' order by g.created_at)
        from event_guests g where g.event_id = e.id and g.profile_id = p.id) as guests
    from events e, profiles p join "user" u on u.id = p.id
    where e.id = ${eventId} and p.id = ${userId}`);
  const row = result.rows[0];
  if (!row) return null;
  const start = new Date(row.start_time);
  const end = new Date(row.end_time);
  const guests = (typeof row.guests === 'string' ? (JSON.parse(row.guests) as string[]) : row.guests) ?? [];
  const url = `${config.publicUrl}/events/${row.id}`;
  const opening = {
    attending: `You're registered for ${row.name}. You're all set for the event.`,
    waitlisted: `${row.name} is full right now, so you are on the waitlist. We will e-mail you as soon as a seat opens up.`,
    promoted: `Good news: a seat opened up at ${row.name} and it is yours. You're now registered as attending.`,
  }[kind];
  const subject = {
    attending: `You're registered: ${row.name}`,
    waitlisted: `You're on the waitlist: ${row.name}`,
    promoted: `A seat opened up for you: ${row.name}`,
  }[kind];
  const text = [
    `Hello ${row.full_name || row.username},`,
    '',
    opening,
    '',
    `When: ${formatEventTime(start, end, config.SITE_TIMEZONE)}`,
    ...(row.location ? [`Where: ${row.location}`] : []),
    ...(guests.length ? ['', 'Your guests:', ...guests.map((g) => `  - ${g}`)] : []),
    '',
    `Event details: ${url}`,
    ...(kind === 'waitlisted' ? [] : ['The attached calendar file adds the event to your calendar.']),
    '',
    'See you there,',
    'Power Mixer',
  ].join('\n');
  const ics = buildIcs(
    [{ id: row.id, name: row.name, summary: row.summary, location: row.location, startTime: start, endTime: end }],
    {
      publicUrl: config.publicUrl,
      calendarName: 'Power Mixer',
    },
  );
  return {
    to: row.email,
    subject,
    text,
    attachments:
      kind === 'waitlisted'
        ? []
        : [
            {
              filename: icsFileName(row.name),
              contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
              content: ics,
            },
          ],
  };
}

export async function sendRegistrationEmail(
  deps: { db: Db; config: Config; mailer: Mailer; log: FastifyBaseLogger },
  eventId: string,
  userId: string,
  kind: Kind,
): Promise<void> {
  try {
    const message = await buildRegistrationEmail(deps.db, deps.config, eventId, userId, kind);
    if (message) await deps.mailer.send(message);
  } catch (err) {
    deps.log.error({ err, eventId, userId, kind }, 'registration e-mail failed');
  }
}
