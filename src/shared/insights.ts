import { z } from 'zod';

// The organiser's desk (issue 34): figures for the admin area's Insights tab and each event's
// admin page. Server: features/insights (SQL aggregates, cached by the tables they read);
// web: features/admin (charts, each with its table and a CSV download).
//
// Words used throughout:
// - "came": checked in at the door; or, at an event that used no check-in (no check-in rows at
//   all), registered as attending. Guests are counted apart (they have no account).
// - "no-show": registered as attending at an event that used check-in, and not checked in.
// - "first-timer": a member at the first event they came to; "returning" at any later one.
// - Past events only count when they have ended and were not cancelled.

export const INSIGHTS_PERIODS = ['90d', '12m', 'all'] as const;
export const insightsPeriod = z.enum(INSIGHTS_PERIODS, { error: 'Choose a period: 90d, 12m or all.' });
export type InsightsPeriod = z.infer<typeof insightsPeriod>;
export const PERIOD_WORDS: Record<InsightsPeriod, string> = {
  '90d': 'Last 90 days',
  '12m': 'Last 12 months',
  all: 'All time',
};
/** GET /api/admin/insights?period= (12m when left out). */
export const insightsQuery = z.object({ period: insightsPeriod.default('12m') }).strict();

/** A first-timer "returned" when they came to another event within this many days. */
export const RETURN_WINDOW_DAYS = 90;
/** Members "active": signed in, wrote, registered or came within this many days. */
export const ACTIVE_DAYS = 30;
/** The most events the attendance figure lists (the latest of the period): a chart of more bars
 * reads as noise, and the answer's weight would follow the period's events. */
export const ATTENDANCE_EVENTS_SHOWN = 100;

export interface CommunityInsights {
  period: InsightsPeriod;
  /** The period's first instant (ISO); null for all time. */
  from: string | null;
  /** The instant the figures were made for (ISO). */
  to: string;
  members: {
    total: number;
    /** Members active in the last ACTIVE_DAYS days (whatever the period). */
    active: number;
    /** Each calendar month of the period (SITE_TIMEZONE), oldest first: joined that month, and
     * the total at its end. Months with nobody joining are present with 0. */
    perMonth: { month: string /* YYYY-MM */; joined: number; total: number }[];
  };
  /** The past, not cancelled events that started in the period, oldest first: the latest
   * ATTENDANCE_EVENTS_SHOWN of them. */
  attendance: {
    eventId: string;
    name: string;
    startTime: string;
    /** Registered as attending at the end (members). */
    attending: number;
    /** Members who came. */
    came: number;
    /** Attending members not checked in; null when the event used no check-in. */
    noShows: number | null;
    /** Guests checked in (or registered, where no check-in). */
    guests: number;
    firstTimers: number;
  }[];
  /** How many past events started in the period (`attendance` lists the latest of them). */
  attendanceTotal: number;
  /** First-timers whose first event was in the period. `returned`: came to another event within
   * RETURN_WINDOW_DAYS; `pending`: not yet returned and their window is still open (left out of
   * the rate). rate = returned / (firstTimers - pending), null when that is 0. */
  returnRate: { firstTimers: number; returned: number; pending: number; rate: number | null };
  /** Members by how many events they came to in the period ('1'..'4', '5+'), members who came
   * to none left out. */
  eventsAttended: { bucket: '1' | '2' | '3' | '4' | '5+'; members: number }[];
  /** Offers and asks as members hold them now (not by period): the ten most common of each, by
   * the words matching compares (`terms`), with the words most members used for it. */
  offersAndAsks: {
    offered: { label: string; members: number }[];
    asked: { label: string; members: number }[];
    /** Asks that no member's offer answers (no shared term): whom to invite next. Most asked first. */
    unmet: { label: string; members: number }[];
  };
}

export interface RegistrationPoint {
  /** Whole days before the start (0: the day of the start); the curve runs from the
   * announcement (the event's creation) down to 0. */
  daysBefore: number;
  /** Registrations (members, any status) made by then, cumulative. */
  registrations: number;
}

export interface EventInsights {
  event: {
    id: string;
    name: string;
    startTime: string;
    endTime: string;
    /** Announced: the event's creation. */
    createdAt: string;
    cancelled: boolean;
    ended: boolean;
    seriesId: string | null;
    category: string | null;
  };
  registrations: {
    curve: RegistrationPoint[];
    /** The average curve of the previous dates of its series (up to 12), or else of its
     * category's previous events; null when there are none. */
    comparison: { basis: 'series' | 'category'; name: string; events: number; curve: RegistrationPoint[] } | null;
  };
  status: { attending: number; maybe: number; waitlisted: number; guests: number };
  door: {
    usedCheckIn: boolean;
    /** Members and guests checked in. */
    checkedIn: number;
    guestsCheckedIn: number;
    /** Attending members not checked in; null when no check-in was used or before the end. */
    noShows: number | null;
  };
  /** Among members who came (or, before the end, are attending). */
  firstTimers: { firstTimers: number; returning: number };
  rating: {
    count: number;
    average: number | null;
    distribution: { rating: 1 | 2 | 3 | 4 | 5; count: number }[];
    /** Answers with a comment, newest first; the name only where the member chose to show it. */
    comments: { rating: number; comment: string; name: string | null; at: string }[];
  };
  /** Connections tagged "met at" this event. */
  connections: { count: number; pairs: { a: string; b: string }[] };
}
