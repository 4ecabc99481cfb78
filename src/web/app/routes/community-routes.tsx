import type { RouteObject } from '../../lib/router';
import { paths } from '../../lib/paths';
import { screen } from './screen';

// Members: the directory and public profiles (public), own profile, connections, messages (login).
export const communityPublicRoutes: RouteObject[] = [
  {
    path: paths.community,
    element: screen(
      () => import('../../features/community/community-page'),
      (m) => m.CommunityPage,
    ),
  },
  {
    // paths.profile(username)
    path: '/user/:username',
    element: screen(
      () => import('../../features/profile/profile-page'),
      (m) => m.ProfilePage,
    ),
  },
  {
    // paths.connect(token): a scanned connect code; a visitor sees whose it is, signs in, comes back.
    path: '/connect/:token',
    element: screen(
      () => import('../../features/connect/connect-page'),
      (m) => m.ConnectPage,
    ),
  },
];

export const communityMemberRoutes: RouteObject[] = [
  {
    path: paths.connections,
    element: screen(
      () => import('../../features/connections/connections-page'),
      (m) => m.ConnectionsPage,
    ),
  },
  {
    // The member's own connect code, full screen (white in both themes, the screen kept awake).
    path: paths.connectCode,
    element: screen(
      () => import('../../features/dashboard/connect-code-page'),
      (m) => m.ConnectCodePage,
    ),
  },
  {
    path: paths.messages,
    element: screen(
      () => import('../../features/messages/messages-page'),
      (m) => m.MessagesPage,
    ),
  },
  {
    // paths.eventTicket(eventId): the member's ticket full screen (works offline once loaded),
    // alone on the screen: no site header or footer (layout.tsx).
    path: '/events/:eventId/ticket',
    element: screen(
      () => import('../../features/ticket/ticket-page'),
      (m) => m.TicketPage,
    ),
  },
  {
    // paths.eventCheckIn(eventId): the door screen (the server says who may use it).
    path: '/events/:eventId/check-in',
    element: screen(
      () => import('../../features/check-in/door-page'),
      (m) => m.DoorPage,
    ),
  },
];
