import { z } from 'zod';
import { EVENT_STATUSES, attendeeStatus, seriesLink } from './events';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, safeText } from './text';
import { MESSAGE_MAX, SUBJECT_MAX } from './limits';
import { plural } from './plural';

// The admin side of events (spec 2 sections 3, 5, 8 and 9): one schema for the event form,
// used by the form before sending and by the server on every create and update; the admin
// list, the attendee export's columns and name, and e-mail to attendees.

/** The community's time zone: the server's SITE_TIMEZONE default, used by the web app too. */
export const COMMUNITY_TIME_ZONE = 'America/New_York';

// The spec's texts (section 8), word for word.
export const EVENT_ADMIN_TEXTS = {
  loadFailed: 'Failed to load event',
  updateFailed: 'Failed to update event',
  idMissing: 'Event ID is missing',
  createFailed: 'Failed to create event',
  exportFailed: 'Failed to export attendees',
  uploadFailed: 'Failed to upload image',
  removeFailed: 'Failed to remove image',
  uploadManyFailed: 'Failed to upload images',
  /** Said before any try, in plain words (issue 39); the spec's text above only once one is tried. */
  galleryUploadHint: 'Save the event to add gallery images',
  galleryUploadNeedsId: 'Event ID is required for uploading images',
  galleryRemoveNeedsId: 'Event ID is required for removing images',
} as const;

export const EVENT_FIELD_MESSAGES = {
  nameRequired: 'Name is required',
  startRequired: 'Start time is required',
  endRequired: 'End time is required',
  dateTimeInvalid: 'Enter a date and time',
  endBeforeStart: 'End time must be after start time',
  statusRequired: 'Status is required',
  maxAttendeesInvalid: 'Max attendees must be a whole number greater than 0',
  urlInvalid: 'Enter a valid URL starting with https:// or http://',
  imageInvalid: 'Enter a valid image URL',
  sponsorUnknown: 'One of the chosen sponsors no longer exists.',
} as const;

export const CAPACITY_BELOW_TAKEN = 'CAPACITY_BELOW_TAKEN';
export const capacityBelowTakenMessage = (taken: number, max: number) =>
  `${plural(taken, 'seat is', 'seats are')} already taken (attending members and their guests), ` +
  `more than the new maximum of ${max}. Nobody is removed; confirm to lower the capacity anyway.`;

// ---------- time: local wall times in the community's zone <-> instants ----------

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

