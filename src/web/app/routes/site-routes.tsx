import type { RouteObject } from '../../lib/router';
import { paths } from '../../lib/paths';
import { screen } from './screen';

// The public site: events, podcasts, news, search, contact. (The landing page `/` is in router.tsx.)
export const siteRoutes: RouteObject[] = [
  {
    path: paths.events,
    element: screen(
      () => import('../../features/events/events-page'),
      (m) => m.EventsPage,
    ),
  },
  {
    path: `${paths.events}/:eventId`,
    // The event page and the features it shows as slots (event-route.tsx).
    element: screen(
      () => import('./event-route'),
      (m) => m.EventRoute,
    ),
  },
  {
    path: '/series/:seriesId',
    element: screen(
      () => import('../../features/events/series-page'),
      (m) => m.SeriesPage,
    ),
  },
  {
    path: paths.podcasts,
    element: screen(
      () => import('../../features/podcasts/podcasts-page'),
      (m) => m.PodcastsPage,
    ),
  },
  {
    // An episode's own page (issue 36).
    path: `${paths.podcasts}/:podcastId`,
    element: screen(
      () => import('../../features/podcasts/episode-page'),
      (m) => m.EpisodePage,
    ),
  },
  {
    // The news archive (issue 35): the organisers' announcements.
    path: paths.news,
    element: screen(
      () => import('../../features/news/news-pages'),
      (m) => m.NewsPage,
    ),
  },
  {
    path: `${paths.news}/:newsId`,
    element: screen(
      () => import('../../features/news/news-pages'),
      (m) => m.NewsArticlePage,
    ),
  },
  {
    // The one search's results (the header's quick search opens it with Enter).
    path: paths.searchResults,
    element: screen(
      () => import('../../features/search/search-page'),
      (m) => m.SearchPage,
    ),
  },
  {
    path: paths.contact,
    element: screen(
      () => import('../../features/contact/contact-page'),
      (m) => m.ContactPage,
    ),
  },
];
