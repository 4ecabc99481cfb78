import { and, count, desc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/query-values';
import { announcements } from '../../db/schema';
import { HttpError, notFound } from '../../platform/errors';
import { cutAtWord } from '../../platform/html-text';
import { absoluteLinks, escapeHtml } from '../../platform/mail-html';
import {
  NEWS_MEMBERS_ONLY,
  NEWS_NOT_FOUND,
  NEWS_PAGE_SIZE,
  NEWS_TEXTS,
  type NewsArticle,
  type NewsItem,
} from '../../../shared/announcements';
import { newsUrl } from './emails';
import { published } from './service';

// The news archive (/news): announcements once they went out, public ones for everyone and
// members-only ones for members; the RSS feed carries the public ones.

const EXCERPT_MAX = 240;
/** Items in the RSS feed. */
const FEED_ITEMS = 30;

const columns = {
  id: announcements.id,
  subject: announcements.subject,
  bodyText: announcements.bodyText,
  startedAt: announcements.startedAt,
  membersOnly: announcements.membersOnly,
};
type Row = { id: string; subject: string; bodyText: string; startedAt: Date | null; membersOnly: boolean };

const item = (r: Row): NewsItem => ({
  id: r.id,
  subject: r.subject,
  excerpt: cutAtWord(r.bodyText.replace(/\s+/g, ' ').trim(), EXCERPT_MAX),
  publishedAt: r.startedAt!.toISOString(),
  membersOnly: r.membersOnly,
});

const visibleTo = (member: boolean) => (member ? published : and(published, eq(announcements.membersOnly, false)));

export async function listNews(db: Db, page: number, member: boolean) {
  const where = visibleTo(member);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(announcements)
      .where(where)
      .orderBy(desc(announcements.startedAt), desc(announcements.id))
      .limit(NEWS_PAGE_SIZE)
      .offset((page - 1) * NEWS_PAGE_SIZE),
    db.select({ n: count() }).from(announcements).where(where),
  ]);
  return { items: rows.map(item), total: total?.n ?? 0, page, pageSize: NEWS_PAGE_SIZE };
}

/** One published announcement; a members-only one asks a visitor to sign in (401). */
export async function readNews(db: Db, id: string, member: boolean): Promise<NewsArticle> {
  if (!isUuid(id)) throw notFound(NEWS_NOT_FOUND);
  const [row] = await db
    .select({ ...columns, bodyHtml: announcements.bodyHtml })
    .from(announcements)
    .where(and(eq(announcements.id, id), published));
  if (!row) throw notFound(NEWS_NOT_FOUND);
  if (row.membersOnly && !member) throw new HttpError(401, NEWS_MEMBERS_ONLY, NEWS_TEXTS.signInToRead);
  return { ...item(row), bodyHtml: row.bodyHtml };
}

/** RSS 2.0 of the public announcements, the whole text in each item's description. */
export async function newsFeed(db: Db, config: Pick<Config, 'publicUrl'>): Promise<string> {
  const rows = await db
    .select({ ...columns, bodyHtml: announcements.bodyHtml })
    .from(announcements)
    .where(visibleTo(false))
    .orderBy(desc(announcements.startedAt), desc(announcements.id))
    .limit(FEED_ITEMS);
  const items = rows.map((r) => {
    const link = newsUrl(config, r.id);
    return [
      '<item>',
      `<title>${escapeHtml(r.subject)}</title>`,
      `<link>${escapeHtml(link)}</link>`,
      `<guid isPermaLink="true">${escapeHtml(link)}</guid>`,
      `<pubDate>${r.startedAt!.toUTCString()}</pubDate>`,
      `<description>${escapeHtml(absoluteLinks(r.bodyHtml, config.publicUrl))}</description>`,
      '</item>',
    ].join('');
  });
  const self = `${config.publicUrl}/news/feed.xml`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>Power Mixer ${NEWS_TEXTS.title}</title>`,
    `<link>${escapeHtml(`${config.publicUrl}/news`)}</link>`,
    `<description>${escapeHtml(NEWS_TEXTS.intro)}</description>`,
    '<language>en-us</language>',
    `<atom:link href="${escapeHtml(self)}" rel="self" type="application/rss+xml"/>`,
    rows[0] ? `<lastBuildDate>${rows[0].startedAt!.toUTCString()}</lastBuildDate>` : '',
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
