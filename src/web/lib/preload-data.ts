// The first screen's data, asked for while the app's code is still starting: each public route's
// API answers are preloaded (<link rel="preload" as="fetch">) the moment the entry script runs,
// instead of after the screen's code has arrived (a round trip or two later on a phone). The
// page's own fetch (lib/api.ts: same URL, same-origin credentials) then takes the preloaded answer.
// Only exact URLs the screens ask for are listed; anything else would be fetched twice.

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

function dataFor(pathname: string, search: string): string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const event = new RegExp(`^/events/(${UUID})$`, 'i').exec(path);
  if (event) return [`/api/events/${encodeURIComponent(event[1]!)}`];
  // Filtered or paged lists build their own query strings: leave those to the screen.
  if (search) return [];
  switch (path) {
    case '/':
      return ['/api/landing'];
    case '/events':
      return ['/api/events'];
    case '/community':
      return ['/api/members', '/api/members/filters'];
    case '/podcasts':
      return ['/api/podcasts'];
    default:
      return [];
  }
}

export function preloadFirstScreenData(location: Location) {
  const urls = ['/api/me', ...dataFor(location.pathname, location.search)];
  for (const url of urls) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'anonymous';
    link.href = url;
    document.head.append(link);
  }
}

preloadFirstScreenData(window.location);
