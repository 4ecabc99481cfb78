// Events' constants and texts, without zod: the screens that only show events (the event page
// is the heaviest) import these, so the validation library is not on their critical path.
// shared/events.ts re-exports them for everything else.

export const EVENT_STATUSES = ['upcoming', 'ongoing', 'completed'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** 'waitlisted' is the third attendee status the spec shows in red without naming it. */
export const ATTENDEE_STATUSES = ['attending', 'maybe', 'waitlisted'] as const;
export type AttendeeStatus = (typeof ATTENDEE_STATUSES)[number];

export const SPONSOR_LEVELS = ['Title Sponsor', 'Event Sponsor'] as const;

export const LANDING_EVENTS = 3;
export const GUESTS_MAX = 10;
export const ATTENDEES_PER_GROUP = 8;
export const DESCRIPTION_COLLAPSE_AT = 120;
export const EVENTS_PAGE_SIZE = 12;

export const EVENT_NOT_FOUND = 'Event Not Found';
export const EVENT_NOT_FOUND_TEXT = "The event you're looking for doesn't exist.";
export const REGISTRATION_CLOSED = 'Registration is closed for this event.';
export const GUESTS_SAVED = 'Guests successfully registered!';
export const REGISTRATION_SUCCESS = "Registration successful! You're all set for the event.";
export const UNREGISTER_CONFIRM = 'Are you sure you want to unregister from this event?';
export const GUEST_EMAIL_TAKEN = 'Two guests cannot share an email; each guest needs their own.';
export const GUEST_IS_YOU = "A guest cannot be you: enter your guest's own email, not yours.";

/** Why the guest picker offers fewer than GUESTS_MAX guests, and the server's refusal of more, in
 * the same words (`free`: seats left for this member's guests, their current guests' included). */
export function guestSeatsText(free: number): string {
  if (free <= 0) return 'There are no seats left for guests at this event.';
  return `Only ${free} ${free === 1 ? 'seat is' : 'seats are'} left for guests at this event.`;
}

/** Attendee statuses in the order the detail page groups them. */
export const ATTENDEE_GROUP_LABELS: Record<AttendeeStatus, string> = {
  attending: 'Attending',
  maybe: 'Maybe',
  waitlisted: 'Waitlist',
};
