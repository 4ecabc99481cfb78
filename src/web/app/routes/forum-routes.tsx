import type { RouteObject } from '../../lib/router';
import { screen } from './screen';

// Forums (spec 2): login required for all of /forums/*. Creating and editing a forum are
// admin routes (admin-routes.tsx).
export const forumMemberRoutes: RouteObject[] = [
  {
    path: '/forums',
    element: screen(
      () => import('../../features/forums/forums-page'),
      (m) => m.ForumsPage,
    ),
  },
  {
    path: '/forums/:forumId',
    element: screen(
      () => import('../../features/forums/forum-page'),
      (m) => m.ForumPage,
    ),
  },
  {
    path: '/forums/:forumId/create',
    element: screen(
      () => import('../../features/forums/post-form-page'),
      (m) => m.PostCreatePage,
    ),
  },
  {
    path: '/forums/:forumId/:postId',
    element: screen(
      () => import('../../features/forums/post-page'),
      (m) => m.PostPage,
    ),
  },
];
