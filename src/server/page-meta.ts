import { PODCAST_FEED_URL } from '../shared/podcasts';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { announcements, eventSeries, events, podcasts, profiles } from './db/schema';
import { describeSchedule } from '../shared/recurrence';
import { escapeHtml } from './platform/mail-html';
import { cutAtWord, htmlToText } from './platform/html-text';
import { isUuid } from './db/query-values';
import { hasControlCharacters } from '../shared/text';
import { NEWS_TEXTS } from '../shared/news-texts';

/** What link previews (Open Graph, Twitter cards) show for a page. */
export interface PageMeta {
  title: string;
  description: string;
  image?: string | null;
  type?: 'website' | 'article' | 'profile';
  /** Kept out of search engines' index (a page that answers 404). */
  noindex?: boolean;
}

const SITE = 'Power Mixer';
/** Characters of a longer text a description takes (previews show about this many). */
const DESCRIPTION_LENGTH = 200;
const DEFAULT_META: PageMeta = {
  title: `${SITE} · Charlotte's professional networking community`,
  description:
    'Mixers, a podcast and a member directory for real-estate professionals, entrepreneurs and industry leaders in Charlotte.',
};

/** A page answered with 404: crawlers keep it out of their index. */
export const NOT_FOUND_META: PageMeta = {
  title: `Page not found · ${SITE}`,
  description: "The page you're looking for doesn't exist.",
  noindex: true,
};

/** An event page's tags; null when there is no such event (the page answers 404). */
export async function eventPageMeta(db: Db, id: string): Promise<PageMeta | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      name: events.name,
      summary: events.summary,
      description: events.description,
      content: events.content,
      imageUrl: events.imageUrl,
    })
    .from(events)
    .where(eq(events.id, id));
  if (!row) return null;
  // Without a summary, the start of the description or of the page's text (HTML, its blocks apart).
  const text = row.description?.replace(/\s+/g, ' ').trim() || (row.content ? htmlToText(row.content) : '');
  return {
    title: `${row.name} · ${SITE}`,
    description: row.summary?.trim() || (text && cutAtWord(text, DESCRIPTION_LENGTH)) || DEFAULT_META.description,
    image: row.imageUrl,
    type: 'article',
  };
}

/** A series page's tags: its name, and its schedule in words before its summary; null when
 * there is no such series (the page answers 404). */
export async function seriesPageMeta(db: Db, id: string): Promise<PageMeta | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      rule: eventSeries.rule,
      startTime: eventSeries.startTime,
      durationMinutes: eventSeries.durationMinutes,
      template: eventSeries.template,
    })
    .from(eventSeries)
    .where(eq(eventSeries.id, id));
  if (!row) return null;
  const schedule = describeSchedule(row.rule, row.startTime, row.durationMinutes);
  const summary = row.template.summary?.trim();
  return {
    title: `${row.template.name} · ${SITE}`,
    description: cutAtWord(summary ? `${schedule}. ${summary}` : schedule, DESCRIPTION_LENGTH),
    image: row.template.imageUrl,
    type: 'website',
  };
}

/** A profile page's tags, by username (any case, already percent-decoded); null when there is
 * no such member (the page answers 404). */
export async function profilePageMeta(db: Db, username: string): Promise<PageMeta | null> {
  if (hasControlCharacters(username)) return null;
  const [row] = await db
    .select({
      username: profiles.username,
      fullName: profiles.fullName,
      position: profiles.position,
      company: profiles.company,
      avatarUrl: profiles.avatarUrl,
      bio: profiles.bio,
    })
    .from(profiles)
    .where(sql`lower(${profiles.username}) = lower(${username})`);
  if (!row) return null;
  const role = [row.position, row.company].filter(Boolean).join(' at ');
  return {
    title: `${row.fullName || row.username} (@${row.username}) · ${SITE}`,
    description:
      role ||
      row.bio?.slice(0, 200) ||
      `${row.fullName || row.username} is a member of the ${SITE} community in Charlotte.`,
    image: row.avatarUrl,
    type: 'profile',
  };
}

/** An announcement's page in the news archive (issue 35): its subject and first words; a
 * members-only one says only that it is for members (its subject is not for crawlers). Null when
 * there is none, or it has not gone out (the page answers 404). */
export async function newsPageMeta(db: Db, id: string): Promise<PageMeta | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      subject: announcements.subject,
      bodyText: announcements.bodyText,
      membersOnly: announcements.membersOnly,
    })
    .from(announcements)
    // Gone out: as the archive reads it (features/announcements/service.ts, `published`).
    .where(
      and(
        eq(announcements.id, id),
        inArray(announcements.status, ['sending', 'sent']),
        isNotNull(announcements.startedAt),
      ),
    );
  if (!row) return null;
  if (row.membersOnly) return { ...PAGES['/news']!, description: NEWS_TEXTS.signInToRead, type: 'article' };
  const text = row.bodyText.replace(/\s+/g, ' ').trim();
  return {
    title: `${row.subject} · ${SITE}`,
    description: (text && cutAtWord(text, DESCRIPTION_LENGTH)) || PAGES['/news']!.description,
    type: 'article',
  };
}

