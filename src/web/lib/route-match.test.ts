import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from './route-match';
import { Link, NavLink, Outlet, StaticRouter, useLocation, useParams, useRoutes, useSearchParams } from './router';

// The shapes of the app's own table (app/router.tsx): layouts without a path, guards nesting
// member and admin routes, static and parameter routes side by side, and `*` for the rest.
const table: RouteObject[] = [
  {
    element: 'layout',
    children: [
      { index: true, element: 'home' },
      { path: '/events', element: 'events' },
      { path: '/events/:eventId', element: 'event' },
      { path: '/forums/:forumId/:postId', element: 'post' },
      {
        element: 'member guard',
        children: [
          { path: '/forums/:forumId', element: 'forum' },
          { path: '/forums/:forumId/create', element: 'new post' },
          { element: 'admin guard', children: [{ path: '/events/create', element: 'new event' }] },
        ],
      },
      { path: '*', element: 'not found' },
    ],
  },
];

const shown = (pathname: string) => {
  const matched = matchRoutes(table, pathname);
  return matched && { elements: matched.routes.map((route) => route.element), params: matched.params };
};

describe('matchRoutes', () => {
  it('finds the index page and its layout', () => {
    expect(shown('/')).toEqual({ elements: ['layout', 'home'], params: {} });
  });

  it('ranks a static segment above a parameter, wherever the routes were declared', () => {
    expect(shown('/events/create')?.elements).toEqual(['layout', 'member guard', 'admin guard', 'new event']);
    expect(shown('/events/spring-mixer')).toEqual({
      elements: ['layout', 'event'],
      params: { eventId: 'spring-mixer' },
    });
    expect(shown('/forums/f1/create')?.elements.at(-1)).toBe('new post');
    expect(shown('/forums/f1/p2')).toEqual({ elements: ['layout', 'post'], params: { forumId: 'f1', postId: 'p2' } });
  });

  it('decodes parameters, matches static segments in any case and allows a trailing slash', () => {
    expect(shown('/events/caf%C3%A9%2Fbar')?.params).toEqual({ eventId: 'café/bar' });
    expect(shown('/EVENTS/')?.elements).toEqual(['layout', 'events']);
    expect(shown('/events/%E0%A4%A')?.params).toEqual({ eventId: '%E0%A4%A' });
  });

  it('leaves what nothing else matches to `*`, an empty segment inside the path included', () => {
    expect(shown('/events/x/y/z')).toEqual({ elements: ['layout', 'not found'], params: { '*': 'events/x/y/z' } });
    expect(shown('//events')?.elements).toEqual(['layout', 'not found']);
    expect(shown('/forums//p2')?.elements).toEqual(['layout', 'not found']);
    expect(shown('/events//')?.elements).toEqual(['layout', 'events']);
    expect(matchRoutes([{ path: '/a', element: 'a' }], '/b')).toBeNull();
  });
});

describe('the router on the server', () => {
  function Page() {
    const { eventId } = useParams();
    const [query] = useSearchParams();
    const { pathname } = useLocation();
    return h(
      'main',
      null,
      h('p', null, `${pathname} ${eventId} ${query.get('tab')}`),
      h(Link, { to: '?tab=people' }, 'People'),
      h(NavLink, { to: '/events' }, 'Events'),
      h(NavLink, { to: '/events', end: true }, 'Only events'),
      h(NavLink, { to: '/' }, 'Home'),
      h(Link, { to: 'https://example.org/x' }, 'Elsewhere'),
    );
  }
  const routes: RouteObject[] = [
    { element: h('div', { id: 'layout' }, h(Outlet)), children: [{ path: '/events/:eventId', element: h(Page) }] },
  ];
  function App() {
    return useRoutes(routes);
  }

  it('renders the matched page inside its layout, with real links', () => {
    const html = renderToString(h(StaticRouter, { location: '/events/e1?tab=about', children: h(App) }));
    expect(html).toContain('<div id="layout"><main><p>/events/e1 e1 about</p>');
    expect(html).toContain('<a href="/events/e1?tab=people">People</a>');
    expect(html).toContain('<a aria-current="page" href="/events">Events</a>');
    expect(html).toContain('<a href="/events">Only events</a>');
    expect(html).toContain('<a href="/">Home</a>');
    expect(html).toContain('<a href="https://example.org/x">Elsewhere</a>');
  });

  it("writes the links of a path typed with `//` as this site's, not another host's", () => {
    const html = renderToString(h(StaticRouter, { location: '//events/e1', children: h(Page) }));
    expect(html).toContain('<a href="/events/e1?tab=people">People</a>');
  });

  it('renders nothing for a location no route shows', () => {
    expect(renderToString(h(StaticRouter, { location: '/nowhere', children: h(App) }))).toBe('');
  });
});
