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
    // The member's ticket is its own feature, given to the event page as a slot.
    lazy: async () => {
      const [{ EventPage }, { TicketSection }] = await Promise.all([
        import('../../features/events/event-page'),
        import('../../features/ticket/ticket-section'),
      ]);
      return { Component: () => <EventPage ticket={TicketSection} /> };
    },
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
