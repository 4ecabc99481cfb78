import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { json } from '../../db/rows';
import { emailOutbox, events, profiles, user } from '../../db/schema';
import { memberName } from '../../db/query-values';
import { dateTimeFormat } from '../../platform/date-format';
import type { Mailer, MailMessage } from '../../platform/mail';
import { textToHtml } from '../../platform/mail-html';
import { mailTicket, ticketCodeLine, ticketLine, type MailTicket } from '../check-in/ticket-mail';
import { ticketKey } from '../check-in/tickets';
import { TRANSACTIONAL_FOOTER } from '../../platform/unsubscribe';
import { buildIcs, icsFileName } from './ics';
import type { RegistrationChange } from './registration';

// The spec's send-registration-email, done on the server: event details plus an .ics file.
// Sent after the registration has committed; a failure is logged and never undoes it.

type Kind = 'attending' | 'waitlisted' | 'promoted';

export function formatEventTime(start: Date, end: Date, timeZone: string): string {
  const day = dateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
  const time = dateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  const zone = dateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(start)
    .find((p) => p.type === 'timeZoneName')?.value;
  return `${day.format(start)}, ${time.format(start)} – ${time.format(end)}${zone ? ` ${zone}` : ''}`;
}

interface RegistrationFacts {
  email: string;
  /** The name the member goes by now. */
  name: string;
  eventId: string;
  eventName: string;
  summary: string | null;
  location: string | null;
  start: Date;
  end: Date;
  sequence: number;
  /** 'Name <e-mail>' per guest, in the order the member entered them. */
  guests: string[];
  /** The attending registration's id (its ticket), or null. */
  registrationId: string | null;
  /** That ticket's short code. */
  shortCode: string | null;
}

async function loadFacts(db: Db, eventId: string, userId: string): Promise<RegistrationFacts | null> {
  const [row] = await db
    .select({
      email: user.email,
      name: memberName,
      eventId: events.id,
      eventName: events.name,
      summary: events.summary,
      location: events.location,
      start: events.startTime,
      end: events.endTime,
      sequence: events.sequence,
      registrationId: sql<string | null>`(select a.id from event_attendees a
        where a.event_id = ${events.id} and a.user_id = ${profiles.id} and a.status = 'attending')`,
      shortCode: sql<string | null>`(select a.short_code from event_attendees a
        where a.event_id = ${events.id} and a.user_id = ${profiles.id} and a.status = 'attending')`,
      guests: sql<string[] | string | null>`(select json_agg(g.guest_name || ' <' || g.guest_email || '>'
        order by g.created_at) from event_guests g where g.event_id = ${events.id} and g.profile_id = ${profiles.id})`,
    })
    .from(events)
    .innerJoin(profiles, eq(profiles.id, userId))
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(events.id, eventId));
  return row ? { ...row, guests: json(row.guests) ?? [] } : null;
}

/** The tickets' signing key, for queueRegistrationEmail's callers to read before their
 * transaction. */
export const registrationTicketKey = (db: Db) => ticketKey(db);

/** The member's ticket for the mail, when they attend. `key`: the tickets' signing key when the
 * caller has it (read outside a transaction it is kept in memory; inside one it is read again). */
async function factsTicket(db: Db, facts: RegistrationFacts, key?: Buffer): Promise<MailTicket | null> {
  if (!facts.registrationId) return null;
  return mailTicket(key ?? (await ticketKey(db)), { kind: 'member', eventId: facts.eventId, id: facts.registrationId });
}

export async function buildRegistrationEmail(
  db: Db,
  config: Config,
  eventId: string,
  userId: string,
  kind: Kind,
  key?: Buffer,
): Promise<MailMessage | null> {
  const facts = await loadFacts(db, eventId, userId);
  return (
    facts && registrationMessage(facts, config, kind, kind === 'waitlisted' ? null : await factsTicket(db, facts, key))
  );
}

function registrationMessage(
  facts: RegistrationFacts,
  config: Config,
  kind: Kind,
  ticket: MailTicket | null,
): MailMessage {
  const row = { ...facts, id: facts.eventId, name: facts.eventName };
  const { start, end, guests } = facts;
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
    `Hello ${facts.name},`,
    '',
    opening,
    '',
    `When: ${formatEventTime(start, end, config.SITE_TIMEZONE)}`,
    ...(row.location ? [`Where: ${row.location}`] : []),
    ...(guests.length ? ['', 'Your guests:', ...guests.map((g) => `  - ${g}`)] : []),
    ...(ticket ? ['', ticketLine('member'), ...(facts.shortCode ? ['', ticketCodeLine(facts.shortCode)] : [])] : []),
    '',
    `Event details: ${url}`,
    ...(kind === 'waitlisted' ? [] : ['The attached calendar file adds the event to your calendar.']),
    '',
    'See you there,',
    'Power Mixer',
    '',
    '--',
    TRANSACTIONAL_FOOTER,
  ].join('\n');
  const ics = buildIcs(
    [
      {
        id: row.id,
        name: row.name,
        summary: row.summary,
        location: row.location,
        startTime: start,
        endTime: end,
        // The entry's current version: a member who registers after a change gets the latest.
        sequence: row.sequence,
      },
    ],
    {
      publicUrl: config.publicUrl,
      calendarName: 'Power Mixer',
    },
  );
  return {
    to: row.email,
    subject,
    text,
    html: textToHtml(text, subject, ticket ? [{ after: ticketLine('member'), html: ticket.html }] : []),
    attachments:
      kind === 'waitlisted'
        ? []
        : [
            {
              filename: icsFileName(row.name),
              contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
              content: ics,
            },
            ...(ticket ? [ticket.attachment] : []),
          ],
  };
}

