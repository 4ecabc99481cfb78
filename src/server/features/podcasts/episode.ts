import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/query-values';
import { podcasts, profiles } from '../../db/schema';
import { sanitizeRichHtml } from '../../platform/html';
import { escapeHtml } from '../../platform/mail-html';
import type { Storage } from '../../platform/storage';
import { podcastColumns, toPodcast } from './service';
import { isBlankRichText } from '../../../shared/rich-text';
import type { Episode, EpisodeGuest } from '../../../shared/podcasts';

// An episode's own page (issue 36): the episode, its show notes as sanitised HTML, its
// transcript, and its guests linked to their profiles when they are members.

const LOOKS_LIKE_HTML = /<\/?[a-z][^>]*>/i;

/** Show notes as the admin typed them: HTML is sanitised; plain text becomes paragraphs (a blank
 * line apart) with its line breaks kept. Null when nothing is left. */
export function showNotesHtml(notes: string | null, storage?: Pick<Storage, 'locate'>): string | null {
  if (!notes?.trim()) return null;
  const html = LOOKS_LIKE_HTML.test(notes)
    ? notes
    : notes
        .trim()
        .split(/\r?\n\s*\r?\n/)
        .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\r?\n/g, '<br>')}</p>`)
        .join('');
  const clean = sanitizeRichHtml(html, { storage });
  return isBlankRichText(clean) ? null : clean;
}

/** Each guest with the username of the one member of that name (any case); null when no member
 * or several have it. */
export async function guestProfiles(db: Db, guests: string[]): Promise<EpisodeGuest[]> {
  if (guests.length === 0) return [];
  const names = guests.map((g) => g.toLowerCase());
  const rows = await db
    .select({ name: sql<string>`lower(${profiles.fullName})`, username: profiles.username })
    .from(profiles)
    .where(inArray(sql`lower(${profiles.fullName})`, names));
  const byName = new Map<string, string[]>();
  for (const r of rows) byName.set(r.name, [...(byName.get(r.name) ?? []), r.username]);
  return guests.map((name) => {
    const found = byName.get(name.toLowerCase()) ?? [];
    return { name, username: found.length === 1 ? found[0]! : null };
  });
}

export async function findEpisode(db: Db, id: string, storage?: Pick<Storage, 'locate'>): Promise<Episode | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ ...podcastColumns, transcript: podcasts.transcript, showNotes: podcasts.showNotes })
    .from(podcasts)
    .where(eq(podcasts.id, id));
  if (!row) return null;
  const { transcript, showNotes, ...listed } = row;
  const podcast = toPodcast(listed);
  return {
    ...podcast,
    transcript: transcript?.trim() || null,
    showNotesHtml: showNotesHtml(showNotes, storage),
    guestProfiles: await guestProfiles(db, podcast.guests),
  };
}
