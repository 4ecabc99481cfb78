import { z } from 'zod';
import { eventInput, type EventInput } from './event-admin';
import { eventCard } from './events';
export type { SeriesLink } from './events';
import { recurrenceRule } from './recurrence';
// The texts live apart, free of zod, for the pages that load no validation (the event page).
export * from './series-texts';

// Event series (issue 33): contracts shared by the server routes and the web app. A series is a
// rule plus the values each date is made with; every date is an ordinary event row linked to it.

export const NOT_A_SERIES_DATE = 'NOT_A_SERIES_DATE';
export const NOT_A_SERIES_DATE_MESSAGE = 'This event is not a date of a series.';
export const EVENT_CANCELLED = 'EVENT_CANCELLED';
export const EVENT_CANCELLED_MESSAGE = 'This date has been cancelled.';
export const SERIES_ENDED = 'SERIES_ENDED';
export const SERIES_ENDED_MESSAGE = 'This series has ended.';
export const EVENT_PAST = 'EVENT_PAST';
export const EVENT_PAST_MESSAGE = 'This date has already happened.';
/** The rule gives no day at all from the first date (a 31st every February, an end before it). */
export const SERIES_NO_DATES = 'SERIES_NO_DATES';
export const SERIES_NO_DATES_MESSAGE = 'This rule gives no date: choose other days or a later end.';
/** A date lasts at most a week (the series' duration is checked by the database too). */
export const SERIES_DURATION_MAX_MINUTES = 7 * 24 * 60;
export const SERIES_DURATION_MESSAGE = 'A date of a series lasts at most 7 days.';
/** How far back a new series may start (its past dates are made too). */
export const SERIES_START_MAX_MONTHS_BACK = 12;
export const SERIES_START_TOO_EARLY_MESSAGE = 'The first date of a series can be at most a year ago.';

/** What every new date of a series is made with: the event form's values without the times
 * (the rule and the series' wall-clock time say those), status and recap (each date's own). */
export type SeriesTemplate = Omit<
  EventInput,
  | 'startTime'
  | 'endTime'
  | 'status'
  | 'recapVideoUrl'
  | 'recapDescription'
  | 'recapThumbnailUrl'
  | 'galleryUrls'
  | 'confirmCapacityBelowTaken'
>;

/** POST /api/admin/series: the event form (its start and end give the first date, the time of
 * day and the duration) and how it repeats. */
export const seriesInput = z.object({ event: eventInput, repeat: recurrenceRule });
export type SeriesInput = z.infer<typeof seriesInput>;
export type SeriesInputDraft = z.input<typeof seriesInput>;

export const createSeriesResponse = z.object({
  seriesId: z.string(),
  /** The first date (the event the admin is taken to). */
  eventId: z.string(),
  /** How many dates were made up to the horizon. */
  dates: z.number().int(),
});
export type CreateSeriesResponse = z.infer<typeof createSeriesResponse>;

/** PUT /api/admin/events/:id/series: change this and the following dates (the series splits
 * there), or all dates still to come. PUT /api/admin/events/:id changes this date only. */
export const SERIES_SCOPES = ['following', 'all'] as const;
export const seriesEditInput = z.object({
  scope: z.enum(SERIES_SCOPES),
  event: eventInput,
  repeat: recurrenceRule,
});
export type SeriesEditInput = z.infer<typeof seriesEditInput>;

export const seriesEditResponse = z.object({
  /** The series the date belongs to now (a new one after "this and following"). */
  seriesId: z.string(),
  updated: z.number().int(),
  created: z.number().int(),
  removed: z.number().int(),
  /** Dates with registrations that a rule change no longer covers: left as they are. */
  kept: z.number().int(),
  /** Registered people told about a changed time or place. */
  notified: z.number().int(),
});
export type SeriesEditResponse = z.infer<typeof seriesEditResponse>;

/** POST /api/admin/events/:id/cancel: the date stays, shown as cancelled; its registrants get
 * the CANCEL mail once. */
export const cancelDateResponse = z.object({ notified: z.number().int() });

/** POST /api/admin/series/:id/end: future dates without registrations go, those with them are
 * cancelled with mail; no new dates are made. */
export const endSeriesResponse = z.object({
  removed: z.number().int(),
  cancelled: z.number().int(),
  notified: z.number().int(),
});

/** The admin's view of a date's series (GET /api/admin/series/:id), for the form's Repeats part. */
export const adminSeriesResponse = z.object({
  series: z.object({
    id: z.string(),
    rule: recurrenceRule,
    /** First date of the rule, YYYY-MM-DD. */
    startDate: z.string(),
    /** HH:MM in the community's zone. */
    startTime: z.string(),
    durationMinutes: z.number().int(),
    schedule: z.string(),
    ended: z.boolean(),
    dates: z.array(
      z.object({
        id: z.string(),
        startTime: z.string(),
        cancelled: z.boolean(),
        /** Edited "this date only": series edits leave it alone. */
        detached: z.boolean(),
        /** Attending, maybe and waitlisted members. */
        registrations: z.number().int(),
      }),
    ),
  }),
  timeZone: z.string(),
});
export type AdminSeriesResponse = z.infer<typeof adminSeriesResponse>;

/** A date on the series page. */
export const seriesDate = eventCard.extend({
  hasRecap: z.boolean(),
  galleryCount: z.number().int(),
});
export type SeriesDate = z.infer<typeof seriesDate>;

/** GET /api/series/:id. */
export const seriesResponse = z.object({
  series: z.object({
    id: z.string(),
    name: z.string(),
    summary: z.string().nullable(),
    location: z.string().nullable(),
    schedule: z.string(),
    ended: z.boolean(),
    upcoming: z.array(seriesDate),
    past: z.array(seriesDate),
  }),
  /** Whether the signed-in member registered for every date; null for visitors. */
  joined: z.boolean().nullable(),
});
export type SeriesResponse = z.infer<typeof seriesResponse>;

/** PUT and DELETE /api/series/:id/registration. */
export const seriesRegistrationResponse = z.object({
  joined: z.boolean(),
  /** Dates the member was registered for (attending) or, when full, waitlisted for; or left. */
  attending: z.number().int(),
  waitlisted: z.number().int(),
  left: z.number().int(),
});
export type SeriesRegistrationResponse = z.infer<typeof seriesRegistrationResponse>;
