// The API answers each public page's first screen reads, by URL. The server announces them with
// index.html (<link rel="preload" as="fetch">) so they download beside the app's code rather than
// after it has run; the page's own fetch (web lib/api.ts: same URL, same-origin credentials)
// then takes the preloaded answer. Only exact URLs the screens ask for are listed; anything else
// would be fetched twice.

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const EVENT_PAGE = new RegExp(`^/events/(${UUID})$`, 'i');

/** A page served to a browser without a session says so (`<html data-signed-out>`): its first
 * screen knows nobody is signed in without asking /api/me (web lib/session.ts). */
export const SIGNED_OUT_ATTRIBUTE = 'data-signed-out';

export function firstScreenData(pathname: string, search: string, signedOut = false): string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const urls = signedOut ? [] : ['/api/me'];
  const event = EVENT_PAGE.exec(path);
  if (event) return [...urls, `/api/events/${encodeURIComponent(event[1]!)}`];
  // Filtered or paged lists build their own query strings: leave those to the screen.
  if (search && search !== '?') return urls;
  switch (path) {
    case '/':
      return [...urls, '/api/landing'];
    case '/events':
      return [...urls, '/api/events'];
    case '/community':
      return [...urls, '/api/members', '/api/members/filters'];
    case '/podcasts':
      return [...urls, '/api/podcasts'];
    default:
      return urls;
  }
}

/** The tag for one of them; the same attributes on both sides, or the browser fetches twice. */
export function dataPreloadTag(url: string): string {
  return `<link rel="preload" as="fetch" crossorigin="anonymous" href="${url}">`;
}

/** A first screen the server rendered (web render.tsx): the markup inside `#root`, and the
 * answers it was rendered with, as the query cache's dehydrated state (JSON). */
export interface RenderedScreen {
  html: string;
  state: string;
}

/** The element that carries that state in the page (`<script type="application/json">`). */
export const FIRST_SCREEN_STATE_ID = 'first-screen';
