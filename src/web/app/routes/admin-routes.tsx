import type { RouteObject } from '../../lib/router';
import { screen } from './screen';

// The admin area (spec 2): the dashboard and its create and edit forms. Mounted inside
// RequireAdmin; the server refuses every admin call on its own as well.
export const adminRoutes: RouteObject[] = [
  {
    path: '/admin',
    element: screen(
      () => import('../../features/admin/admin-page'),
      (m) => m.AdminPage,
    ),
  },
  {
    path: '/events/create',
    element: screen(
      () => import('../../features/admin/event-form-page'),
      (m) => m.EventCreatePage,
    ),
  },
  {
    path: '/events/:eventId/edit',
    element: screen(
      () => import('../../features/admin/event-form-page'),
      (m) => m.EventEditPage,
    ),
  },
  {
    path: '/podcasts/create',
    element: screen(
      () => import('../../features/admin/podcast-form-page'),
      (m) => m.PodcastCreatePage,
    ),
  },
  {
    path: '/podcasts/:podcastId/edit',
    element: screen(
      () => import('../../features/admin/podcast-form-page'),
      (m) => m.PodcastEditPage,
    ),
  },
  {
    // Announcements (issue 35): a new one, then one's own page (its form, or its progress once
    // sent), through a small module that keeps the form's chunks out of the shell's list.
    path: '/admin/announcements/create',
    element: screen(
      () => import('../../features/admin/announcement-screens'),
      (m) => m.AnnouncementCreateScreen,
    ),
  },
  {
    path: '/admin/announcements/:announcementId',
    element: screen(
      () => import('../../features/admin/announcement-screens'),
      (m) => m.AnnouncementScreen,
    ),
  },
  {
    path: '/sponsors/create',
    element: screen(
      () => import('../../features/admin/sponsor-form-page'),
      (m) => m.SponsorCreatePage,
    ),
  },
  {
    path: '/sponsors/:sponsorId/edit',
    element: screen(
      () => import('../../features/admin/sponsor-form-page'),
      (m) => m.SponsorEditPage,
    ),
  },
  {
    path: '/users/create',
    element: screen(
      () => import('../../features/admin/user-form-page'),
      (m) => m.UserCreatePage,
    ),
  },
  {
    path: '/users/:userId/edit',
    element: screen(
      () => import('../../features/admin/user-form-page'),
      (m) => m.UserEditPage,
    ),
  },
  {
    path: '/forums/create',
    element: screen(
      () => import('../../features/forums/forum-form-page'),
      (m) => m.ForumCreatePage,
    ),
  },
  {
    path: '/forums/:forumId/edit',
    element: screen(
      () => import('../../features/forums/forum-form-page'),
      (m) => m.ForumEditPage,
    ),
  },
];
