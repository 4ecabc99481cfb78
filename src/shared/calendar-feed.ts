import { z } from 'zod';

// A member's private calendar feed: one secret address per member that calendar apps subscribe
// to, holding the events they are registered for (attending or maybe).

export const CALENDAR_FEED_NOT_FOUND = 'No calendar feed at this address.';
export const CALENDAR_FEED_TITLE = 'Your calendar';
export const CALENDAR_FEED_LOAD_ERROR = 'Failed to load your calendar address';
export const CALENDAR_FEED_REGENERATE_ERROR = 'Failed to make a new calendar address';

/** The feed's addresses: `url` over http(s) for copying, `webcalUrl` to open a calendar app. */
export const calendarFeedResponse = z.object({
  url: z.string().describe('The private iCalendar address (https)'),
  webcalUrl: z.string().describe('The same address with the webcal: scheme, which calendar apps open to subscribe'),
});
export type CalendarFeedResponse = z.infer<typeof calendarFeedResponse>;