function wallClock(instant: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in milliseconds. */
function zoneOffset(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** `2026-05-01T18:30` read as a wall time in `timeZone` (a value with Z or an offset is taken
 * as it is). Null when it is not a date and time. */
export function toInstant(value: string, timeZone: string): Date | null {
  const m = DATE_TIME.exec(value.trim());
  if (!m) return null;
  if (m[7]) {
    const d = new Date(value.trim());
    return Number.isNaN(d.getTime()) ? null : d;
  }
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  let instant = wall - zoneOffset(wall, timeZone);
  // Across a DST change the first guess used the other side's offset: correct once.
  const corrected = wall - zoneOffset(instant, timeZone);
  if (corrected !== instant) instant = corrected;
  return new Date(instant);
}

/** An instant as the `datetime-local` value (YYYY-MM-DDTHH:mm) of the wall clock in `timeZone`. */
export function toLocalInput(value: string | Date, timeZone: string): string {
  const w = wallClock(new Date(value).getTime(), timeZone);
  const pad = (n: number, size = 2) => String(n).padStart(size, '0');
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** Today's date (YYYY-MM-DD) on the wall calendar of `timeZone`. */
export const localDate = (date: Date, timeZone: string) => toLocalInput(date, timeZone).slice(0, 10);

// ---------- the event form ----------

export const EVENT_NAME_MAX = 200;
export const EVENT_SUMMARY_MAX = 500;
/** The description and the recap's. */
export const EVENT_DESCRIPTION_MAX = 5000;
export const EVENT_LOCATION_MAX = 300;
export const EVENT_CATEGORY_MAX = 100;
export const WHAT_TO_BRING_MAX = 500;
export const WHAT_TO_BRING_HINT = 'Said in the reminder e-mails. Leave empty for the usual line.';

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/** Our own uploads are stored as /uploads/... locally and as absolute URLs on S3. */
const isImageRef = (value: string) => isHttpUrl(value) || /^\/uploads\/[A-Za-z0-9][A-Za-z0-9/_.-]*$/.test(value);

const optionalText = (max: number) =>
  safeText
    .max(max)
    .nullish()
    .transform((v) => (v && v.trim() ? v.trim() : null));

const optionalUrl = safeText
  .trim()
  .max(2000)
  .nullish()
  .refine((v) => !v || isHttpUrl(v), { message: EVENT_FIELD_MESSAGES.urlInvalid })
  .transform((v) => v || null);

const optionalImage = safeText
  .trim()
  .max(2000)
  .nullish()
  .refine((v) => !v || isImageRef(v), { message: EVENT_FIELD_MESSAGES.imageInvalid })
  .transform((v) => v || null);

/** Blank entries are dropped (spec 2 section 5); every other entry must be an image URL. */
const imageList = z
  .array(safeText.max(2000))
  .max(100)
  .default([])
  .transform((list) => list.map((v) => v.trim()).filter(Boolean))
  .refine((list) => list.every(isImageRef), { message: EVENT_FIELD_MESSAGES.imageInvalid });

/** A required string whose absence says `message` too. */
const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max)
    .refine((v) => !hasControlCharacters(v), { message: CONTROL_CHARACTERS_MESSAGE });

const dateTime = (requiredMessage: string) =>
  requiredText(requiredMessage, 40).refine((v) => v === '' || DATE_TIME.test(v), {
    message: EVENT_FIELD_MESSAGES.dateTimeInvalid,
  });

const maxAttendees = z
  // null sits on the number (not beside the union) so the OpenAPI document gives it a type.
  .union([z.number().nullable(), safeText.max(20)])
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
    const n = typeof value === 'number' ? value : Number(value.trim());
    if (!Number.isInteger(n) || n < 1 || n > 1_000_000) {
      ctx.issues.push({ code: 'custom', message: EVENT_FIELD_MESSAGES.maxAttendeesInvalid, input: value });
      return z.NEVER;
    }
    return n;
  });

/** The event form, as sent by the web app (times are wall times in the community's zone) and
 * checked again by the server. `confirmCapacityBelowTaken` lets a capacity drop below the seats
 * already taken. */
export const eventInput = z
  .object({
    name: requiredText(EVENT_FIELD_MESSAGES.nameRequired, EVENT_NAME_MAX),
    summary: optionalText(EVENT_SUMMARY_MAX),
    description: optionalText(EVENT_DESCRIPTION_MAX),
    /** Rich HTML; the server sanitises it with the product's one allowlist. */
    content: optionalText(100_000),
    location: optionalText(EVENT_LOCATION_MAX),
    category: optionalText(EVENT_CATEGORY_MAX),
    status: z.enum(EVENT_STATUSES, { error: EVENT_FIELD_MESSAGES.statusRequired }).default('upcoming'),
    startTime: dateTime(EVENT_FIELD_MESSAGES.startRequired),
    endTime: dateTime(EVENT_FIELD_MESSAGES.endRequired),
    maxAttendees,
    /** Said in the reminder e-mails; empty: the usual line. */
    whatToBring: optionalText(WHAT_TO_BRING_MAX),
    imageUrl: optionalImage,
    galleryUrls: imageList,
    panelistsUrls: imageList,
    videoUrl: optionalUrl,
    slidesUrl: optionalUrl,
    isFeatured: z.boolean().default(false),
    recapVideoUrl: optionalUrl,
    recapDescription: optionalText(EVENT_DESCRIPTION_MAX),
    recapThumbnailUrl: optionalImage,
    sponsorIds: z.array(z.uuid()).max(50).default([]),
    confirmCapacityBelowTaken: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    const start = toInstant(value.startTime, COMMUNITY_TIME_ZONE);
    const end = toInstant(value.endTime, COMMUNITY_TIME_ZONE);
    if (start && end && end.getTime() <= start.getTime()) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: EVENT_FIELD_MESSAGES.endBeforeStart });
    }
  });
