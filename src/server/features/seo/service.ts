import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { announcements, eventSeries, events, podcasts, profiles } from '../../db/schema';
import { hasControlCharacters } from '../../../shared/text';
import { escapeHtml } from '../../platform/mail-html';

/** The public screens a visitor (and a crawler) can open; member and admin screens are not
 * listed and are disallowed in robots.txt. */
export const PUBLIC_PAGES = ['/', '/events', '/community', '/podcasts', '/news', '/contact'] as const;

/** Screens not for crawlers: what only a member or an admin sees (a crawler would get a sign-in
 * prompt), and search results. */
export const PRIVATE_PAGES = [
  '/admin',
  '/dashboard',
  '/messages',
  '/connections',
  '/forums',
  '/new-password',
  '/reset-password',
  '/dev/',
  // Search results: endless pages of what is listed anyway (events and profiles are in the sitemap).
  '/search',
] as const;

/** A sitemap file holds at most 50,000 addresses (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PAGES.map((page) => `Disallow: ${page}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** Whether /user/{username} opens the profile (else it answers 404 and must not be listed): the
 * sign-up rule keeps these out, but rows written another way (an import, an old account) may not. */
const hasProfilePage = (username: string) =>
  username.trim() !== '' && username !== '.' && username !== '..' && !hasControlCharacters(username);

/** sitemap.xml: the public screens, the public news, every podcast episode, every series page, every event page (newest first) and every member's public
 * profile, up to the 50,000 addresses one sitemap may hold. Each answers 200: a page that does
 * not exist answers 404 (page-routes.ts). */
export async function sitemapXml(db: Db, publicUrl: string): Promise<string> {
  // Announcements that went out and everyone may read (features/announcements/news.ts).
  const newsRows = await db
    .select({ id: announcements.id, updatedAt: announcements.updatedAt })
    .from(announcements)
    .where(and(inArray(announcements.status, ['sending', 'sent']), eq(announcements.membersOnly, false)))
    .orderBy(desc(announcements.startedAt))
    .limit(1000);
  const episodeRows = await db
    .select({ id: podcasts.id })
    .from(podcasts)
    .orderBy(desc(podcasts.publishedAt), desc(podcasts.id))
    .limit(1000);
  // What is listed before the rest, so the whole stays within one sitemap's 50,000.
  const listed = PUBLIC_PAGES.length + newsRows.length + episodeRows.length;
  const seriesRows = await db
    .select({ id: eventSeries.id, updatedAt: eventSeries.updatedAt })
    .from(eventSeries)
    .orderBy(desc(eventSeries.createdAt), desc(eventSeries.id))
    .limit(SITEMAP_MAX_URLS - listed);
  const eventRows = await db
    .select({ id: events.id, updatedAt: events.updatedAt })
    .from(events)
    .orderBy(desc(events.startTime), desc(events.id))
    .limit(SITEMAP_MAX_URLS - listed - seriesRows.length);
  const profileRows = await db
    .select({ username: profiles.username })
    .from(profiles)
    .orderBy(desc(profiles.createdAt), desc(profiles.id))
    .limit(Math.max(0, SITEMAP_MAX_URLS - listed - seriesRows.length - eventRows.length));
  const url = (path: string, lastmod?: Date) =>
    `<url><loc>${escapeHtml(publicUrl + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((page) => url(page)),
    ...newsRows.map((n) => url(`/news/${n.id}`, n.updatedAt)),
    ...episodeRows.map((e) => url(`/podcasts/${e.id}`)),
    ...seriesRows.map((s) => url(`/series/${s.id}`, s.updatedAt)),
    ...eventRows.map((e) => url(`/events/${e.id}`, e.updatedAt)),
    ...profileRows.filter((p) => hasProfilePage(p.username)).map((p) => url(`/user/${encodeURIComponent(p.username)}`)),
    '</urlset>',
    '',
  ].join('\n');
}