/** An episode's page (issue 36): its title, description and cover; null when there is no such
 * episode (the page answers 404). */
export async function podcastPageMeta(db: Db, id: string): Promise<PageMeta | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ title: podcasts.title, description: podcasts.description, thumbnailUrl: podcasts.thumbnailUrl })
    .from(podcasts)
    .where(eq(podcasts.id, id));
  if (!row) return null;
  const text = row.description?.replace(/\s+/g, ' ').trim();
  return {
    title: `${row.title} · ${SITE} Podcast`,
    description: (text && cutAtWord(text, DESCRIPTION_LENGTH)) || PAGES['/podcasts']!.description,
    image: row.thumbnailUrl,
    type: 'article',
  };
}

/** The fixed screens: each its own title and description (search results show them). */
const PAGES: Record<string, PageMeta> = {
  '/events': {
    title: `Events · ${SITE}`,
    description:
      'Upcoming and past Power Mixer events in Charlotte: mixers, panels and lunches for real-estate professionals and entrepreneurs. See who is going and register.',
  },
  '/community': {
    title: `Community · ${SITE}`,
    description:
      'The Power Mixer member directory: find Charlotte real-estate professionals, entrepreneurs and industry leaders by name, skill or the events they attend.',
  },
  '/podcasts': {
    title: `Podcast · ${SITE}`,
    description:
      'The Power Mixer podcast: conversations with Charlotte real-estate professionals, founders and community leaders, with new episodes coming soon.',
  },
  '/news': {
    title: `News · ${SITE}`,
    description:
      'News from the Power Mixer organisers in Charlotte: season dates, sponsors, podcast episodes and more.',
  },
  '/contact': {
    title: `Contact · ${SITE}`,
    description:
      'Contact the Power Mixer team in Charlotte: questions about events, sponsorship, the podcast or your membership.',
  },
  '/forums': {
    title: `Forums · ${SITE}`,
    description:
      "Discussion forums for Power Mixer members: ask, share and follow up on Charlotte's real-estate scene.",
  },
  '/login': {
    title: `Sign in · ${SITE}`,
    description: 'Sign in to Power Mixer to register for events, connect with members and send messages.',
  },
  '/register': {
    title: `Register · ${SITE}`,
    description:
      "Join Power Mixer, Charlotte's professional networking community: a free profile, event registration and a member directory.",
  },
  '/reset-password': {
    title: `Reset password · ${SITE}`,
    description: 'Reset your Power Mixer password: we send a link to the e-mail address of your account.',
  },
};

/** A fixed screen's own tags, by its path without a trailing slash; null: the site's default. */
export const fixedPageMeta = (path: string): PageMeta | null => PAGES[path] ?? null;

/** Puts the page's title and preview tags into index.html for crawlers that run no script. */
export function renderIndexHtml(template: string, meta: PageMeta | null, publicUrl: string, path: string): string {
  const m = meta ?? DEFAULT_META;
  const image = m.image
    ? m.image.startsWith('http')
      ? m.image
      : `${publicUrl}${m.image}`
    : `${publicUrl}/og-image.png`;
  const tags = [
    `<meta name="description" content="${escapeHtml(m.description)}">`,
    `<meta property="og:site_name" content="${SITE}">`,
    `<meta property="og:type" content="${m.type ?? 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(m.title)}">`,
    `<meta property="og:description" content="${escapeHtml(m.description)}">`,
    `<meta property="og:url" content="${escapeHtml(publicUrl + path)}">`,
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    // The news archive's feed (issue 35), for readers that find feeds from any page of a site.
    `<link rel="alternate" type="application/rss+xml" title="${SITE} News" href="/news/feed.xml">`,
    // The podcast's feed (issue 36), found the same way by podcast apps given the site's address.
    `<link rel="alternate" type="application/rss+xml" title="${SITE} Podcast" href="${PODCAST_FEED_URL}">`,
    ...(m.noindex ? ['<meta name="robots" content="noindex">'] : []),
  ].join('\n    ');
  // Function replacers: a replacement *string* would read `$&`, `$'` or `` $` `` in member text
  // (a full name, an event name) as patterns and paste parts of the page there.
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(m.title)}</title>`)
    .replace(/\s*<meta\s+name="description"[^>]*>/, '')
    .replace('</head>', () => `    ${tags}\n  </head>`);
}
