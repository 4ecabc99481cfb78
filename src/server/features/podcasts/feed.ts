import { createHash } from 'node:crypto';
import { and, desc, isNotNull, lte, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/query-values';
import { podcasts } from '../../db/schema';
import { absoluteLinks, escapeHtml } from '../../platform/mail-html';
import type { Storage } from '../../platform/storage';
import { PODCAST_FEED_URL } from '../../../shared/podcasts';
import { showNotesHtml, guestProfiles } from './episode';

// The podcast feed (issue 36): RSS 2.0 with Apple's `itunes` tags and the Podcasting 2.0
// `podcast` namespace, for the episodes whose media is a file uploaded here (a YouTube or Vimeo
// link is not an enclosure, and a typed URL has no known length). Apple's requirements:
// https://podcasters.apple.com/support/823-podcast-requirements

const TITLE = 'Power Mixer Podcast';
const SUMMARY =
  "Conversations with the people of Charlotte's Power Mixer community: how they find clients, raise money, close deals and build careers.";
/** Drawn by scripts/draw-icons.ts: 1400 px square, no words. */
const COVER_PATH = '/podcast-cover.jpg';
const FEED_ITEMS = 300;
/** The Podcasting 2.0 namespace for podcast:guid (a UUIDv5 of the feed URL without its scheme). */
const PODCAST_GUID_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

/** RFC 4122 version 5: SHA-1 of the namespace's bytes and the name, with version and variant set. */
export function uuidV5(name: string, namespace: string): string {
  const bytes = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The feed's own GUID: it stays while the feed's address does, whatever else changes. */
export const podcastGuid = (feedUrl: string) =>
  uuidV5(feedUrl.replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, ''), PODCAST_GUID_NAMESPACE);

export const transcriptPath = (id: string) => `/podcasts/${id}/transcript.txt`;

const whole = (publicUrl: string, url: string) => (url.startsWith('/') ? `${publicUrl}${url}` : url);
const cdata = (html: string) => `<![CDATA[${html.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

export async function podcastFeed(
  db: Db,
  config: Pick<Config, 'publicUrl' | 'CONTACT_EMAIL'>,
  now: Date,
  storage?: Pick<Storage, 'locate'>,
): Promise<string> {
  const { publicUrl } = config;
  const rows = await db
    .select({
      id: podcasts.id,
      title: podcasts.title,
      description: podcasts.description,
      showNotes: podcasts.showNotes,
      transcript: podcasts.transcript,
      guests: podcasts.guests,
      mediaUrl: podcasts.mediaUrl,
      mediaBytes: podcasts.mediaBytes,
      mediaMime: podcasts.mediaMime,
      durationSeconds: podcasts.durationSeconds,
      publishedAt: podcasts.publishedAt,
    })
    .from(podcasts)
    .where(
      and(
        eq(podcasts.mediaType, 'direct'),
        isNotNull(podcasts.mediaUrl),
        isNotNull(podcasts.mediaBytes),
        isNotNull(podcasts.mediaMime),
        lte(podcasts.publishedAt, now),
      ),
    )
    .orderBy(desc(podcasts.publishedAt), desc(podcasts.id))
    .limit(FEED_ITEMS);

  const items = await Promise.all(
    rows.map(async (r) => {
      const link = `${publicUrl}/podcasts/${r.id}`;
      const notes = showNotesHtml(r.showNotes, storage);
      const summary = r.description?.trim() || r.title;
      const html = `<p>${escapeHtml(summary)}</p>${notes ? absoluteLinks(notes, publicUrl) : ''}`;
      const people = (await guestProfiles(db, r.guests)).map((g) =>
        g.username
          ? `<podcast:person role="guest" href="${escapeHtml(`${publicUrl}/user/${encodeURIComponent(g.username)}`)}">${escapeHtml(g.name)}</podcast:person>`
          : `<podcast:person role="guest">${escapeHtml(g.name)}</podcast:person>`,
      );
      return [
        '<item>',
        `<title>${escapeHtml(r.title)}</title>`,
        `<link>${escapeHtml(link)}</link>`,
        // The row's id: never changes with an edit of the title, the file or the date.
        `<guid isPermaLink="false">${r.id}</guid>`,
        `<pubDate>${r.publishedAt.toUTCString()}</pubDate>`,
        `<description>${cdata(html)}</description>`,
        `<itunes:summary>${escapeHtml(summary)}</itunes:summary>`,
        `<enclosure url="${escapeHtml(whole(publicUrl, r.mediaUrl!))}" length="${r.mediaBytes}" type="${escapeHtml(r.mediaMime!)}"/>`,
        r.durationSeconds ? `<itunes:duration>${r.durationSeconds}</itunes:duration>` : '',
        '<itunes:episodeType>full</itunes:episodeType>',
        '<itunes:explicit>false</itunes:explicit>',
        r.transcript?.trim()
          ? `<podcast:transcript url="${escapeHtml(publicUrl + transcriptPath(r.id))}" type="text/plain" language="en"/>`
          : '',
        ...people,
        '</item>',
      ]
        .filter(Boolean)
        .join('\n');
    }),
  );

  const self = `${publicUrl}${PODCAST_FEED_URL}`;
  const owner = escapeHtml(config.CONTACT_EMAIL);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    '<channel>',
    `<title>${TITLE}</title>`,
    `<link>${escapeHtml(`${publicUrl}/podcasts`)}</link>`,
    `<description>${escapeHtml(SUMMARY)}</description>`,
    '<language>en-us</language>',
    `<atom:link href="${escapeHtml(self)}" rel="self" type="application/rss+xml"/>`,
    `<podcast:guid>${podcastGuid(self)}</podcast:guid>`,
    '<podcast:locked>no</podcast:locked>',
    '<itunes:author>Power Mixer</itunes:author>',
    `<itunes:owner><itunes:name>Power Mixer</itunes:name><itunes:email>${owner}</itunes:email></itunes:owner>`,
    `<itunes:image href="${escapeHtml(publicUrl + COVER_PATH)}"/>`,
    `<image><url>${escapeHtml(publicUrl + COVER_PATH)}</url><title>${TITLE}</title><link>${escapeHtml(`${publicUrl}/podcasts`)}</link></image>`,
    '<itunes:category text="Business"><itunes:category text="Careers"/></itunes:category>',
    '<itunes:explicit>false</itunes:explicit>',
    '<itunes:type>episodic</itunes:type>',
    rows[0] ? `<lastBuildDate>${rows[0].publishedAt.toUTCString()}</lastBuildDate>` : '',
    ...items,
    '</channel>',
    '</rss>',
    '',
  ]
    .filter((line, i, all) => line !== '' || i === all.length - 1)
    .join('\n');
}

/** An episode's transcript as plain text, for podcast apps (podcast:transcript); null without one. */
export async function findTranscript(db: Db, id: string): Promise<string | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select({ transcript: podcasts.transcript }).from(podcasts).where(eq(podcasts.id, id));
  const text = row?.transcript?.trim();
  return text ? `${text}\n` : null;
}
