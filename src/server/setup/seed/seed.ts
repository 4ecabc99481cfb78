// Demo data for a fresh install (SEED_ON_EMPTY) and for `npm run db:seed`.
// Deterministic apart from ids and image file names: a seeded PRNG picks attendees,
// connections and counts, and every time is relative to `now`.

import { randomUUID } from 'node:crypto';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import {
  account,
  connections,
  contactMessages,
  eventAttendees,
  eventCheckIns,
  eventDoorStaff,
  eventGuests,
  eventReminders,
  events,
  eventSponsors,
  forumPosts,
  forumReplies,
  forums,
  jobs,
  messages,
  morningAfterSends,
  notificationPreferences,
  offersAndAsks,
  podcasts,
  profiles,
  skills,
  sponsors,
  user,
  userSkills,
} from '../../db/schema';
import type { Storage } from '../../platform/storage';
import { hashPassword } from '../../platform/passwords';
import { localDate, toInstant } from '../../../shared/event-admin';
import {
  ADMIN_DATA,
  CONTACT_MESSAGES,
  DEMO_EMAIL_DOMAIN,
  FORUMS,
  GALLERY_PHOTOS,
  MEMBERS,
  PANELIST_CARDS,
  SKILLS,
  SPONSORS,
  THREADS,
  VENUES,
} from './data';
import { jingleWav } from './audio';
import { demoReminders } from './reminders';
import { DEMO_DOOR_STAFF, demoCheckIns } from './check-ins';
import { demoMetAt } from './met-at';
import { demoMorningAfter } from './morning-after';
import { generateDemoImages } from './images';
import { OFFERS_ASKS } from './offers-asks';
import { termsOf } from '../../features/members/offers-asks';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export { DEMO_EMAIL_DOMAIN };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** mulberry32: a tiny deterministic PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };
  return { next, int, pick, shuffle, sample: <T>(items: readonly T[], n: number) => shuffle(items).slice(0, n) };
}

/** The community's time zone: every demo time is a round hour or half hour on its clocks. */
export const DEMO_TIME_ZONE = 'America/New_York';

export type Season = 'Spring' | 'Summer' | 'Fall' | 'Winter';

/** The (northern) season of an instant's month on the community's calendar. */
export function seasonOf(date: Date, timeZone = DEMO_TIME_ZONE): Season {
  const month = Number(localDate(date, timeZone).slice(5, 7));
  return month <= 2 || month === 12 ? 'Winter' : month <= 5 ? 'Spring' : month <= 8 ? 'Summer' : 'Fall';
}

/** Christmas to New Year's Day, Independence Day and Thanksgiving (a calendar day at UTC midnight). */
function isHoliday(d: Date): boolean {
  const month = d.getUTCMonth() + 1;
  const date = d.getUTCDate();
  if ((month === 12 && date >= 24) || (month === 1 && date === 1) || (month === 7 && date === 4)) return true;
  return month === 11 && d.getUTCDay() === 4 && date >= 22 && date <= 28;
}

const MIXER_NAMES: Record<Season, string> = {
  Spring: 'Power Mixer: Spring Into Networking',
  Summer: 'Power Mixer: Summer Sunset Social',
  Fall: 'Power Mixer: Fall Into Networking',
  Winter: 'Power Mixer: Winter Warm-Up',
};

function esc(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function eventContent(intro: string, agenda: string[], note: string) {
  return (
    // The page titles this section "About This Event" itself: no second heading of that name.
    `<p>${esc(intro)}</p>` +
    `<h3>What to expect</h3><ul>${agenda.map((a) => `<li>${esc(a)}</li>`).join('')}</ul>` +
    `<p><strong>Good to know:</strong> ${esc(note)}</p>` +
    `<p>Questions? <a href="/contact">Contact the Power Mixer team</a>.</p>`
  );
}

/** True when the users table has no rows: a fresh install that should get demo data. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: user.id }).from(user).limit(1);
  return rows.length === 0;
}

/** Empties every table the schema defines (product and auth), for re-seeding on purpose. */
export async function clearDatabase(db: Db): Promise<void> {
  const names = (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => `"${getTableName(table)}"`);
  await db.execute(sql.raw(`truncate table ${names.join(', ')} restart identity cascade`));
}

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string;
  /** Every demo member (not the admin) signs in with this one. No default: see setup/demo-credentials.ts. */
  memberPassword: string;
  now?: Date;
  /** The community's time zone (SITE_TIMEZONE); America/New_York unless said otherwise. */
  timeZone?: string;
}

export interface SeededLogins {
  adminEmail: string;
  adminPassword: string;
  memberPassword: string;
  /** One demo member's e-mail, for the banner (they are all first.last@domain). */
  exampleMemberEmail: string;
}

