// iCalendar (RFC 5545) files for 'Add to calendar', the /calendar.ics feed and members' own feeds.

export interface IcsEvent {
  id: string;
  name: string;
  summary: string | null;
  location: string | null;
  startTime: Date;
  endTime: Date;
  /** Raised each time the time or place changes, so a newer file replaces the entry. */
  sequence?: number;
  /** Shown as STATUS:CANCELLED in a PUBLISH calendar (a personal feed keeps a deleted event so
   * subscribed calendars drop or strike it). */
  cancelled?: boolean;
}

/** Calendar entries are identified by the event alone: the UID never depends on the site's
 * address (PUBLIC_URL), so registration, update and cancellation files all name one entry. */
export const eventUid = (eventId: string) => `${eventId}@power-mixer.events`;

export type IcsMethod = 'PUBLISH' | 'CANCEL';

const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Lines longer than 75 octets are folded with CRLF and a space (RFC 5545 3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    if (Buffer.byteLength(current + char, 'utf8') > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function buildIcs(
  events: IcsEvent[],
  options: {
    publicUrl: string;
    calendarName: string;
    now?: Date;
    /** PUBLISH (default) adds or moves the entry; CANCEL removes it (RFC 5546). */
    method?: IcsMethod;
    /** `Name <address>` or an address: the ORGANIZER that a CANCEL names. */
    organizer?: string;
    /** How often a subscribed calendar should fetch the file again (an ISO 8601 duration). */
    refreshInterval?: string;
  },
): string {
  const method = options.method ?? 'PUBLISH';
  const organizer = options.organizer ? organizerLine(options.organizer) : null;
  const stamp = utc(options.now ?? new Date());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Power Mixer//Events//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    `X-WR-CALNAME:${escapeText(options.calendarName)}`,
    ...(options.refreshInterval
      ? [`REFRESH-INTERVAL;VALUE=DURATION:${options.refreshInterval}`, `X-PUBLISHED-TTL:${options.refreshInterval}`]
      : []),
  ];
  for (const e of events) {
    const url = `${options.publicUrl}/events/${e.id}`;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${eventUid(e.id)}`,
      `SEQUENCE:${e.sequence ?? 0}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${utc(e.startTime)}`,
      `DTEND:${utc(e.endTime)}`,
      `SUMMARY:${escapeText(e.name)}`,
      `DESCRIPTION:${escapeText(`${e.summary ? `${e.summary}\n\n` : ''}${url}`)}`,
      ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
      `URL:${url}`,
      ...(organizer ? [organizer] : []),
      method === 'CANCEL' || e.cancelled ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}

function organizerLine(from: string): string {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(from);
  const name = match?.[1]?.replace(/"/g, '') || null;
  const address = (match?.[2] ?? from).trim();
  return `ORGANIZER${name ? `;CN="${name}"` : ''}:mailto:${address}`;
}

/** A safe download name: the event name lowercased, non-alphanumerics as underscores. */
export const icsFileName = (name: string) =>
  `${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '') || 'event'
  }.ics`;
