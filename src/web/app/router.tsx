import { useRoutes, type RouteObject } from '../lib/router';
import { paths } from '../lib/paths';
import { RouteErrorPage } from './error-boundary';
import { RequireAdmin, RequireAuth } from './guards';
import { Layout } from './layout';
import { screen } from './routes/screen';
import { siteRoutes } from './routes/site-routes';
import { communityMemberRoutes, communityPublicRoutes } from './routes/community-routes';
import { adminRoutes as adminAreaRoutes } from './routes/admin-routes';
import { forumMemberRoutes } from './routes/forum-routes';

// Every screen is its own chunk (see routes/screen.ts). To add a feature: add its URL to
// lib/paths.ts and its routes to a file in routes/ (public, or member-only inside RequireAuth,
// or admin-only inside RequireAdmin). The router is the app's own (lib/router.tsx, decision 046):
// React Router's names and ranking, for 2 KB of the first load instead of 12.

const publicRoutes: RouteObject[] = [
  {
    index: true,
    element: screen(
      () => import('../features/home/home-page'),
      (m) => m.HomePage,
    ),
  },
  {
    path: paths.login,
    element: screen(
      () => import('../features/auth/login-page'),
      (m) => m.LoginPage,
    ),
  },
  {
    path: paths.register,
    element: screen(
      () => import('../features/auth/register-page'),
      (m) => m.RegisterPage,
    ),
  },
  {
    path: paths.resetPassword,
    element: screen(
      () => import('../features/auth/reset-password-page'),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: paths.newPassword,
    element: screen(
      () => import('../features/auth/new-password-page'),
      (m) => m.NewPasswordPage,
    ),
  },
  {
    // Works signed out: the signed link in the e-mail is all it needs.
    path: paths.unsubscribe,
    element: screen(
      () => import('../features/notifications/unsubscribe-page'),
      (m) => m.UnsubscribePage,
    ),
  },
  {
    // The morning-after mail's rating links: signed, so no sign-in is needed either.
    path: paths.feedback,
    element: screen(
      () => import('../features/feedback/feedback-page'),
      (m) => m.FeedbackPage,
    ),
  },
];

const memberRoutes: RouteObject[] = [
  {
    path: paths.dashboard,
    element: screen(
      () => import('../features/dashboard/dashboard-page'),
      (m) => m.DashboardPage,
    ),
  },
];

const adminRoutes: RouteObject[] = [
  {
    // Every captured mail, reset links included: admins only (so is its API).
    path: paths.devMailbox,
    element: screen(
      () => import('../features/dev-mailbox/mailbox-page'),
      (m) => m.MailboxPage,
    ),
  },
];

export const routes: RouteObject[] = [
  {
    // Errors and first-load fallbacks render inside the layout, so the nav stays usable.
    element: <Layout />,
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
      // Unknown URLs: the error page's 404.
      { path: '*', element: <RouteErrorPage error={{ status: 404 }} /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
