import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { podcasts } from '../../db/schema';
import { readEpisodeAudio } from '../../features/podcasts/audio';
import type { Storage } from '../../platform/storage';
import { formatDuration } from '../../../shared/podcasts';
import { TUE, type DemoCalendar } from './calendar';
import type { Random } from './random';

// The podcast's episodes. Published ones carry a real MP3 stored as an upload is, so they are in
// the podcast feed: two are short spoken episodes (synthetic voices, with a timed transcript), the
// others an excerpt (the opening theme) that their description names as one, with its length.
// The announced one comes out next week and has no media yet.

type Episode = typeof podcasts.$inferInsert;

export function planEpisodes(calendar: DemoCalendar): Episode[] {
  const { at, day } = calendar;
  const episodeDay = (days: number) => at(day(days, TUE), 6);
  return [
    {
      title: 'Building a Referral Machine in Charlotte Real Estate',
      description: 'Two top agents on turning past clients and partners into a steady stream of referrals.',
      guests: ['Rebecca Lawson', 'Jordan Lee'],
      tags: ['real estate', 'referrals', 'sales'],
      showNotes: [
        'In this episode:',
        '[0:27] The five-touch follow-up: a week, thirty days and the anniversary after closing.\n[0:45] Lenders as referral partners, and the monthly coffee.\n[0:58] Client appreciation events that people come to.',
        'Rebecca and Jordan are both members: say hello at the next mixer, or find them in the member directory.',
      ].join('\n\n'),
      publishedAt: episodeDay(-120),
    },
    {
      title: 'From Blueprint to Block Party: Designing Charlotte\u2019s Next Neighborhoods',
      description: 'An architect and a developer on infill housing, density and designing for community.',
      guests: ['Tasha Greene', 'Sofia Russo'],
      tags: ['architecture', 'development', 'neighborhoods'],
      showNotes:
        'We discuss the Unified Development Ordinance, missing-middle housing and what makes a townhome community feel like a neighborhood.',
      publishedAt: episodeDay(-95),
    },
    {
      title: 'Rates, Reality and the First-Time Buyer',
      description: 'Two mortgage pros explain what today\u2019s rates really mean for first-time buyers.',
      guests: ['Maya Patel', 'Tyler Jensen'],
      tags: ['mortgage', 'first-time buyers', 'finance'],
      showNotes: 'Rate buydowns, down payment assistance and how agents can help buyers get loan-ready sooner.',
      publishedAt: episodeDay(-70),
    },
    {
      title: 'Raising Your First Real Estate Fund',
      description:
        'Derrick Coleman on raising capital, choosing partners and the deal that almost sank his first fund.',
      guests: ['Derrick Coleman'],
      tags: ['investing', 'capital', 'entrepreneurship'],
      showNotes: 'Topics: friends-and-family rounds, syndication basics, investor updates.',
      publishedAt: episodeDay(-50),
    },
    {
      title: 'Personal Brand for Professionals Who Hate Self-Promotion',
      description: 'A brand strategist and a marketing director on showing up online without feeling salesy.',
      guests: ['Aisha Mahmoud', 'Hannah Kim'],
      tags: ['marketing', 'branding', 'social media'],
      showNotes: 'Three content pillars, a simple weekly posting routine and how to repurpose one video five ways.',
      publishedAt: episodeDay(-30),
    },
    {
      title: 'Inside the Deal: A South End Retail Closing',
      description: 'The broker, the lender and the attorney walk through one commercial deal from LOI to closing.',
      guests: ['Carlos Rivera', 'Michael Tran', 'Olivia Hart'],
      tags: ['commercial real estate', 'lending', 'legal'],
      showNotes: [
        '<p>Letters of intent, due diligence, appraisal surprises and the closing table.</p>',
        '<h3>Due diligence checklist</h3>',
        '<ul><li>Rent roll and every lease, with amendments</li><li>Estoppel letters from each tenant</li><li>Survey, title commitment and zoning letter</li><li>Phase I environmental report</li><li>Roof and HVAC inspection</li></ul>',
        '<p>Commercial lending questions? Michael hosts office hours before each mixer.</p>',
      ].join(''),
      publishedAt: episodeDay(-12),
    },
    {
      title: 'Women Who Lead: Lessons from Our Leadership Panel',
      description: 'Our next episode, recorded live at the Women in Real Estate Leadership Panel. Coming soon.',
      mediaType: 'youtube',
      videoUrl: 'coming',
      guests: ['Rebecca Lawson', 'Nia Robinson', 'Erin McAllister'],
      tags: ['leadership', 'negotiation'],
      showNotes: 'Announced episode: the recording is being edited.',
      publishedAt: episodeDay(7),
    },
  ];
}

