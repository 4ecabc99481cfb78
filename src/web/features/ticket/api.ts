import { SITE_TIME_ZONE as timeZone } from '../../lib/site-dates';

// In the community's time zone (Charlotte), as every event date is shown.
const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
const when = new Intl.DateTimeFormat('en-US', {
  timeZone,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

export const checkedInText = (at: string | null) =>
  at ? `Checked in at ${time.format(new Date(at))}` : 'Not checked in yet';
/** "Saturday, May 16, 2026 at 6:00 PM EDT" */
export const formatStart = (iso: string) => when.format(new Date(iso));
