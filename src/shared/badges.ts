import { z } from 'zod';

// Name badges for an event (issue 36): GET /api/events/:id/badges answers a PDF, for admins and
// the event's door staff; the event's admin page and the door screen link to it.

export const BADGE_LAYOUTS = {
  insert: { label: '4 × 3 in, six to a sheet (badge inserts)', columns: 2, rows: 3 },
  label: { label: '3 3/8 × 2 1/3 in, eight to a sheet (adhesive labels)', columns: 2, rows: 4 },
} as const;
export type BadgeLayout = keyof typeof BADGE_LAYOUTS;
export const BADGE_PAPERS = { letter: 'US Letter', a4: 'A4' } as const;
export type BadgePaper = keyof typeof BADGE_PAPERS;
export const BADGE_AUDIENCES = {
  attending: 'Everyone attending, with their guests',
  'checked-in': 'Only those checked in',
} as const;
export type BadgeAudience = keyof typeof BADGE_AUDIENCES;

export const BADGE_TEXTS = {
  title: 'Name badges',
  intro:
    'Print a badge for each member and guest: first name large, what they offer and look for, and their code to scan to connect.',
  who: 'Who',
  layout: 'Layout',
  paper: 'Paper',
  download: 'Download badges (PDF)',
  reprint: 'Print badge',
  /** A reprint's accessible name at the door. */
  reprintFor: (name: string) => `Print badge for ${name}`,
  none: 'No one to print a badge for yet.',
  guestOf: (member: string) => `Guest of ${member}`,
  askMeAbout: (offer: string) => `Ask me about: ${offer}`,
  lookingFor: (ask: string) => `Looking for: ${ask}`,
  scanToConnect: 'Scan to connect',
} as const;

const keys = <T extends Record<string, unknown>>(o: T) => Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];

export const badgesQuery = z.object({
  who: z.enum(keys(BADGE_AUDIENCES), { message: 'Who must be attending or checked-in' }).default('attending'),
  layout: z.enum(keys(BADGE_LAYOUTS), { message: 'Layout must be insert or label' }).default('insert'),
  paper: z.enum(keys(BADGE_PAPERS), { message: 'Paper must be letter or a4' }).default('letter'),
  ticket: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[2-9A-HJKMNP-Z]{8}$/, 'Ticket must be the 8-character code printed on the ticket')
    .optional()
    .describe("One person's badge (a reprint at the door): their ticket's short code"),
});
export type BadgesQuery = z.input<typeof badgesQuery>;

/** The address of an event's badges PDF. */
export function badgesUrl(eventId: string, query: BadgesQuery = {}): string {
  const params = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
  const search = params.toString();
  return `/api/events/${encodeURIComponent(eventId)}/badges${search ? `?${search}` : ''}`;
}
