import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { screen } from './screen';

// The public site: events, podcasts, search, contact. (The landing page `/` is in router.tsx.)

// The rating box loads when the event page shows it (a member, an ended date), not with the page.
const FeedbackBox = lazy(() =>
  import('../../features/feedback/feedback-box').then((m) => ({ default: m.FeedbackBox })),
);
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
    // The member's ticket, People to meet and the rating box are features of their own, given to
    // the event page as slots.
    lazy: async () => {
      const [{ EventPage }, { TicketSection }, { PeopleToMeetSection }] = await Promise.all([
        import('../../features/events/event-page'),
        import('../../features/ticket/ticket-section'),
        import('../../features/people-to-meet/people-to-meet-section'),
      ]);
      return {
        Component: () => <EventPage ticket={TicketSection} people={PeopleToMeetSection} feedback={FeedbackBox} />,
      };
    },
  },
  {
    path: '/series/:seriesId',
    lazy: screen(
      () => import('../../features/events/series-page'),
      (m) => m.SeriesPage,
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
    // The one search's results (the header's quick search opens it with Enter).
    path: paths.searchResults,
    lazy: screen(
      () => import('../../features/search/search-page'),
      (m) => m.SearchPage,
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
