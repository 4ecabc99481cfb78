import { z } from 'zod';
import { safeText } from './text';
import {
  ATTENDEE_STATUSES,
  EVENT_STATUSES,
  EVENTS_PAGE_SIZE,
  GUEST_EMAIL_TAKEN,
  GUESTS_MAX,
  SPONSOR_LEVELS,
} from './event-texts';
import { EMAIL_MAX, PERSON_NAME_MAX } from './limits';
import { SEARCH_QUERY_MAX_LENGTH } from './search-texts';

// Events, registrations and guests: contracts shared by the server routes and the web app.

export * from './event-texts';

export const eventStatus = z.enum(EVENT_STATUSES);
export const attendeeStatus = z.enum(ATTENDEE_STATUSES);

/** How a date links to its series (issue 33), in cards and on the event page. */
export const seriesLink = z.object({
  id: z.string(),
  /** "Every first Thursday, 6-8 PM". */
  schedule: z.string(),
});
export type SeriesLink = z.infer<typeof seriesLink>;

export const eventCard = z.object({
  id: z.string(),
  name: z.string(),
  summary: z.string().nullable(),
  location: z.string().nullable(),
  category: z.string().nullable(),
  status: eventStatus,
  startTime: z.string(),
  endTime: z.string(),
  imageUrl: z.string().nullable(),
  maxAttendees: z.number().int().nullable(),
  /** Members registered as attending. */
  attendeeCount: z.number().int(),
  /** The series this is a date of, or null. */
  series: seriesLink.nullable(),
  /** A cancelled date of a series: kept, shown as cancelled, closed to registration. */
  cancelled: z.boolean(),
});
export type EventCard = z.infer<typeof eventCard>;

export const eventsListQuery = z.object({
  q: z.string().trim().max(SEARCH_QUERY_MAX_LENGTH).optional(),
  status: eventStatus.optional(),
  category: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(EVENTS_PAGE_SIZE),
});
export type EventsListQuery = z.infer<typeof eventsListQuery>;

export const eventsListResponse = z.object({
  events: z.array(eventCard),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The distinct categories present, for the category filter. */
  categories: z.array(z.string()),
});
export type EventsListResponse = z.infer<typeof eventsListResponse>;

export const sponsor = z.object({
  id: z.string(),
  name: z.string(),
  info: z.string().nullable(),
  logoUrl: z.string().nullable(),
  website: z.string().nullable(),
  level: z.enum(SPONSOR_LEVELS),
});
export type Sponsor = z.infer<typeof sponsor>;

export const attendee = z.object({
  id: z.string(),
  status: attendeeStatus,
  createdAt: z.string(),
  user: z.object({
    id: z.string(),
    username: z.string(),
    fullName: z.string().nullable(),
    avatarUrl: z.string().nullable(),
  }),
});
export type Attendee = z.infer<typeof attendee>;

export const guestInput = z.object({
  name: safeText.trim().min(1, 'Guest name is required').max(PERSON_NAME_MAX),
  email: safeText.trim().toLowerCase().email('Enter a valid guest email').max(EMAIL_MAX),
});

/** Which guests repeat an earlier guest's e-mail (compared trimmed and ignoring case). */
export function repeatedGuestEmails(guests: readonly { email: string }[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  guests.forEach((guest, i) => {
    const email = guest.email.trim().toLowerCase();
    if (seen.has(email)) repeated.push(i);
    seen.add(email);
  });
  return repeated;
}

export const guestsInput = z.object({
  guests: z
    .array(guestInput)
    .max(GUESTS_MAX, `At most ${GUESTS_MAX} guests`)
    .superRefine((guests, ctx) => {
      for (const i of repeatedGuestEmails(guests)) {
        ctx.addIssue({ code: 'custom', path: [i, 'email'], message: GUEST_EMAIL_TAKEN });
      }
    }),
});
export type GuestsInput = z.infer<typeof guestsInput>;

export const guest = z.object({ name: z.string(), email: z.string() });

/** The signed-in viewer's own registration, or null. */
export const myRegistration = z.object({
  status: attendeeStatus,
  guests: z.array(guest),
  guestsAllowed: z
    .number()
    .int()
    .describe(
      `How many guests you may have now: ${GUESTS_MAX} at most, fewer when fewer seats are left (your current ` +
        "guests' seats count as yours); 0 unless attending an upcoming event. PUT /guests accepts this many and refuses one more.",
    ),
});
export type MyRegistration = z.infer<typeof myRegistration>;

export const eventDetail = eventCard.extend({
  description: z.string().nullable(),
  content: z.string().nullable(),
  galleryUrls: z.array(z.string()),
  panelistsUrls: z.array(z.string()),
  videoUrl: z.string().nullable(),
  slidesUrl: z.string().nullable(),
  isFeatured: z.boolean(),
  recapVideoUrl: z.string().nullable(),
  recapDescription: z.string().nullable(),
  recapThumbnailUrl: z.string().nullable(),
  guestCount: z.number().int(),
  /** Seats taken: attending members plus their guests. */
  seatsTaken: z.number().int(),
  sponsors: z.array(sponsor),
  /** The first ATTENDEES_PER_GROUP of each status, in registration order. */
  attendees: z.array(attendee),
  /** How many there are of each status; GET /api/events/:id/attendees lists them all. */
  attendeeCounts: z.object({ attending: z.number().int(), maybe: z.number().int(), waitlisted: z.number().int() }),
});
export type EventDetail = z.infer<typeof eventDetail>;

export const attendeesResponse = z.object({ attendees: z.array(attendee) });
export type AttendeesResponse = z.infer<typeof attendeesResponse>;

export const eventDetailResponse = z.object({
  event: eventDetail,
  registration: myRegistration.nullable(),
});
export type EventDetailResponse = z.infer<typeof eventDetailResponse>;

export const registrationInput = z.object({ status: z.enum(['attending', 'maybe']) });
export type RegistrationInput = z.infer<typeof registrationInput>;

export const registrationResponse = z.object({
  registration: myRegistration.nullable(),
  /** True when the member asked to attend a full event and was put on the waitlist. */
  waitlisted: z.boolean(),
});
export type RegistrationResponse = z.infer<typeof registrationResponse>;

export const nextEvent = z.object({
  id: z.string(),
  name: z.string(),
  summary: z.string().nullable(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  maxAttendees: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  firstGalleryUrl: z.string().nullable(),
});
export type NextEvent = z.infer<typeof nextEvent>;

/** Where a registration stands once the event is over: 'attended' when the door checked the member
 * in, or when they were attending and the door checked nobody in (the event used no check-in);
 * 'missed' when they were attending, the door checked people in, and not them. */
export const attendance = z.enum(['attended', 'missed']);
export type Attendance = z.infer<typeof attendance>;

/** One of the viewer's own registrations, for the dashboard. */
export const myEvent = z.object({
  id: z.string(),
  name: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  location: z.string().nullable(),
  status: eventStatus,
  registration: attendeeStatus,
  guests: z.number().int().describe('Guests the viewer brings'),
  attendance: attendance.nullable().describe('Past events only; null for a maybe or waitlisted member not checked in'),
});
export type MyEvent = z.infer<typeof myEvent>;

export const myEventsResponse = z.object({
  upcoming: z
    .array(myEvent)
    .describe('Events not over yet (upcoming, or happening now), soonest first; the first attending one is the next'),
  past: z.array(myEvent).describe('Events over (completed, or ended), newest first'),
});
export type MyEventsResponse = z.infer<typeof myEventsResponse>;
