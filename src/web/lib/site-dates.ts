// Dates in the community's time zone (Charlotte), whatever the viewer's own: how event dates
// (and the podcast's) are shown. The landing page uses this module: no zod here.
export const SITE_TIME_ZONE = 'America/New_York';

/** Node's ICU writes thin and narrow no-break spaces ("6:00\u2009–\u200911:00\u202fPM"), Chromium
 * plain ones: a page rendered on the server (render.tsx) and taken over in the browser must read
 * the same in both, so every date here is written with plain spaces. */
const plain = (text: string) => text.replace(/[\u2009\u202f]/g, ' ');

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
export const formatLongDate = (iso: string) => plain(longDate.format(new Date(iso)));

/** "6:00 PM EDT" */
export const formatTimeWithZone = (iso: string) => plain(timeWithZone.format(new Date(iso)));

/** "6:00 – 9:00 PM EDT" (the zone abbreviation follows daylight saving time). */
export function formatTimeRange(startIso: string, endIso: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  if (!(end > start)) return plain(timeWithZone.format(start));
  return plain(timeWithZone.formatRange(start, end));
}

const shortDate = new Intl.DateTimeFormat('en-US', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** "May 16, 2026" */
export const formatDate = (iso: string) => plain(shortDate.format(new Date(iso)));

const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "May 16, 2026 at 6:00 PM" */
export const formatDateTime = (iso: string) => plain(dateTime.format(new Date(iso)));