/** The MP3s (and the spoken ones' transcripts) made offline by scripts/demo-audio.ts. */
export const EPISODE_AUDIO_DIR = fileURLToPath(new URL('./episodes', import.meta.url));
/** The two episodes with voices (by their place in planEpisodes) and their files' names. */
const SPOKEN: Record<number, string> = { 0: 'referral-machine', 5: 'south-end-closing' };
/** The published episodes without voices: their file is the show's opening theme. */
export const JINGLE_EPISODES = [1, 2, 3, 4];

export interface DemoAudio {
  url: string;
  bytes: number;
  mime: string;
  durationSeconds: number;
  /** A spoken episode's transcript, timed to its file. */
  transcript: string | null;
  spoken: boolean;
}

/** What an episode's description adds about its audio, with the file's length. */
export const audioNote = (audio: Pick<DemoAudio, 'spoken' | 'durationSeconds'>) =>
  audio.spoken
    ? `A short episode (${formatDuration(audio.durationSeconds)}), read by synthetic voices for the demo.`
    : `Excerpt (${formatDuration(audio.durationSeconds)}): the opening theme.`;

/** Each published episode's file, stored as an admin's upload would be; null for the announced
 * one. Written before the seed's transaction: a failed seed leaves only unused files. */
export function writeEpisodeAudio(storage: Storage, episodes: Episode[]): Promise<(DemoAudio | null)[]> {
  return Promise.all(
    episodes.map(async (_, i) => {
      const name = SPOKEN[i] ?? (JINGLE_EPISODES.includes(i) ? `theme-${i + 1}` : null);
      if (!name) return null;
      const bytes = await readFile(path.join(EPISODE_AUDIO_DIR, `${name}.mp3`));
      const file = await readEpisodeAudio(bytes);
      const url = await storage.put('podcast-images', `audio/demo-${name}-${randomUUID()}.mp3`, bytes, file.mime);
      const spoken = i in SPOKEN;
      const transcript = spoken ? await readFile(path.join(EPISODE_AUDIO_DIR, `${name}.txt`), 'utf8') : null;
      return { url, bytes: bytes.length, mime: file.mime, durationSeconds: file.durationSeconds, transcript, spoken };
    }),
  );
}

export function demoPodcasts(input: {
  episodes: Episode[];
  audio: (DemoAudio | null)[];
  thumbnails: string[];
  rand: Random;
}): Episode[] {
  const { rand } = input;
  return input.episodes.map((p, i) => {
    const audio = input.audio[i];
    const coming = !audio;
    return {
      ...p,
      ...(audio && {
        mediaType: 'direct' as const,
        mediaUrl: audio.url,
        mediaBytes: audio.bytes,
        mediaMime: audio.mime,
        durationSeconds: audio.durationSeconds,
        videoUrl: null,
        description: `${p.description} ${audioNote(audio)}`,
        transcript: audio.transcript?.trim() ?? p.transcript,
      }),
      thumbnailUrl: input.thumbnails[i]!,
      viewCount: coming ? 0 : rand.int(150, 2400),
      likesCount: coming ? 0 : rand.int(10, 180),
      createdAt: p.publishedAt as Date,
    };
  });
}
