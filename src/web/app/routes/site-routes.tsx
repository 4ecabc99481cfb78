import type { RouteObject } from 'react-router';

// The public site: landing page, events, podcasts, contact.
export const siteRoutes: RouteObject[] = [];
