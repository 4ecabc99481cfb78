import { randomUUID } from 'node:crypto';
import type { podcasts } from '../../db/schema';
import type { Storage } from '../../platform/storage';
import { jingleWav } from './audio';
import { TUE, type DemoCalendar } from './calendar';
import type { Random } from './random';

// The podcast's episodes. Published ones carry real audio written to storage: an excerpt (the
// opening theme; the demo has no recorded voices) that their description names as one, with its
// length. The announced one comes out next week and has no media yet.

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
      showNotes:
        'Topics: the five-touch follow-up, client appreciation events, and why lenders are your best referral partners.',
      transcript:
        'Camille: Welcome to the Power Mixer Podcast. Today I am joined by Rebecca Lawson and Jordan Lee.\nRebecca: Thanks for having us.\nJordan: Glad to be here.',
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
      showNotes: 'Letters of intent, due diligence, appraisal surprises and the closing table.',
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

/** How long each episode's excerpt plays. */
export const EXCERPT_SECONDS = 30;

/** What an episode's description adds about its audio: "Excerpt (0:30): the opening theme." */
export const excerptNote = (seconds: number) =>
  `Excerpt (${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}): the opening theme.`;

/** A real, playable excerpt per published episode (served from uploads); null for the announced
 * one. Written before the seed's transaction: a failed seed leaves only unused files. */
export function writeEpisodeAudio(storage: Storage, episodes: Episode[]): Promise<(string | null)[]> {
  return Promise.all(
    episodes.map((p, i) =>
      p.videoUrl === 'coming'
        ? null
        : storage.put(
            'podcast-images',
            `demo/episode-${i + 1}-${randomUUID()}.wav`,
            jingleWav(i, EXCERPT_SECONDS),
            'audio/wav',
          ),
    ),
  );
}

export function demoPodcasts(input: {
  episodes: Episode[];
  audio: (string | null)[];
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
        mediaUrl: audio,
        videoUrl: null,
        description: `${p.description} ${excerptNote(EXCERPT_SECONDS)}`,
      }),
      thumbnailUrl: input.thumbnails[i]!,
      viewCount: coming ? 0 : rand.int(150, 2400),
      likesCount: coming ? 0 : rand.int(10, 180),
      createdAt: p.publishedAt as Date,
    };
  });
}