export type EventInput = z.infer<typeof eventInput>;
/** What the form holds and sends (before the schema's defaults and clean-up). */
export type EventInputDraft = z.input<typeof eventInput>;

/** The form's values for an existing event, a duplicate, or a new one. Times as wall times. */
export const eventFormValues = z.object({
  name: z.string(),
  summary: z.string().nullable(),
  description: z.string().nullable(),
  content: z.string().nullable(),
  location: z.string().nullable(),
  category: z.string().nullable(),
  status: z.enum(EVENT_STATUSES),
  startTime: z.string(),
  endTime: z.string(),
  maxAttendees: z.number().int().nullable(),
  whatToBring: z.string().nullable(),
  imageUrl: z.string().nullable(),
  galleryUrls: z.array(z.string()),
  panelistsUrls: z.array(z.string()),
  videoUrl: z.string().nullable(),
  slidesUrl: z.string().nullable(),
  isFeatured: z.boolean(),
  recapVideoUrl: z.string().nullable(),
  recapDescription: z.string().nullable(),
  recapThumbnailUrl: z.string().nullable(),
  sponsorIds: z.array(z.string()),
});
export type EventFormValues = z.infer<typeof eventFormValues>;

export const adminEventResponse = z.object({
  event: eventFormValues.extend({
    id: z.string(),
    /** Stored instants, for display. */
    startsAt: z.string(),
    endsAt: z.string(),
    /** Attending members plus their guests. */
    seatsTaken: z.number().int(),
    sequence: z.number().int(),
    /** The series this is a date of (issue 33), or null. */
    series: seriesLink.nullable(),
    /** A cancelled date: kept, its registrations gone. */
    cancelled: z.boolean(),
  }),
  timeZone: z.string(),
});
export type AdminEventResponse = z.infer<typeof adminEventResponse>;

/** A new event's form: empty, or a copy of another event (all but dates, registrations, recap). */
export const eventDraftResponse = z.object({ draft: eventFormValues, timeZone: z.string() });
export type EventDraftResponse = z.infer<typeof eventDraftResponse>;
export const eventDraftQuery = z.object({ from: z.string().max(64).optional() });

export const adminEventRow = z.object({
  id: z.string(),
  name: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.enum(EVENT_STATUSES),
  attendeeCount: z.number().int(),
  guestCount: z.number().int(),
  maxAttendees: z.number().int().nullable(),
  isFeatured: z.boolean(),
});
export type AdminEventRow = z.infer<typeof adminEventRow>;
export const adminEventsResponse = z.object({ events: z.array(adminEventRow), timeZone: z.string() });
export type AdminEventsResponse = z.infer<typeof adminEventsResponse>;

// ---------- reminders sent (the admin's event page) ----------

/** 1440 -> '24 hours before', 60 -> '1 hour before', 90 -> '90 minutes before', 2880 -> '2 days before'. */
export function reminderOffsetLabel(minutes: number): string {
  const [n, unit] =
    minutes % 1440 === 0 && minutes > 1440
      ? [minutes / 1440, 'day']
      : minutes % 60 === 0
        ? [minutes / 60, 'hour']
        : [minutes, 'minute'];
  return `${plural(n, unit)} before`;
}

