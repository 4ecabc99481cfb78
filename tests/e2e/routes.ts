import { expect, type Page } from '@playwright/test';

// The public and member routes of spec 1 and the forums of spec 2, with real ids from the demo
// data, for the sweeps that visit every screen (reflow, the HTML checker).

async function json<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** Routes a visitor sees: the landing page, events, an event, profiles, podcasts, an episode, news, contact, search, sign in. */
export async function publicRoutes(page: Page): Promise<string[]> {
  const { events } = await json<{ events: { id: string; series: { id: string } | null }[] }>(
    page,
    '/api/events?status=upcoming&pageSize=50',
  );
  const { members } = await json<{ members: { username: string }[] }>(page, '/api/members');
  const { podcasts } = await json<{ podcasts: { id: string }[] }>(page, '/api/podcasts');
  expect(events.length, 'an upcoming event in the demo data').toBeGreaterThan(0);
  const series = events.find((e) => e.series)?.series;
  expect(members.length, 'a member in the demo data').toBeGreaterThan(0);
  return [
    '/',
    '/events',
    `/events/${events[0]!.id}`,
    // A series' page (issue 33), when the demo data holds one ("Power Mixer Monthly").
    ...(series ? [`/series/${series.id}`] : []),
    '/community',
    `/user/${members[0]!.username}`,
    '/podcasts',
    // An episode's own page (issue 36).
    ...(podcasts[0] ? [`/podcasts/${podcasts[0].id}`] : []),
    // The news archive (issue 35).
    '/news',
    '/contact',
    '/search?q=south%20end',
    '/login',
    '/register',
  ];
}

/** Routes for members (the page must be signed in): own screens, a forum and one of its posts. */
export async function memberRoutes(page: Page): Promise<string[]> {
  const { forums } = await json<{ forums: { id: string; postCount: number }[] }>(page, '/api/forums');
  const forum = forums.find((f) => f.postCount > 0);
  expect(forum, 'a forum with posts in the demo data').toBeTruthy();
  const { posts } = await json<{ posts: { id: string }[] }>(page, `/api/forums/${forum!.id}/posts`);
  return [
    '/dashboard',
    '/connections',
    '/messages',
    '/forums',
    `/forums/${forum!.id}`,
    `/forums/${forum!.id}/${posts[0]!.id}`,
  ];
}
