import { useEffect, useRef } from 'react';
import { useLocation } from '../lib/router';

/** How long a new screen may take to show its heading (its data may still be loading). */
const WAIT_FOR_HEADING_MS = 5000;

/**
 * After a navigation in the app, focus that the old screen took with it (the pressed link or
 * button is gone, so the browser left it on the page body) goes to the new screen's heading: a
 * keyboard user goes on from there and a screen reader announces where they are. Focus that is
 * somewhere (a field the screen focuses itself, an open dialog) is left alone.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  // The page's own address until the first navigation: nothing to move focus for there (however
  // often the effect runs: StrictMode runs it twice, and on a page rendered on the server the
  // heading it would mark is still the server's, not yet the app's).
  const loadedAt = useRef<string | null>(pathname);
  useEffect(() => {
    if (loadedAt.current === pathname) return;
    loadedAt.current = null;
    const main = document.getElementById('main');
    if (!main) return;
    const settle = () => {
      const active = document.activeElement;
      // A pressed link in a menu the navigation closed is still the active element until the
      // browser's next rendering step moves focus to the body: it is lost already.
      const hidden = active instanceof HTMLElement && active.getClientRects().length === 0;
      if (active && active !== document.body && active !== main && !hidden) return;
      // The first heading that shows (a loading screen may carry a visually hidden one).
      const heading = [...main.querySelectorAll<HTMLElement>('h1')].find((h) => h.offsetWidth > 1);
      if (heading) {
        // Focusable by script only; it stays out of the Tab order.
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      } else if (active !== main) {
        // Until the heading shows, the main region holds focus (the skip link's target too).
        main.focus({ preventScroll: true });
      }
    };
    settle();
    // The screen's data may still be on its way, and a heading shown while loading may be
    // replaced: focus lost meanwhile goes to the heading that shows.
    const observer = new MutationObserver(settle);
    observer.observe(main, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), WAIT_FOR_HEADING_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname]);
  return null;
}
