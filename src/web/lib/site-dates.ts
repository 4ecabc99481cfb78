// Dates in the community's time zone (Charlotte), whatever the viewer's own: how event dates
// (and the podcast's) are shown. The landing page uses this module: no zod here.
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

/** "6:00 PM EDT" */
export const formatTimeWithZone = (iso: string) => timeWithZone.format(new Date(iso));

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

const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "May 16, 2026 at 6:00 PM" */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