export async function seedDemo(db: Db, storage: Storage, options: SeedOptions): Promise<SeededLogins> {
  const now = options.now ?? new Date();
  const nowMs = now.getTime();
  const adminEmail = options.adminEmail.trim().toLowerCase();
  const rand = prng(0x9e3779b9);
  const ago = (ms: number) => new Date(nowMs - ms);
  const timeZone = options.timeZone ?? DEMO_TIME_ZONE;
  // Dates are days on the community's calendar; times are its wall-clock times (DST included).
  const [ty, tm, td] = localDate(now, timeZone).split('-').map(Number) as [number, number, number];
  /** The calendar day `days` after today, moved on to the next `weekday` (0 Sunday .. 6 Saturday),
   * and a week later when that falls on a holiday nobody holds a networking event on. */
  const day = (days: number, weekday?: number) => {
    const d = new Date(Date.UTC(ty, tm - 1, td + days));
    while (weekday !== undefined && d.getUTCDay() !== weekday) d.setUTCDate(d.getUTCDate() + 1);
    while (weekday !== undefined && isHoliday(d)) d.setUTCDate(d.getUTCDate() + 7);
    return d;
  };
  /** `days` from today, moved by `step` days until it is no holiday. */
  const workday = (days: number, step: 1 | -1) => {
    const d = day(days);
    while (isHoliday(d)) d.setUTCDate(d.getUTCDate() + step);
    return d;
  };
  const pad = (n: number) => String(n).padStart(2, '0');
  /** That day at hour:minute in the community's time zone. */
  const at = (date: Date, hour: number, minute = 0) =>
    toInstant(`${date.toISOString().slice(0, 10)}T${pad(hour)}:${pad(minute)}`, timeZone)!;
  const [TUE, WED, THU, SAT] = [2, 3, 4, 6];

  // ---- People -------------------------------------------------------------------------
  const people = [
    {
      id: randomUUID(),
      username: ADMIN_DATA.username,
      fullName: ADMIN_DATA.fullName,
      email: adminEmail,
      company: ADMIN_DATA.company,
      position: ADMIN_DATA.position,
      bio: ADMIN_DATA.bio,
      skills: ADMIN_DATA.skills,
      isAdmin: true,
      isSponsor: false,
      isPanelist: false,
      website: 'https://powermixer.example',
      createdAt: ago(420 * DAY),
    },
    ...MEMBERS.map((m, i) => {
      const username = `${m.first}${m.last}`.toLowerCase().replace(/[^a-z0-9]/g, '');
      const domain = m.company
        .toLowerCase()
        .replace(/&/g, 'and')
        .replace(/[^a-z0-9]/g, '');
      return {
        id: randomUUID(),
        username,
        fullName: `${m.first} ${m.last}`,
        email: `${m.first}.${m.last}@${DEMO_EMAIL_DOMAIN}`.toLowerCase(),
        company: m.company,
        position: m.position,
        bio: m.bio,
        skills: m.skills,
        isAdmin: false,
        isSponsor: m.sponsor ?? false,
        isPanelist: m.panelist ?? false,
        website: `https://www.${domain}.example`,
        // Spread over the past year; later members joined more recently.
        createdAt: ago((400 - i * 12 - rand.int(0, 8)) * DAY),
      };
    }),
  ];
  const admin = people[0]!;
  const members = people.slice(1);
  const byUsername = new Map(people.map((p) => [p.username, p]));
  const idOf = (username: string) => {
    const p = byUsername.get(username);
    if (!p) throw new Error(`Seed data names an unknown member: ${username}`);
    return p.id;
  };

  // ---- Events (plain data first: their categories colour the images) -------------------
  type EventSeed = Omit<typeof events.$inferInsert, 'id'> & {
    id: string;
    attendeeCount: number;
    guestCount: number;
    sponsorNames: string[];
    galleryCount: number;
    panelistCards: number[];
  };
  const ev = (e: Omit<EventSeed, 'id'>): EventSeed => ({ id: randomUUID(), ...e });
  const mixerDay = day(3, THU);
  const galaDay = day(45, SAT);
  const pastGalaDay = day(-130, SAT);
  const galaName = (date: Date) => `Power Mixer ${seasonOf(date, timeZone)} Gala`;
  const upcomingGala = galaName(galaDay);
  /** Message and forum texts name the upcoming gala as `{gala}`. */
  const named = (text: string) => text.replaceAll('{gala}', upcomingGala);
  const eventList: EventSeed[] = [
    ev({
      name: MIXER_NAMES[seasonOf(mixerDay, timeZone)],
      summary: 'Our signature evening mixer: drinks, bites and a room full of Charlotte\u2019s busiest professionals.',
      description:
        'Meet agents, lenders, investors, builders and business owners from across the Queen City at our biggest mixer of the season. Expect structured introductions, a sponsor showcase and plenty of time to talk.',
      content: eventContent(
        'Power Mixer brings together real-estate professionals, entrepreneurs and industry leaders for an evening of real conversations. Bring business cards and an open mind.',
        [
          '6:00 PM: Doors open, welcome drinks',
          '6:45 PM: Speed-networking rounds by industry',
          '7:30 PM: Sponsor spotlight and door prizes',
          '8:00 PM: Open networking in the lounge',
        ],
        'Business casual. Parking is available in the Westin garage; validation at the welcome table.',
      ),
      location: VENUES.westin,
      category: 'Mixer',
      status: 'upcoming',
      startTime: at(mixerDay, 18),
      endTime: at(mixerDay, 21),
      maxAttendees: 60,
      isFeatured: true,
      attendeeCount: 20,
      guestCount: 4,
      sponsorNames: ['Uptown Community Bank', 'Lawson Luxury Homes', 'Hart Title & Escrow'],
      galleryCount: 0,
      panelistCards: [],
    }),
    ev({
      name: 'Real Estate Investing Workshop: Buy, Fix, Hold',
      summary: 'A hands-on Saturday workshop on financing, renovating and holding rental property in Charlotte.',
      description:
        'Small-group workshop with local investors, a lender and a business attorney. Bring a deal you are analysing; we will work through the numbers together.',
      content: eventContent(
        'Seats are limited so everyone gets time with the panel. We will cover deal analysis, financing options, renovation budgets and how to structure partnerships.',
        [
          '10:00 AM: Analysing a rental deal in 15 minutes',
          '11:00 AM: Conventional, DSCR and portfolio loans compared',
          '12:00 PM: Working lunch: budgeting a renovation without surprises',
          '1:00 PM: LLCs and partnership agreements',
        ],
        'Laptops welcome. Lunch is provided by our sponsors.',
      ),
      location: VENUES.campNorthEnd,
      category: 'Workshop',
      status: 'upcoming',
      startTime: at(day(26, SAT), 10),
      endTime: at(day(26, SAT), 14),
      maxAttendees: 15,
      attendeeCount: 10,
      guestCount: 3,
      sponsorNames: ['Coleman Capital Ventures', 'Piedmont Home Lending'],
      galleryCount: 0,
      panelistCards: [1, 2, 5],
    }),
    ev({
      name: upcomingGala,
      summary: 'Black-tie optional celebration of the Charlotte business community.',
      description:
        'An evening of dinner, live music and the Power Mixer community awards, honoring the members who made the biggest difference since our last gala.',
      content: eventContent(
        `The ${upcomingGala} is our biggest night of the season, celebrating the people who make this community what it is.`,
        [
          '6:00 PM: Cocktail hour with live jazz',
          '7:15 PM: Three-course dinner',
          '8:45 PM: Community awards',
          '9:30 PM: Dancing until 11 PM',
        ],
        'Black-tie optional. Tables of eight can be reserved by sponsors.',
      ),
      location: VENUES.mint,
      category: 'Gala',
      status: 'upcoming',
      // Evening events start by 6:30 PM: profiles show event dates in UTC (spec 1), where a 7 PM
      // start in winter is already the next day.
      startTime: at(galaDay, 18),
      endTime: at(galaDay, 23),
      maxAttendees: null,
      attendeeCount: 14,
      guestCount: 2,
      sponsorNames: ['Coleman Capital Ventures', 'South End Creative', 'Piedmont Home Lending'],
      galleryCount: 0,
      panelistCards: [],
    }),
    // Under way whatever the hour the demo is seeded: a three-day summit, or, when a holiday
    // falls in those days (nobody holds a conference over Thanksgiving or Christmas), a drive
    // that runs for weeks and pauses on the holidays.
    ev(
      [-1, 0, 1].some((n) => isHoliday(day(n)))
        ? {
            name: 'Community Giving Drive: Coats and Canned Food',
            summary: 'Drop off warm coats and canned food at our sponsors\u2019 offices for Charlotte families.',
            description:
              'Members collect coats and non-perishable food for local shelters and food banks. Drop-off points are open on weekdays; bring a friend and a bag.',
            content: eventContent(
              'Every donation goes to Charlotte shelters and food banks at the end of the drive.',
              [
                'Weekdays, 9 AM to 5 PM: Drop-off at Uptown Community Bank',
                'Weekdays, 9 AM to 5 PM: Drop-off at Hart Title & Escrow',
                'Last day: Sorting and delivery with volunteers',
              ],
              'Drop-off points keep bank hours and close when the banks do.',
            ),
            location: 'Uptown Community Bank, 201 S Tryon St, Charlotte, NC 28202',
            category: 'Community',
            status: 'ongoing',
            startTime: at(workday(-10, -1), 9),
            endTime: at(workday(10, 1), 17),
            maxAttendees: null,
            attendeeCount: 12,
            guestCount: 0,
            sponsorNames: ['Uptown Community Bank', 'Hart Title & Escrow'],
            galleryCount: 0,
            panelistCards: [],
          }
        : {
            // Spans three days, so it is under way whatever the hour the demo is seeded.
            name: 'Carolinas Real Estate Summit: The Power Mixer Lounge',
            summary:
              'Three days at the region\u2019s biggest real estate summit, with a members\u2019 lounge on the show floor.',
            description:
              'Power Mixer hosts the networking lounge at this year\u2019s Carolinas Real Estate Summit. Drop by between sessions for coffee, introductions and a quiet place to take a call.',
            content: eventContent(
              'Members and their guests are welcome in the lounge every day of the summit, from 9 AM to 5 PM.',
              [
                'Day 1: Opening keynote and lender row',
                'Day 2: PropTech demos and the investor track',
                'Day 3: Commercial outlook and closing reception',
              ],
              'The lounge is next to hall B. Summit passes are sold separately; the lounge itself is free for members.',
            ),
            location: VENUES.convention,
            category: 'Conference',
            status: 'ongoing',
            startTime: at(day(-1), 9),
            endTime: at(day(1), 17),
            maxAttendees: null,
            attendeeCount: 12,
            guestCount: 0,
            sponsorNames: ['Uptown Community Bank'],
            galleryCount: 0,
            panelistCards: [],
          },
    ),
    ev({
      name: 'Lunch & Learn: Social Media for Realtors',
      summary: 'A practical midday session on turning Instagram and short video into real leads.',
      description: 'Bring your phone: we will plan, shoot and post a neighborhood reel together over lunch.',
      content: eventContent(
        'A relaxed lunch session with the South End Creative team and photographer Rashad Owens.',
        [
          '12:00 PM: Lunch and introductions',
          '12:20 PM: What is working on Instagram right now',
          '12:45 PM: Shooting a neighborhood reel on your phone',
          '1:10 PM: Writing captions that start conversations',
        ],
        'Lunch is included. Seating is first come, first served.',
      ),
      location: VENUES.optimistHall,
      category: 'Workshop',
      status: 'upcoming',
      startTime: at(day(12, WED), 12),
      endTime: at(day(12, WED), 13, 30),
      maxAttendees: 40,
      attendeeCount: 12,
      guestCount: 0,
      sponsorNames: ['South End Creative'],
      galleryCount: 0,
      panelistCards: [],
    }),
    ev({
      name: 'Women in Real Estate Leadership Panel',
      summary: 'Three leaders on building teams, firms and careers in Charlotte real estate.',
      description:
        'An honest conversation about leadership, negotiation and growth with some of the most respected women in Charlotte real estate, followed by networking.',
      content: eventContent(
        'Our panelists shared how they built their businesses, the mistakes they learned the most from and the advice they would give their younger selves.',
        ['5:30 PM: Welcome', '6:00 PM: Panel discussion', '7:00 PM: Audience Q&A', '7:30 PM: Networking reception'],
        'Photos from the evening are below.',
      ),
      location: VENUES.ballantyne,
      category: 'Panel',
      status: 'completed',
      startTime: at(day(-30, TUE), 17, 30),
      endTime: at(day(-30, TUE), 20),
      maxAttendees: 80,
      recapDescription:
        'A full front row at the Ballantyne heard Rebecca Lawson, Nia Robinson and Erin McAllister talk leadership, negotiation and building a business on your own terms.',
      attendeeCount: 18,
      guestCount: 2,
      sponsorNames: ['Lawson Luxury Homes', 'Hart Title & Escrow'],
      galleryCount: 4,
      panelistCards: [4, 2, 3],
    }),
    ev({
      name: 'Lenders & Agents Breakfast Mixer',
      summary: 'Coffee, biscuits and introductions between agents and the lenders who close their deals.',
      description: 'An early-morning mixer pairing agents with local lenders before the workday starts.',
      content: eventContent(
        'A morning built for introductions: every agent met at least three lenders before 9 AM.',
        ['7:30 AM: Coffee and breakfast', '8:00 AM: Lender lightning introductions', '8:30 AM: Open networking'],
        'Thanks to Piedmont Home Lending for breakfast.',
      ),
      location: VENUES.heist,
      category: 'Mixer',
      status: 'completed',
      startTime: at(day(-50, WED), 7, 30),
      endTime: at(day(-50, WED), 9, 30),
      maxAttendees: null,
      recapDescription: 'Early risers, a lot of coffee and plenty of new agent-lender partnerships.',
      attendeeCount: 15,
      guestCount: 0,
      sponsorNames: ['Piedmont Home Lending'],
      galleryCount: 3,
      panelistCards: [5],
    }),
    ev({
      name: 'Panel: Where the Charlotte Housing Market Is Headed',
      summary: 'Brokers, lenders and investors on prices, rates and inventory for the year ahead.',
      description:
        'Our panel of market experts broke down the latest data on prices, inventory and interest rates, and what they mean for buyers, sellers and investors across the Charlotte region.',
      content: eventContent(
        'A data-heavy evening with practical takeaways for anyone who works with buyers, sellers or investors.',
        [
          '6:00 PM: Market data presentation',
          '6:30 PM: Panel discussion',
          '7:30 PM: Audience Q&A',
          '8:00 PM: Networking',
        ],
        'The recap below sums up the panel\u2019s outlook.',
      ),
      location: VENUES.convention,
      category: 'Panel',
      status: 'completed',
      startTime: at(day(-75, THU), 18),
      endTime: at(day(-75, THU), 20, 30),
      maxAttendees: 150,
      recapDescription:
        'Derrick Coleman, Brandon Ortiz and Maya Patel shared their outlook: steady prices, more inventory in the suburbs, and why rate buydowns are back.',
      attendeeCount: 22,
      guestCount: 3,
      sponsorNames: ['Uptown Community Bank', 'Coleman Capital Ventures', 'Hart Title & Escrow'],
      galleryCount: 5,
      panelistCards: [0, 1, 5],
    }),
    ev({
      name: 'Makers & Mixers at Camp North End',
      summary: 'A mixer among the studios and food stalls of Camp North End, with games and good company.',
      description:
        'Networking bingo, a wall of goals for the months ahead and the first live taping of the Power Mixer Podcast.',
      content: eventContent(
        'Our mixer at Camp North End brought makers, agents and founders together among the studios.',
        ['6:00 PM: Networking bingo', '7:00 PM: Goal-setting wall', '7:30 PM: Live podcast taping'],
        'Photos from the evening are below.',
      ),
      location: VENUES.campNorthEnd,
      category: 'Mixer',
      status: 'completed',
      startTime: at(day(-100, THU), 18),
      endTime: at(day(-100, THU), 21),
      maxAttendees: null,
      recapDescription: 'A lively crowd, a wall full of goals and the first live taping of the Power Mixer Podcast.',
      attendeeCount: 20,
      guestCount: 2,
      sponsorNames: ['Uptown Community Bank', 'South End Creative'],
      galleryCount: 6,
      panelistCards: [3],
    }),
    ev({
      name: galaName(pastGalaDay),
      summary: 'Dinner, music and a silent auction for Charlotte housing nonprofits.',
      description:
        'The gala brought the community together for dinner, dancing and a silent auction that raised more than $48,000 for local housing nonprofits.',
      content: eventContent(
        'Thank you to everyone who came out and bid generously at the silent auction.',
        [
          '6:00 PM: Cocktail hour',
          '7:30 PM: Dinner and awards',
          '9:00 PM: Silent auction closes',
          '9:30 PM: Live band',
        ],
        'The auction raised more than $48,000.',
      ),
      location: VENUES.mint,
      category: 'Gala',
      status: 'completed',
      startTime: at(pastGalaDay, 18),
      endTime: at(pastGalaDay, 23),
      maxAttendees: 200,
      recapDescription: 'Dinner, dancing and more than $48,000 raised for Charlotte housing nonprofits.',
      attendeeCount: 24,
      guestCount: 4,
      sponsorNames: ['Coleman Capital Ventures', 'Lawson Luxury Homes', 'Piedmont Home Lending'],
      galleryCount: 4,
      panelistCards: [0],
    }),
  ];

  // ---- Podcast episodes ----------------------------------------------------------------
  // Published ones carry real (short) audio written below; the announced one comes out
  // next week and has no media yet.
  const episodeDay = (days: number) => at(day(days, TUE), 6);
  type PodcastSeed = typeof podcasts.$inferInsert;
  const podcastList: PodcastSeed[] = [
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

  // ---- Images and audio: written before the transaction; a failed seed leaves only unused files
  const memberIndex = new Map(MEMBERS.map((m, i) => [m, i + 1]));
  const images = await generateDemoImages(storage, {
    avatars: people.length,
    events: eventList.map((e) => e.category ?? 'Mixer'),
    gallery: GALLERY_PHOTOS,
    // A speaker portrait is drawn like that member's avatar.
    panelists: PANELIST_CARDS.map((c) => memberIndex.get(MEMBERS[c.member]!)!),
    sponsors: SPONSORS.length,
    podcasts: podcastList.length,
  });
  // A few seconds of a real, playable jingle per published episode (served from uploads).
  const audioUrls = await Promise.all(
    podcastList.map((p, i) =>
      p.videoUrl === 'coming'
        ? null
        : storage.put('podcast-images', `demo/episode-${i + 1}-${randomUUID()}.wav`, jingleWav(i), 'audio/wav'),
    ),
  );

  // ---- Hash passwords once each (argon2 is deliberately slow) --------------------------
  const [adminHash, memberHash] = await Promise.all([
    hashPassword(options.adminPassword),
    hashPassword(options.memberPassword),
  ]);

  // ---- Rows ------------------------------------------------------------------------------
  const userRows = people.map((p) => ({
    id: p.id,
    name: p.fullName,
    email: p.email,
    emailVerified: true,
    createdAt: p.createdAt,
    updatedAt: p.createdAt,
  }));
  const accountRows = people.map((p) => ({
    id: randomUUID(),
    accountId: p.id,
    providerId: 'credential',
    userId: p.id,
    password: p.isAdmin ? adminHash : memberHash,
    createdAt: p.createdAt,
    updatedAt: p.createdAt,
  }));
  const profileRows = people.map((p, i) => ({
    id: p.id,
    username: p.username,
    fullName: p.fullName,
    avatarUrl: images.avatars[i]!,
    bio: p.bio,
    company: p.company,
    position: p.position,
    website: p.website,
    instagramUrl: `https://instagram.com/${p.username}`,
    facebookUrl: `https://facebook.com/${p.username}`,
    linkedinUrl: `https://linkedin.com/in/${p.username}`,
    isAdmin: p.isAdmin,
    isSponsor: p.isSponsor,
    isPanelist: p.isPanelist,
    createdAt: p.createdAt,
  }));

  const skillRows = SKILLS.map((s, i) => ({
    id: randomUUID(),
    name: s.name,
    category: s.category,
    createdAt: ago((500 - i) * DAY),
  }));
  const skillId = new Map(skillRows.map((s) => [s.name, s.id]));
  const userSkillRows = people.flatMap((p) =>
    p.skills.map((name, k) => {
      const id = skillId.get(name);
      if (!id) throw new Error(`Seed data names an unknown skill: ${name}`);
      return { userId: p.id, skillId: id, createdAt: new Date(p.createdAt.getTime() + (k + 1) * HOUR) };
    }),
  );

  // Connections: one row per pair whichever side asked, never with oneself.
  const connectionRows: (typeof connections.$inferInsert)[] = [];
  const pairs = new Set<string>();
  const connect = (
    requesterId: string,
    recipientId: string,
    status: 'pending' | 'accepted' | 'rejected',
    daysAgo: number,
  ) => {
    const key = [requesterId, recipientId].sort().join('|');
    if (requesterId === recipientId || pairs.has(key)) return false;
    pairs.add(key);
    const createdAt = ago(daysAgo * DAY + rand.int(0, 600) * MINUTE);
    const updatedAt =
      status === 'pending' ? createdAt : new Date(Math.min(createdAt.getTime() + rand.int(1, 48) * HOUR, nowMs));
    connectionRows.push({ requesterId, recipientId, status, createdAt, updatedAt });
    return true;
  };
  for (const [i, username] of [
    'jordanlee',
    'mayapatel',
    'marcusbennett',
    'carlosrivera',
    'derrickcoleman',
    'brandonortiz',
    'jasminecarter',
  ].entries()) {
    // Alternate who asked, so the admin's list has both directions.
    if (i % 2 === 0) connect(admin.id, idOf(username), 'accepted', rand.int(30, 300));
    else connect(idOf(username), admin.id, 'accepted', rand.int(30, 300));
  }
  connect(idOf('gracesullivan'), admin.id, 'pending', 2);
  connect(idOf('victoralvarez'), admin.id, 'pending', 1);
  connect(admin.id, idOf('samuelokafor'), 'pending', 3);
  const TARGET_CONNECTIONS = 62;
  let memberPairs = 0;
  while (connectionRows.length < TARGET_CONNECTIONS) {
    const a = rand.pick(members);
    const b = rand.pick(members);
    const status = memberPairs < 2 ? 'rejected' : memberPairs < 10 ? 'pending' : 'accepted';
    if (connect(a.id, b.id, status, status === 'pending' ? rand.int(1, 14) : rand.int(5, 200))) memberPairs++;
  }

  // Messages: threads of alternating (or not) lines; the read state follows the thread.
  const messageRows: (typeof messages.$inferInsert)[] = [];
  for (const t of THREADS) {
    const aId = idOf(t.a);
    const bId = idOf(t.b);
    let time = nowMs - t.daysAgo * DAY + rand.int(0, 8) * HOUR;
    t.lines.forEach(([who, content], k) => {
      if (k > 0) time += rand.int(1, 8) * HOUR + rand.int(0, 59) * MINUTE;
      const createdAt = new Date(Math.min(time, nowMs - (t.lines.length - k) * 10 * MINUTE));
      const last = k === t.lines.length - 1;
      // Unread: the last message, and any message just before it from the same sender.
      const trailing = t.lines.slice(k).every(([w]) => w === who);
      const unread = t.unread === true && (last || trailing);
      messageRows.push({
        senderId: who === 'a' ? aId : bId,
        recipientId: who === 'a' ? bId : aId,
        subject: named(t.subject),
        content: named(content),
        createdAt,
        readAt: unread ? null : new Date(Math.min(createdAt.getTime() + rand.int(5, 90) * MINUTE, nowMs)),
      });
    });
  }
  // A few short notes to round out the inbox: members thanking each other after events.
  const notes = [
    'Great meeting you at the mixer! Let us grab coffee soon.',
    'Thanks for the introduction the other night, really appreciated it.',
    'Enjoyed our chat about the market. Sending the article I mentioned.',
    'Loved your question during the panel Q&A. Would be happy to continue the conversation.',
  ];
  for (let i = 0; messageRows.length < 80; i++) {
    const from = members[(i * 7 + 3) % members.length]!;
    const to = members[(i * 11 + 5) % members.length]!;
    if (from.id === to.id) continue;
    const createdAt = ago(rand.int(2, 60) * DAY + rand.int(0, 600) * MINUTE);
    messageRows.push({
      senderId: from.id,
      recipientId: to.id,
      subject: 'Great to meet you',
      content: notes[i % notes.length]!,
      createdAt,
      readAt: i % 3 === 0 ? null : new Date(createdAt.getTime() + HOUR),
    });
  }

  // Sponsors and events.
  const sponsorRows = SPONSORS.map((s, i) => ({
    id: randomUUID(),
    name: s.name,
    info: s.info,
    logoUrl: images.sponsors[i]!,
    website: `https://www.${s.domain}`,
    level: s.level,
    createdAt: ago((300 - i * 20) * DAY),
  }));
  const sponsorId = new Map(sponsorRows.map((s) => [s.name, s.id]));

  // Said in the reminders of what is still to come; the others say the usual line.
  const WHAT_TO_BRING: Record<string, string> = {
    Mixer: 'Business cards, and one sentence on who you hope to meet tonight.',
    Workshop: 'A laptop or a notebook, and the question you most want answered.',
    Gala: 'Your ticket e-mail and business cards; the dress code is cocktail attire.',
    Panel: 'A question for the panel; there is time for ten after the talk.',
  };
  let galleryCursor = 0;
  const eventRows = eventList.map((e, i) => {
    const gallery = Array.from(
      { length: e.galleryCount },
      () => images.gallery[galleryCursor++ % images.gallery.length]!,
    );
    const { attendeeCount: _a, guestCount: _g, sponsorNames: _s, galleryCount: _c, panelistCards, ...row } = e;
    return {
      ...row,
      imageUrl: images.events[i]!,
      galleryUrls: gallery,
      panelistsUrls: panelistCards.map((c) => images.panelists[c]!),
      recapThumbnailUrl: gallery[0] ?? null,
      whatToBring: e.startTime.getTime() > nowMs ? (WHAT_TO_BRING[e.category ?? ''] ?? null) : null,
      createdAt: new Date(Math.min(e.startTime.getTime(), nowMs) - rand.int(20, 40) * DAY),
    };
  });
  const eventSponsorRows = eventList.flatMap((e) =>
    e.sponsorNames.map((name) => {
      const id = sponsorId.get(name);
      if (!id) throw new Error(`Seed data names an unknown sponsor: ${name}`);
      return { eventId: e.id, sponsorId: id };
    }),
  );

  // Attendees and guests; the admin goes to the next mixer and the ongoing workshop.
  const attendeeRows: (typeof eventAttendees.$inferInsert)[] = [];
  const guestRows: (typeof eventGuests.$inferInsert)[] = [];
  const guestNames = [
    'Morgan Ellis',
    'Taylor Brooks',
    'Casey Morgan',
    'Riley Chen',
    'Jamie Foster',
    'Drew Patterson',
    'Quinn Alvarado',
    'Avery Stone',
    'Parker Hayes',
    'Reese Donovan',
  ];
  let guestCursor = 0;
  eventList.forEach((e, i) => {
    const registeredBefore = Math.min(e.startTime.getTime(), nowMs);
    // Only members who had joined by then (a profile's events never predate its 'Joined').
    const joined = members.filter((m) => m.createdAt.getTime() < registeredBefore - 21 * DAY);
    const chosen = rand.sample(joined, Math.min(joined.length, e.attendeeCount - (i === 0 || i === 3 ? 1 : 0)));
    if (i === 0 || i === 3) chosen.unshift(admin);
    const going: string[] = [];
    chosen.forEach((p, k) => {
      const status = k === 0 || rand.next() < 0.85 ? 'attending' : 'maybe';
      if (status === 'attending') going.push(p.id);
      attendeeRows.push({
        eventId: e.id,
        userId: p.id,
        status,
        createdAt: new Date(registeredBefore - rand.int(1, 20) * DAY - rand.int(0, 600) * MINUTE),
      });
    });
    for (let g = 0; g < e.guestCount && going.length > 0; g++) {
      const name = guestNames[guestCursor++ % guestNames.length]!;
      guestRows.push({
        id: randomUUID(),
        eventId: e.id,
        profileId: going[g % going.length]!,
        guestName: name,
        guestEmail: `${name.replace(' ', '.')}@example.com`.toLowerCase(),
        createdAt: new Date(registeredBefore - rand.int(1, 5) * DAY),
      });
    }
    const total = going.length + guestRows.filter((r) => r.eventId === e.id).length;
    if (e.maxAttendees != null && total > e.maxAttendees) {
      throw new Error(`Seed data over capacity for ${e.name}: ${total} > ${e.maxAttendees}`);
    }
  });

  // Podcasts.
  const podcastRows = podcastList.map((p, i) => {
    const audio = audioUrls[i];
    const coming = !audio;
    return {
      ...p,
      ...(audio && { mediaType: 'direct' as const, mediaUrl: audio, videoUrl: null }),
      thumbnailUrl: images.podcasts[i]!,
      viewCount: coming ? 0 : rand.int(150, 2400),
      likesCount: coming ? 0 : rand.int(10, 180),
      createdAt: p.publishedAt as Date,
    };
  });

  // Forums, posts and replies.
  const forumRows: (typeof forums.$inferInsert)[] = [];
  const postRows: (typeof forumPosts.$inferInsert)[] = [];
  const replyRows: (typeof forumReplies.$inferInsert)[] = [];
  FORUMS.forEach((f, fi) => {
    const forumId = randomUUID();
    const forumCreated = ago((240 - fi * 15) * DAY);
    forumRows.push({ id: forumId, name: f.name, description: f.description, createdAt: forumCreated });
    f.posts.forEach((p, pi) => {
      const postId = randomUUID();
      // Never before its author joined (nor a reply before its writer did).
      const postCreated = new Date(
        Math.max(
          ago((90 - fi * 7 - pi * 18 + rand.int(0, 5)) * DAY + rand.int(0, 600) * MINUTE).getTime(),
          byUsername.get(p.author)!.createdAt.getTime() + 2 * DAY + rand.int(0, 600) * MINUTE,
        ),
      );
      postRows.push({
        id: postId,
        forumId,
        authorId: idOf(p.author),
        title: named(p.title),
        // Posts are rich HTML like replies; lists show the plain-text excerpt.
        content: `<p>${escapeHtml(named(p.content))}</p>`,
        excerpt: named(p.content),
        createdAt: postCreated,
        lastActivityAt: postCreated,
      });
      let replyTime = postCreated.getTime();
      for (const [author, content] of p.replies) {
        replyTime = Math.min(
          Math.max(replyTime + rand.int(1, 30) * HOUR, byUsername.get(author)!.createdAt.getTime() + DAY),
          nowMs - MINUTE,
        );
        replyRows.push({ postId, authorId: idOf(author), content, createdAt: new Date(replyTime) });
      }
    });
  });

  const sent = demoReminders({
    events: eventRows,
    attendees: attendeeRows,
    guests: guestRows,
    memberIds: members.map((m) => m.id),
    now,
    random: () => rand.next(),
  });

  const door = demoCheckIns({
    events: eventRows,
    attendees: attendeeRows,
    guests: guestRows as ((typeof guestRows)[number] & { id: string })[],
    adminId: admin.id,
    doorStaffMembers: DEMO_DOOR_STAFF.map((username) => byUsername.get(username)!),
    now,
    random: () => rand.next(),
  });

  // A few pairs scanned each other's connect codes at the last events: "met at {event}".
  const metAtRows = demoMetAt({
    events: eventRows,
    checkIns: door.checkIns,
    connections: connectionRows,
    focus: [members[0]!.id],
    now,
  });

  const mornings = demoMorningAfter({
    events: eventRows,
    checkIns: door.checkIns,
    preferences: sent.preferences,
    now,
    timeZone,
  });

  // What each member offers and looks for, with the terms matching compares (as a save makes them).
  const itemRows = people.flatMap((p) => {
    const said = OFFERS_ASKS[p.username];
    if (!said) throw new Error(`Seed data has no offers and asks for ${p.username}`);
    return [
      ...said.offers.map((text, position) => ({ userId: p.id, kind: 'offer', text, position, createdAt: p.createdAt })),
      ...said.asks.map((text, position) => ({ userId: p.id, kind: 'ask', text, position, createdAt: p.createdAt })),
    ];
  });
  const itemTerms = await termsOf(
    db,
    itemRows.map((r) => r.text),
  );
  const offerAndAskRows = itemRows.map((r, i) => ({ ...r, terms: itemTerms[i]! }));

  const contactRows = CONTACT_MESSAGES.map(({ daysAgo, ...m }) => ({ ...m, createdAt: ago(daysAgo * DAY) }));

  await db.transaction(async (tx: Tx) => {
    await tx.insert(user).values(userRows);
    await tx.insert(account).values(accountRows);
    await tx.insert(profiles).values(profileRows);
    await tx.insert(skills).values(skillRows);
    await tx.insert(userSkills).values(userSkillRows);
    await tx.insert(offersAndAsks).values(offerAndAskRows);
    await tx.insert(connections).values(connectionRows);
    await tx.insert(messages).values(messageRows);
    await tx.insert(sponsors).values(sponsorRows);
    await tx.insert(events).values(eventRows);
    await tx.insert(eventSponsors).values(eventSponsorRows);
    await tx.insert(eventAttendees).values(attendeeRows);
    if (guestRows.length) await tx.insert(eventGuests).values(guestRows);
    await tx.insert(podcasts).values(podcastRows);
    await tx.insert(forums).values(forumRows);
    await tx.insert(forumPosts).values(postRows);
    await tx.insert(forumReplies).values(replyRows);
    await tx.insert(contactMessages).values(contactRows);
    if (sent.reminders.length) await tx.insert(eventReminders).values(sent.reminders);
    if (sent.jobRuns.length) await tx.insert(jobs).values(sent.jobRuns);
    if (sent.preferences.length) await tx.insert(notificationPreferences).values(sent.preferences);
    if (door.checkIns.length) await tx.insert(eventCheckIns).values(door.checkIns);
    if (door.doorStaff.length) await tx.insert(eventDoorStaff).values(door.doorStaff);
    if (metAtRows.length) await tx.insert(connections).values(metAtRows);
    if (mornings.sends.length) await tx.insert(morningAfterSends).values(mornings.sends);
    if (mornings.jobRuns.length) await tx.insert(jobs).values(mornings.jobRuns);
  });

  return {
    adminEmail,
    adminPassword: options.adminPassword,
    memberPassword: options.memberPassword,
    exampleMemberEmail: members[0]!.email,
  };
}
