import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { memberName } from '../../db/query-values';
import { eventAttendees, eventGuests, profiles, user } from '../../db/schema';
import type { MailMessage } from '../../platform/mail';
import { TRANSACTIONAL_FOOTER } from '../../platform/unsubscribe';
import type { AttendeeStatus } from '../../../shared/events';
import { formatEventTime } from './emails';
import { buildIcs, icsFileName, type IcsEvent } from './ics';

// What registered people are told when an admin moves or cancels an event. Each mail carries
// an .ics with the event's one UID (ics.ts): a higher SEQUENCE moves the entry the
// registration e-mail added, METHOD:CANCEL removes it. Written to the outbox in the same
// transaction as the change, so a rolled-back change tells nobody.

export interface NoticeRecipient {
  email: string;
  name: string;
  /** A member's registration status; guests come with 'attending'. */
  status: AttendeeStatus;
  guest: boolean;
}

export type NoticeEvent = Required<Omit<IcsEvent, 'cancelled'>>;

type Tx = Pick<Db, 'select'>;

/** Registered members (any status) and their guests, one mail per address. */
export async function noticeRecipients(
  tx: Tx,
  eventId: string,
  statuses: readonly AttendeeStatus[] = ['attending', 'maybe', 'waitlisted'],
  withGuests = true,
): Promise<NoticeRecipient[]> {
  if (statuses.length === 0) return [];
  const members = await tx
    .select({ email: user.email, name: memberName, status: eventAttendees.status })
    .from(eventAttendees)
    .innerJoin(profiles, eq(profiles.id, eventAttendees.userId))
    .innerJoin(user, eq(user.id, profiles.id))
    .where(and(eq(eventAttendees.eventId, eventId), inArray(eventAttendees.status, [...statuses])))
    .orderBy(asc(eventAttendees.createdAt), asc(eventAttendees.id));
  const guests = withGuests
    ? await tx
        .select({ email: eventGuests.guestEmail, name: eventGuests.guestName })
        .from(eventGuests)
        .where(eq(eventGuests.eventId, eventId))
        .orderBy(asc(eventGuests.createdAt), asc(eventGuests.id))
    : [];
  const seen = new Set<string>();
  const recipients: NoticeRecipient[] = [];
  for (const r of members) {
    const key = r.email.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    recipients.push({ email: r.email, name: r.name, status: r.status as AttendeeStatus, guest: false });
  }
  for (const r of guests) {
    const key = r.email.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    recipients.push({ email: r.email, name: r.name, status: 'attending', guest: true });
  }
  return recipients;
}

const eventUrl = (config: Config, id: string) => `${config.publicUrl}/events/${id}`;

function calendarAttachment(config: Config, event: NoticeEvent, method: 'PUBLISH' | 'CANCEL') {
  return {
    filename: icsFileName(event.name),
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: buildIcs([event], {
      publicUrl: config.publicUrl,
      calendarName: 'Power Mixer',
      method,
      organizer: config.MAIL_FROM,
    }),
  };
}

/** The event moved in time or place: the new details, what they were, and an .ics (same UID,
 * higher SEQUENCE) that moves the calendar entry. Waitlisted members, who got no calendar
 * file when they registered, get the news without one. */
export function buildUpdateNotice(
  config: Config,
  event: NoticeEvent,
  before: { startTime: Date; endTime: Date; location: string | null },
  to: NoticeRecipient,
): MailMessage {
  const zone = config.SITE_TIMEZONE;
  const when = formatEventTime(event.startTime, event.endTime, zone);
  const wasWhen = formatEventTime(before.startTime, before.endTime, zone);
  const whereChanged = (before.location ?? '') !== (event.location ?? '');
  const text = [
    `Hello ${to.name},`,
    '',
    `The time or place of ${event.name} has changed${to.guest ? ' (you are registered as a guest)' : ''}.`,
    '',
    `When: ${when}${when !== wasWhen ? ` (was ${wasWhen})` : ''}`,
    ...(event.location || whereChanged
      ? [`Where: ${event.location ?? 'to be announced'}${whereChanged ? ` (was ${before.location ?? 'not set'})` : ''}`]
      : []),
    '',
    `Event details: ${eventUrl(config, event.id)}`,
    ...(to.status === 'waitlisted' ? [] : ['The attached calendar file moves the event in your calendar.']),
    '',
    'See you there,',
    'Power Mixer',
    '',
    '--',
    TRANSACTIONAL_FOOTER,
  ].join('\n');
  return {
    to: to.email,
    subject: `Updated: ${event.name}`,
    text,
    attachments: to.status === 'waitlisted' ? [] : [calendarAttachment(config, event, 'PUBLISH')],
  };
}

/** The event was cancelled (deleted): an .ics with METHOD:CANCEL and the same UID removes it.
 * `event.sequence` is the cancellation's own, one above the last version sent. */
export function buildCancelNotice(config: Config, event: NoticeEvent, to: NoticeRecipient): MailMessage {
  const text = [
    `Hello ${to.name},`,
    '',
    `We are sorry to tell you that ${event.name} has been cancelled.`,
    '',
    `It was planned for ${formatEventTime(event.startTime, event.endTime, config.SITE_TIMEZONE)}${
      event.location ? ` at ${event.location}` : ''
    }.`,
    'Your registration has been removed. The attached calendar file removes the event from your calendar.',
    '',
    'Power Mixer',
    '',
    '--',
    TRANSACTIONAL_FOOTER,
  ].join('\n');
  return {
    to: to.email,
    subject: `Cancelled: ${event.name}`,
    text,
    attachments: [calendarAttachment(config, event, 'CANCEL')],
  };
}

/** An organiser's own message to the attendees: plain text only, so nothing they type is ever
 * read as HTML. */
export function buildAttendeeMessage(
  config: Config,
  event: { id: string; name: string },
  to: NoticeRecipient,
  subject: string,
  message: string,
): MailMessage {
  return {
    to: to.email,
    subject,
    text: [
      message,
      '',
      '--',
      `You receive this because you are registered for ${event.name}${to.guest ? ' as a guest' : ''}.`,
      `Event details: ${eventUrl(config, event.id)}`,
    ].join('\n'),
  };
}