export const eventReminderSummary = z.object({
  offsetMinutes: z.number().int(),
  label: z.string(),
  /** The event's start minus the offset. */
  dueAt: z.string(),
  sent: z.number().int(),
  skipped: z.number().int(),
  firstSentAt: z.string().nullable(),
  lastSentAt: z.string().nullable(),
});
export type EventReminderSummary = z.infer<typeof eventReminderSummary>;

export const eventRemindersResponse = z.object({
  /** One per configured offset (REMINDER_OFFSETS), largest first, for the event's current start. */
  reminders: z.array(eventReminderSummary),
  startsAt: z.string(),
  timeZone: z.string(),
});
export type EventRemindersResponse = z.infer<typeof eventRemindersResponse>;

export const deleteEventResponse = z.object({ deleted: z.literal(true), notified: z.number().int() });
export type DeleteEventResponse = z.infer<typeof deleteEventResponse>;

// ---------- uploads ----------

export const EVENT_IMAGE_FOLDERS = ['events', 'gallery', 'panelists', 'recaps'] as const;
export type EventImageFolder = (typeof EVENT_IMAGE_FOLDERS)[number];
/** Uploads not yet tied to a saved event (the main image, panelists, the recap thumbnail). */
export const imageUrlResponse = z.object({ url: z.string() });
export type ImageUrlResponse = z.infer<typeof imageUrlResponse>;
export const galleryResponse = z.object({ galleryUrls: z.array(z.string()) });
export type GalleryResponse = z.infer<typeof galleryResponse>;
export const imageUrlQuery = z.object({ url: safeText.min(1).max(2000) });

// ---------- attendee export (spec 2 section 9) ----------

export const ATTENDEE_EXPORT_COLUMNS = [
  'Type',
  'Name',
  'Email',
  'Username',
  'Company',
  'Position',
  'Website',
  'Instagram',
  'Facebook',
  'LinkedIn',
  'Status',
  'Registration Date',
  // Issue 19: when the door admitted them (empty: not checked in); added last, the others keep their order.
  'Checked In',
  // Issue 39: the member who brought a guest (empty for members); also added last.
  'Guest of',
] as const;

/** The event name lowercased, non-alphanumerics replaced by underscores, '_attendees_', the date. */
export const attendeeExportFileName = (eventName: string, date: string) =>
  `${eventName.toLowerCase().replace(/[^a-z0-9]/g, '_')}_attendees_${date}.csv`;

// ---------- e-mail to attendees ----------

export const EMAIL_AUDIENCES = ['all', 'attending', 'waitlisted', 'maybe'] as const;
export type EmailAudience = (typeof EMAIL_AUDIENCES)[number];
export const EMAIL_AUDIENCE_LABELS: Record<EmailAudience, string> = {
  all: 'Everyone registered (and their guests)',
  attending: 'Attending only (and their guests)',
  waitlisted: 'Waitlisted',
  maybe: 'Maybe',
};
export const emailAudienceQuery = z.object({ audience: z.enum(EMAIL_AUDIENCES).default('all') });
export const recipientCountResponse = z.object({ count: z.number().int() });
export type RecipientCountResponse = z.infer<typeof recipientCountResponse>;
export const emailAttendeesInput = z.object({
  audience: z.enum(EMAIL_AUDIENCES).default('all'),
  subject: safeText.trim().min(1, 'Subject is required').max(SUBJECT_MAX),
  message: safeText.trim().min(1, 'Message is required').max(MESSAGE_MAX),
});
export type EmailAttendeesInput = z.input<typeof emailAttendeesInput>;
export const emailAttendeesResponse = z.object({ sent: z.number().int() });
export type EmailAttendeesResponse = z.infer<typeof emailAttendeesResponse>;

/** Member statuses each audience reaches; guests come with 'attending'. */
export const AUDIENCE_STATUSES: Record<EmailAudience, z.infer<typeof attendeeStatus>[]> = {
  all: ['attending', 'maybe', 'waitlisted'],
  attending: ['attending'],
  waitlisted: ['waitlisted'],
  maybe: ['maybe'],
};
