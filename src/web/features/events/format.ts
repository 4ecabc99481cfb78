import type { EventStatus } from '../../../shared/events';

// How events read: dates, statuses and counts. Event dates are shown in the community's time
// zone (Charlotte), whatever the viewer's own. Type-only imports from src/shared: the landing
// page uses this module and stays free of zod.
export const SITE_TIME_ZONE = 'America/New_York';

const longDate = new Intl.DateTimeFormat('en-US', {
  timeZone: SITE_TIME_ZONE,
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

const timeWithZone = new Intl.DateTimeFormat('en-US', {
  timeZone: SITE_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** "Saturday, May 16, 2026" */
export const formatLongDate = (iso: string) => longDate.format(new Date(iso));

/** "6:00 – 9:00 PM EDT" (the zone abbreviation follows daylight saving time). */
export function formatTimeRange(startIso: string, endIso: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  if (!(end > start)) return timeWithZone.format(start);
  return timeWithZone.formatRange(start, end);
}

const shortDate = new Intl.DateTimeFormat('en-US', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** "May 16, 2026" */
export const formatDate = (iso: string) => shortDate.format(new Date(iso));

export const STATUS_LABELS: Record<EventStatus, string> = {
  upcoming: 'Upcoming',
  ongoing: 'Ongoing',
  completed: 'Completed',
};

/** Upcoming green, ongoing blue, anything else grey. */
export const STATUS_TONES = { upcoming: 'success', ongoing: 'brand', completed: 'neutral' } as const;

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
