import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { screen } from './screen';

// The public site: events, podcasts, news, search, contact. (The landing page `/` is in router.tsx.)
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
    // The event page and the features it shows as slots (event-route.tsx).
    lazy: screen(
      () => import('./event-route'),
      (m) => m.EventRoute,
    ),
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
    // An episode's own page (issue 36).
    path: `${paths.podcasts}/:podcastId`,
    lazy: screen(
      () => import('../../features/podcasts/episode-page'),
      (m) => m.EpisodePage,
    ),
  },
  {
    // The news archive (issue 35): the organisers' announcements.
    path: paths.news,
    lazy: screen(
      () => import('../../features/news/news-pages'),
      (m) => m.NewsPage,
    ),
  },
  {
    path: `${paths.news}/:newsId`,
    lazy: screen(
      () => import('../../features/news/news-pages'),
      (m) => m.NewsArticlePage,
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
