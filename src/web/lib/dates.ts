// Dates on the member screens. Not in the community's time zone (that is site-dates.ts): an
// event's day in UTC, anything else in the viewer's own zone. Written as the rest of the site
// writes dates ("March 5, 2026"), so a page never shows one date two ways.

/** "March 2026" */
export function monthYear(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
}

/** "March 5, 2026" in UTC: an event's date does not shift with the viewer's time zone. */
export function eventDateUtc(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

/** "March 5, 2026" in the viewer's time zone. */
export function shortDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}
