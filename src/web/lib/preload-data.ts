import { FIRST_SCREEN_STATE_ID, firstScreenData } from '../../shared/first-screen-data';
import { signedOutAtLoad } from './signed-out';

// The first screen's data, asked for as early as possible. The server already announces it with
// index.html (src/server/web-app.ts); this covers a page served without that (the dev server).
export function preloadFirstScreenData(location: Location) {
  // A page the server rendered brings its answers inside it (main.tsx).
  if (document.getElementById(FIRST_SCREEN_STATE_ID)) return;
  for (const url of firstScreenData(location.pathname, location.search, signedOutAtLoad)) {
    if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(url)}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'anonymous';
    link.href = url;
    document.head.append(link);
  }
}

preloadFirstScreenData(window.location);
