import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/spinner';
import { paths } from '../lib/paths';
import { ErrorPage, RootErrorPage, notFoundLoader } from './error-page';
import { RequireAdmin, RequireAuth } from './guards';
import { Layout } from './layout';
import { screen } from './routes/screen';
import { siteRoutes } from './routes/site-routes';
import { communityMemberRoutes, communityPublicRoutes } from './routes/community-routes';

// Every screen is its own chunk (see routes/screen.ts). To add a feature: add its URL to
// lib/paths.ts and its routes to a file in routes/ (public, or member-only inside RequireAuth,
// or admin-only inside RequireAdmin).

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
              // Inside RequireAuth: a visitor signs in and comes back; a member is sent home.
              { element: <RequireAdmin />, children: adminRoutes },
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
