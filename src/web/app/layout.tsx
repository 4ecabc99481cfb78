import { Suspense, useSyncExternalStore } from 'react';
import { Outlet, useLocation } from '../lib/router';
import { PageSpinner } from '../components/spinner';
import { AppStarted } from './app-started';
import { ErrorBoundary } from './error-boundary';
import { RouteFocus } from './route-focus';
import { screensLoading } from './routes/screen';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useRealtime } from './use-realtime';

/** Screens that show alone, without the site's header and footer: the ticket full screen, held
 * up at the door (paths.eventTicket). */
const BARE = /^\/events\/[^/]+\/ticket\/?$/;

/** A page rendered on the server arrives with its screen (render.tsx). */
const noneLoading = () => 0;

/** Shared chrome: skip link, fixed top nav, main content, footer. */
export function Layout() {
  useRealtime();
  const { pathname } = useLocation();
  const loading = useSyncExternalStore(screensLoading.subscribe, screensLoading.count, noneLoading) > 0;
  const bare = BARE.test(pathname);

  return (
    <div className="flex min-h-dvh flex-col">
      <ScrollToTop />
      <RouteFocus />
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand px-4 py-2 text-sm font-medium text-on-brand focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      {/* A thin bar while the next screen's code or data loads. */}
      {loading && <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-brand" />}
      {!bare && <SiteHeader />}
      {/* At least a screen tall: the footer starts below the fold and never moves into view as
          the screen's code and data arrive (no layout shift). */}
      <main
        id="main"
        tabIndex={-1}
        className={bare ? 'min-h-dvh flex-1 outline-none' : 'min-h-dvh flex-1 pt-16 outline-none'}
      >
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
            <AppStarted />
          </Suspense>
        </ErrorBoundary>
      </main>
      {!bare && <SiteFooter />}
    </div>
  );
}
