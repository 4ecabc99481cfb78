// The podcast pages' constants, texts and helpers, without zod: the podcasts page and an
// episode's page import these, so the validation library is not on their critical path.
// shared/podcasts.ts re-exports them for everything else.
import type { Podcast } from './podcasts';

export const PODCASTS_EMPTY = 'No podcasts found matching your search.';

/** 'coming' (or nothing) means the episode is announced but not out yet. */
export const isComingSoon = (p: Pick<Podcast, 'videoUrl' | 'mediaUrl' | 'mediaType'>) =>
  p.videoUrl === 'coming' || (p.mediaType === 'direct' ? !p.mediaUrl : !p.videoUrl);

export const PODCAST_NOT_FOUND = 'Podcast not found';

export const EPISODE_TEXTS = {
  back: 'All episodes',
  guests: 'Guests',
  showNotes: 'Show notes',
  transcript: 'Transcript',
  noTranscript: 'No transcript yet.',
  /** A timestamp's accessible name: "Play from 1:02". */
  playFrom: (stamp: string) => `Play from ${stamp}`,
} as const;

export interface TranscriptLine {
  /** Seconds from the start, when the line begins with a time ("[1:02]", "00:01:02", "1:02 -"). */
  seconds: number | null;
  /** The time as written, without brackets ("1:02"). */
  stamp: string | null;
  text: string;
}

const STAMP = /^\s*[[(]?((?:(\d{1,2}):)?(\d{1,2}):(\d{2}))[\])]?\s*(?:[-–—]\s*)?/;

/** A transcript's lines, each with its time when it starts with one; blank lines dropped. */
export function transcriptLines(transcript: string): TranscriptLine[] {
  return transcript
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const m = STAMP.exec(line);
      if (!m || Number(m[4]) > 59 || (m[2] !== undefined && Number(m[3]) > 59))
        return { seconds: null, stamp: null, text: line.trim() };
      const seconds = Number(m[2] ?? 0) * 3600 + Number(m[3]) * 60 + Number(m[4]);
      return { seconds, stamp: m[1]!, text: line.slice(m[0].length).trim() };
    });
}

export const PODCAST_FEED_URL = '/podcasts/feed.xml';

export const PODCAST_FEED_TEXTS = {
  follow: 'Follow in your podcast app',
  /** What the link's hint says the address is for. */
  hint: 'Copy this address into any podcast app to get new episodes as they come out.',
  audioFile: 'Audio file',
  audioHint: "MP3 or M4A, up to 100 MB. It becomes the episode's media (Direct) and goes into the podcast feed.",
  audioAfterCreate: 'Create the episode first; its audio file is uploaded from its edit form.',
} as const;

/** "24:13" or "1:02:03". */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}