/** How long after a confirmation e-mail a guest list still belongs in it, not in a mail of its own. */
export const GUESTS_MERGE_WINDOW_MINUTES = 15;

/**
 * After a member saves guests. Guests are usually added in the modal that opens right after
 * registering, moments after the confirmation was written: that confirmation, when it has not
 * left the server yet (captured for the dev mailbox, or still pending delivery), is rewritten to
 * list the guests, so the member gets one e-mail. Otherwise a short guest-list note follows,
 * without repeating the event details or the calendar file they already have.
 */
export async function sendGuestsEmail(
  deps: { db: Db; config: Config; mailer: Mailer; log: FastifyBaseLogger },
  eventId: string,
  userId: string,
): Promise<void> {
  try {
    const facts = await loadFacts(deps.db, eventId, userId);
    if (!facts) return;
    const ticket = await factsTicket(deps.db, facts);
    const confirmation = registrationMessage(facts, deps.config, 'attending', ticket);
    const promoted = registrationMessage(facts, deps.config, 'promoted', ticket);
    // A mail being handed to SMTP at this very moment may still go out with the earlier text;
    // the event page lists the guests either way.
    const latest = deps.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.to, facts.email),
          inArray(emailOutbox.subject, [confirmation.subject, promoted.subject]),
          inArray(emailOutbox.status, ['pending', 'captured']),
          gt(emailOutbox.createdAt, sql`now() - make_interval(mins => ${GUESTS_MERGE_WINDOW_MINUTES})`),
        ),
      )
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    const isConfirmation = sql`${emailOutbox.subject} = ${confirmation.subject}`;
    const merged = await deps.db
      .update(emailOutbox)
      .set({
        text: sql`case when ${isConfirmation} then ${confirmation.text} else ${promoted.text} end`,
        html: sql`case when ${isConfirmation} then ${confirmation.html} else ${promoted.html} end`,
      })
      .where(sql`${emailOutbox.id} = (${latest})`)
      .returning({ id: emailOutbox.id });
    if (merged.length > 0 || facts.guests.length === 0) return;
    await deps.mailer.send({
      to: facts.email,
      subject: `Your guests for ${facts.eventName}`,
      text: [
        `Hello ${facts.name},`,
        '',
        `Your guest list for ${facts.eventName} is saved:`,
        ...facts.guests.map((g) => `  - ${g}`),
        '',
        `Event details: ${deps.config.publicUrl}/events/${eventId}`,
        '',
        'Power Mixer',
        '',
        '--',
        TRANSACTIONAL_FOOTER,
      ].join('\n'),
    });
  } catch (err) {
    deps.log.error({ err, eventId, userId }, 'guests e-mail failed');
  }
}

/** Puts the confirmation into the outbox on `deps.db`, the registration's own transaction: it
 * commits (and is delivered, even by another process after a crash) exactly when the registration does. */
export async function queueRegistrationEmail(
  deps: { db: Db; config: Config; mailer: Mailer; log: FastifyBaseLogger; ticketKey?: Buffer },
  eventId: string,
  userId: string,
  kind: Kind,
): Promise<void> {
  const message = await buildRegistrationEmail(deps.db, deps.config, eventId, userId, kind, deps.ticketKey);
  if (message) await deps.mailer.send(message, deps.db);
}

/** The confirmation of a member's own registration change, into the outbox of its transaction
 * (`deps.db`), written from the rows the change read: no statement but the outbox's insert. */
export async function queueChangeEmail(
  deps: { db: Db; config: Config; mailer: Mailer; ticketKey: Buffer },
  change: RegistrationChange,
): Promise<void> {
  const kind = change.status;
  if (!change.member || (kind !== 'attending' && kind !== 'waitlisted')) return;
  const attending = kind === 'attending';
  const facts: RegistrationFacts = {
    ...change.member,
    eventId: change.event.id,
    eventName: change.event.name,
    summary: change.event.summary,
    location: change.event.location,
    start: change.event.startTime,
    end: change.event.endTime,
    sequence: change.event.sequence,
    // A change leaves the member without guests (RegistrationChange.registration).
    guests: [],
    registrationId: attending ? change.attendee.id : null,
    shortCode: attending ? change.attendee.shortCode : null,
  };
  const ticket = attending ? await factsTicket(deps.db, facts, deps.ticketKey) : null;
  await deps.mailer.send(registrationMessage(facts, deps.config, kind, ticket), deps.db);
}

/** After a change has committed elsewhere (members promoted from the waitlist by an admin). */
export async function sendRegistrationEmail(
  deps: { db: Db; config: Config; mailer: Mailer; log: FastifyBaseLogger },
  eventId: string,
  userId: string,
  kind: Kind,
): Promise<void> {
  try {
    await queueRegistrationEmail(deps, eventId, userId, kind);
  } catch (err) {
    deps.log.error({ err, eventId, userId, kind }, 'registration e-mail failed');
  }
}
