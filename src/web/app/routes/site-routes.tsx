import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { screen } from './screen';

// The public site: events, podcasts, contact. (The landing page `/` is in router.tsx.)
export const siteRoutes: RouteObject[] = [
  {
    path: paths.events,
    lazy: screen(
      () => import('../../features/events/events-page'),
      (m) => m.EventsPage,
    ),
  },
  {
    path: `${paths.events}/:eventId`,
    lazy: screen(
      () => import('../../features/events/event-page'),
      (m) => m.EventPage,
    ),
  },
  {
    path: paths.podcasts,
    lazy: screen(
      () => import('../../features/podcasts/podcasts-page'),
      (m) => m.PodcastsPage,
    ),
  },
  {
    path: paths.contact,
    lazy: screen(
      () => import('../../features/contact/contact-page'),
      (m) => m.ContactPage,
    ),
  },
];
