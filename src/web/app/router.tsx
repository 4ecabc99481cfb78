import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/spinner';
import { paths } from '../lib/paths';
import { RequireAdmin, RequireAuth } from './guards';
import { Layout } from './layout';
import { screen } from './routes/screen';
import { siteRoutes } from './routes/site-routes';
import { communityMemberRoutes, communityPublicRoutes } from './routes/community-routes';
import { adminRoutes as adminAreaRoutes } from './routes/admin-routes';
import { forumMemberRoutes } from './routes/forum-routes';

// Every screen is its own chunk (see routes/screen.ts). To add a feature: add its URL to
// lib/paths.ts and its routes to a file in routes/ (public, or member-only inside RequireAuth,
// or admin-only inside RequireAdmin).

// The error screens load when needed: no visit that goes well waits for their code.
const LazyErrorPage = lazy(() => import('./error-page').then((m) => ({ default: m.ErrorPage })));
const LazyRootErrorPage = lazy(() => import('./error-page').then((m) => ({ default: m.RootErrorPage })));
const ErrorPage = () => (
  <Suspense fallback={<PageSpinner />}>
    <LazyErrorPage />
  </Suspense>
);
const RootErrorPage = () => (
  <Suspense fallback={null}>
    <LazyRootErrorPage />
  </Suspense>
);

/** Catch-all route: unknown URLs render the error page (404) inside the normal layout. */
function notFoundLoader(): never {
  throw new Response('', { status: 404, statusText: 'Not Found' });
}

const publicRoutes: RouteObject[] = [
  {
    index: true,
    lazy: screen(
      () => import('../features/home/home-page'),
      (m) => m.HomePage,
    ),
  },
  {
    path: paths.login,
    lazy: screen(
      () => import('../features/auth/login-page'),
      (m) => m.LoginPage,
    ),
  },
  {
    path: paths.register,
    lazy: screen(
      () => import('../features/auth/register-page'),
      (m) => m.RegisterPage,
    ),
  },
  {
    path: paths.resetPassword,
    lazy: screen(
      () => import('../features/auth/reset-password-page'),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: paths.newPassword,
    lazy: screen(
      () => import('../features/auth/new-password-page'),
      (m) => m.NewPasswordPage,
    ),
  },
  {
    // Works signed out: the signed link in the e-mail is all it needs.
    path: paths.unsubscribe,
    lazy: screen(
      () => import('../features/notifications/unsubscribe-page'),
      (m) => m.UnsubscribePage,
    ),
  },
  {
    // The morning-after mail's rating links: signed, so no sign-in is needed either.
    path: paths.feedback,
    lazy: screen(
      () => import('../features/feedback/feedback-page'),
      (m) => m.FeedbackPage,
    ),
  },
];

const memberRoutes: RouteObject[] = [
  {
    path: paths.dashboard,
    lazy: screen(
      () => import('../features/dashboard/dashboard-page'),
      (m) => m.DashboardPage,
    ),
  },
];

const adminRoutes: RouteObject[] = [
  {
    // Every captured mail, reset links included: admins only (so is its API).
    path: paths.devMailbox,
    lazy: screen(
      () => import('../features/dev-mailbox/mailbox-page'),
      (m) => m.MailboxPage,
    ),
  },
];

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RootErrorPage />,
    children: [
      {
        // Errors and first-load fallbacks render inside the layout, so the nav stays usable.
        errorElement: <ErrorPage />,
        hydrateFallbackElement: <PageSpinner />,
        children: [
          ...publicRoutes,
          ...siteRoutes,
          ...communityPublicRoutes,
          {
            element: <RequireAuth />,
            children: [
              ...memberRoutes,
              ...communityMemberRoutes,
              ...forumMemberRoutes,
              // Inside RequireAuth: a visitor signs in and comes back; a member is sent home.
              { element: <RequireAdmin />, children: [...adminRoutes, ...adminAreaRoutes] },
            ],
          },
          // Unknown URLs: the loader throws a 404, the errorElement above shows it.
          { path: '*', loader: notFoundLoader, element: null },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
