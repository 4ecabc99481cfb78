// Demo data for a fresh install (SEED_ON_EMPTY) and for `npm run db:seed`.
// Deterministic apart from ids and image file names: a seeded PRNG picks attendees,
// connections and counts, and every time is relative to `now`.

import { randomUUID } from 'node:crypto';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import * as schema from '../schema';
import {
  account,
  connections,
  contactMessages,
  eventAttendees,
  eventGuests,
  events,
  eventSponsors,
  forumPosts,
  forumReplies,
  forums,
  messages,
  podcasts,
  profiles,
  skills,
  sponsors,
  user,
  userSkills,
} from '../schema';
import type { Storage } from '../../platform/storage';
import { hashPassword } from '../../platform/passwords';
import {
  ADMIN_DATA,
  CONTACT_MESSAGES,
  DEMO_EMAIL_DOMAIN,
  FORUMS,
  GALLERY_CAPTIONS,
  MEMBERS,
  PANELIST_CARDS,
  SKILLS,
  SPONSORS,
  THREADS,
  VENUES,
} from './data';
import { generateDemoImages } from './images';

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

const YT_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

function esc(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function eventContent(intro: string, agenda: string[], note: string) {
  return (
    `<h3>About this event</h3><p>${esc(intro)}</p>` +
    `<h3>What to expect</h3><ul>${agenda.map((a) => `<li>${esc(a)}</li>`).join('')}</ul>` +
    `<p><strong>Good to know:</strong> ${esc(note)}</p>` +
    `<p>Questions? <a href="https://powermixer.example/contact">Contact the Power Mixer team</a>.</p>`
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
  /** `days` from now at `hour` o'clock Charlotte time (EDT, UTC-4; close enough in winter). */
  const at = (days: number, hour: number, minute = 0) => {
    const d = new Date(nowMs + days * DAY);
    d.setUTCHours(hour + 4, minute, 0, 0);
    return d;
  };
  const ytId = () => Array.from({ length: 11 }, () => rand.pick([...YT_CHARS])).join('');

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

  // ---- Events (plain data first: their names label the images) ------------------------
  type EventSeed = Omit<typeof events.$inferInsert, 'id'> & {
    id: string;
    attendeeCount: number;
    guestCount: number;
    sponsorNames: string[];
    galleryCount: number;
    panelistCards: number[];
  };
  const ev = (e: Omit<EventSeed, 'id'>): EventSeed => ({ id: randomUUID(), ...e });
  const eventList: EventSeed[] = [
    ev({
      name: 'Power Mixer: Spring Into Networking',
      summary: 'Our signature evening mixer: drinks, bites and two hundred of Charlotte\u2019s busiest professionals.',
      description:
        'Meet agents, lenders, investors, builders and business owners from across the Queen City at our biggest mixer of the season. Expect structured introductions, a sponsor showcase and plenty of time to talk.',
      content: eventContent(
        'Power Mixer brings together real-estate professionals, entrepreneurs and industry leaders for an evening of real conversations. Bring business cards and an open mind.',
        [
          '6:00 PM: Doors open, welcome drinks',
          '6:45 PM: Speed-networking rounds by industry',
          '7:30 PM: Sponsor spotlight and door prizes',
          '8:00 PM: Open networking on the terrace',
        ],
        'Business casual. Parking is available in the Westin garage; validation at the welcome table.',
      ),
      location: VENUES.westin,
      category: 'Mixer',
      status: 'upcoming',
      startTime: at(6, 18),
      endTime: at(6, 21),
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
      summary: 'A hands-on workshop on financing, renovating and holding rental property in Charlotte.',
      description:
        'Small-group workshop with local investors, a lender and a business attorney. Bring a deal you are analysing; we will work through the numbers together.',
      content: eventContent(
        'Seats are limited so everyone gets time with the panel. We will cover deal analysis, financing options, renovation budgets and how to structure partnerships.',
        [
          'Analysing a rental deal in 15 minutes',
          'Conventional, DSCR and portfolio loans compared',
          'Budgeting a renovation without surprises',
          'LLCs and partnership agreements',
        ],
        'Laptops welcome. Lunch is provided by our sponsors.',
      ),
      location: VENUES.campNorthEnd,
      category: 'Workshop',
      status: 'upcoming',
      startTime: at(33, 10),
      endTime: at(33, 14),
      maxAttendees: 15,
      attendeeCount: 10,
      guestCount: 3,
      sponsorNames: ['Coleman Capital Ventures', 'Piedmont Home Lending'],
      galleryCount: 0,
      panelistCards: [1, 2, 5],
    }),
    ev({
      name: 'Power Mixer Summer Gala',
      summary: 'Black-tie optional celebration of the Charlotte business community.',
      description:
        'An evening of dinner, live music and the annual Power Mixer community awards, honoring the members who made the biggest difference this year.',
      content: eventContent(
        'The Summer Gala is our biggest night of the year, celebrating the people who make this community what it is.',
        ['Cocktail hour with live jazz', 'Three-course dinner', 'Community awards', 'Dancing until late'],
        'Black-tie optional. Tables of eight can be reserved by sponsors.',
      ),
      location: VENUES.mint,
      category: 'Gala',
      status: 'upcoming',
      startTime: at(52, 19),
      endTime: at(52, 23),
      maxAttendees: null,
      attendeeCount: 14,
      guestCount: 2,
      sponsorNames: ['Coleman Capital Ventures', 'South End Creative', 'Piedmont Home Lending'],
      galleryCount: 0,
      panelistCards: [],
    }),
    ev({
      name: 'Lunch & Learn: Social Media for Realtors',
      summary: 'A practical midday session on turning Instagram and short video into real leads.',
      description: 'Bring your phone: we will plan, shoot and post a neighborhood reel together.',
      content: eventContent(
        'A relaxed lunch session with the South End Creative team and photographer Rashad Owens.',
        [
          'What is working on Instagram right now',
          'Shooting a neighborhood reel on your phone',
          'Writing captions that start conversations',
        ],
        'Lunch is included. Seating is first come, first served.',
      ),
      location: VENUES.optimistHall,
      category: 'Workshop',
      status: 'ongoing',
      startTime: new Date(nowMs - HOUR),
      endTime: new Date(nowMs + 2 * HOUR),
      maxAttendees: null,
      attendeeCount: 12,
      guestCount: 0,
      sponsorNames: ['South End Creative'],
      galleryCount: 0,
      panelistCards: [],
    }),
    ev({
      name: 'Women in Real Estate Leadership Panel',
      summary: 'Four leaders on building teams, firms and careers in Charlotte real estate.',
      description:
        'An honest conversation about leadership, negotiation and growth with some of the most respected women in Charlotte real estate, followed by networking.',
      content: eventContent(
        'Our panelists shared how they built their businesses, the mistakes they learned the most from and the advice they would give their younger selves.',
        ['Panel discussion', 'Audience Q&A', 'Networking reception'],
        'The recording and photos are below.',
      ),
      location: VENUES.ballantyne,
      category: 'Panel',
      status: 'completed',
      startTime: at(-30, 17, 30),
      endTime: at(-30, 20),
      maxAttendees: 80,
      recapVideoUrl: `https://www.youtube.com/watch?v=${ytId()}`,
      recapDescription:
        'A packed room at the Ballantyne heard Rebecca Lawson, Nia Robinson and Erin McAllister talk leadership, negotiation and building a business on your own terms.',
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
        ['Coffee and breakfast', 'Lender lightning introductions', 'Open networking'],
        'Thanks to Piedmont Home Lending for breakfast.',
      ),
      location: VENUES.heist,
      category: 'Mixer',
      status: 'completed',
      startTime: at(-50, 7, 30),
      endTime: at(-50, 9, 30),
      maxAttendees: null,
      recapVideoUrl: `https://www.youtube.com/watch?v=${ytId()}`,
      recapDescription: 'Forty early risers, a lot of coffee and plenty of new agent-lender partnerships.',
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
        ['Market data presentation', 'Panel discussion', 'Audience Q&A', 'Networking'],
        'Slides from the data presentation are linked on this page.',
      ),
      location: VENUES.convention,
      category: 'Panel',
      status: 'completed',
      startTime: at(-75, 18),
      endTime: at(-75, 20, 30),
      maxAttendees: 150,
      slidesUrl: 'https://powermixer.example/slides/charlotte-housing-market-panel.pdf',
      recapVideoUrl: `https://www.youtube.com/watch?v=${ytId()}`,
      recapDescription:
        'Derrick Coleman, Brandon Ortiz and Maya Patel shared their outlook: steady prices, more inventory in the suburbs, and why rate buydowns are back.',
      attendeeCount: 22,
      guestCount: 3,
      sponsorNames: ['Uptown Community Bank', 'Coleman Capital Ventures', 'Hart Title & Escrow'],
      galleryCount: 5,
      panelistCards: [0, 1, 5],
    }),
    ev({
      name: 'Power Mixer Kickoff: New Year, New Connections',
      summary: 'The first mixer of the year at Camp North End, with goals, games and good company.',
      description: 'We kicked off the year with a goal-setting wall, a networking bingo and a live podcast taping.',
      content: eventContent(
        'Our New Year kickoff drew a record crowd to Camp North End.',
        ['Networking bingo', 'Goal-setting wall', 'Live podcast taping'],
        'Photos and the recap video are below.',
      ),
      location: VENUES.campNorthEnd,
      category: 'Mixer',
      status: 'completed',
      startTime: at(-100, 18),
      endTime: at(-100, 21),
      maxAttendees: null,
      recapVideoUrl: `https://www.youtube.com/watch?v=${ytId()}`,
      recapDescription:
        'A record turnout, a wall full of goals for the year and the first live taping of the Power Mixer Podcast.',
      attendeeCount: 20,
      guestCount: 2,
      sponsorNames: ['Uptown Community Bank', 'South End Creative'],
      galleryCount: 6,
      panelistCards: [3],
    }),
    ev({
      name: 'Winter Holiday Gala',
      summary: 'Our holiday celebration with dinner, music and a toy drive for Charlotte families.',
      description:
        'The Winter Holiday Gala brought the community together for dinner, dancing and a toy drive that filled two trucks for local families in need.',
      content: eventContent(
        'Thank you to everyone who came out and gave generously to the toy drive.',
        ['Holiday cocktail hour', 'Dinner and awards', 'Toy drive', 'Live band'],
        'The toy drive collected more than 600 gifts.',
      ),
      location: VENUES.mint,
      category: 'Gala',
      status: 'completed',
      startTime: at(-130, 19),
      endTime: at(-130, 23),
      maxAttendees: 200,
      recapVideoUrl: `https://www.youtube.com/watch?v=${ytId()}`,
      recapDescription: 'Dinner, dancing and more than 600 gifts collected for Charlotte families.',
      attendeeCount: 24,
      guestCount: 4,
      sponsorNames: ['Coleman Capital Ventures', 'Lawson Luxury Homes', 'Piedmont Home Lending'],
      galleryCount: 4,
      panelistCards: [0],
    }),
  ];

  // ---- Podcast episodes ----------------------------------------------------------------
  type PodcastSeed = typeof podcasts.$inferInsert & { episode: string };
  const podcastList: PodcastSeed[] = [
    {
      episode: 'Episode 1',
      title: 'Building a Referral Machine in Charlotte Real Estate',
      description: 'Two top agents on turning past clients and partners into a steady stream of referrals.',
      mediaType: 'youtube',
      videoUrl: `https://www.youtube.com/watch?v=${ytId()}`,
      guests: ['Rebecca Lawson', 'Jordan Lee'],
      tags: ['real estate', 'referrals', 'sales'],
      showNotes:
        'Topics: the five-touch follow-up, client appreciation events, and why lenders are your best referral partners.',
      transcript:
        'Avery: Welcome to the Power Mixer Podcast. Today I am joined by Rebecca Lawson and Jordan Lee.\nRebecca: Thanks for having us.\nJordan: Glad to be here.',
      publishedAt: ago(120 * DAY),
    },
    {
      episode: 'Episode 2',
      title: 'From Blueprint to Block Party: Designing Charlotte\u2019s Next Neighborhoods',
      description: 'An architect and a developer on infill housing, density and designing for community.',
      mediaType: 'vimeo',
      videoUrl: `https://vimeo.com/${rand.int(100_000_000, 999_999_999)}`,
      guests: ['Tasha Greene', 'Sofia Russo'],
      tags: ['architecture', 'development', 'neighborhoods'],
      showNotes:
        'We discuss the Unified Development Ordinance, missing-middle housing and what makes a townhome community feel like a neighborhood.',
      publishedAt: ago(95 * DAY),
    },
    {
      episode: 'Episode 3',
      title: 'Rates, Reality and the First-Time Buyer',
      description: 'Two mortgage pros explain what today\u2019s rates really mean for first-time buyers.',
      mediaType: 'youtube',
      videoUrl: `https://www.youtube.com/watch?v=${ytId()}`,
      guests: ['Maya Patel', 'Tyler Jensen'],
      tags: ['mortgage', 'first-time buyers', 'finance'],
      showNotes: 'Rate buydowns, down payment assistance and how agents can help buyers get loan-ready sooner.',
      publishedAt: ago(70 * DAY),
    },
    {
      episode: 'Episode 4',
      title: 'Raising Your First Real Estate Fund',
      description:
        'Derrick Coleman on raising capital, choosing partners and the deal that almost sank his first fund.',
      mediaType: 'direct',
      mediaUrl: 'https://media.powermixer.example/podcast/episode-04-raising-your-first-fund.mp3',
      guests: ['Derrick Coleman'],
      tags: ['investing', 'capital', 'entrepreneurship'],
      showNotes: 'Audio-only episode. Topics: friends-and-family rounds, syndication basics, investor updates.',
      publishedAt: ago(50 * DAY),
    },
    {
      episode: 'Episode 5',
      title: 'Personal Brand for Professionals Who Hate Self-Promotion',
      description: 'A brand strategist and a marketing director on showing up online without feeling salesy.',
      mediaType: 'youtube',
      videoUrl: `https://www.youtube.com/watch?v=${ytId()}`,
      guests: ['Aisha Mahmoud', 'Hannah Kim'],
      tags: ['marketing', 'branding', 'social media'],
      showNotes: 'Three content pillars, a simple weekly posting routine and how to repurpose one video five ways.',
      publishedAt: ago(30 * DAY),
    },
    {
      episode: 'Episode 6',
      title: 'Inside the Deal: A South End Retail Closing',
      description: 'The broker, the lender and the attorney walk through one commercial deal from LOI to closing.',
      mediaType: 'direct',
      mediaUrl: 'https://media.powermixer.example/podcast/episode-06-inside-the-deal.mp4',
      guests: ['Carlos Rivera', 'Michael Tran', 'Olivia Hart'],
      tags: ['commercial real estate', 'lending', 'legal'],
      showNotes: 'Letters of intent, due diligence, appraisal surprises and the closing table.',
      publishedAt: ago(12 * DAY),
    },
    {
      episode: 'Coming soon',
      title: 'Women Who Build: Leadership Lessons from Charlotte\u2019s Developers',
      description: 'Our next episode, recorded live at the Women in Real Estate Leadership Panel. Coming soon.',
      mediaType: 'youtube',
      videoUrl: 'coming',
      guests: ['Sofia Russo', 'Erin McAllister'],
      tags: ['leadership', 'development'],
      showNotes: 'Announced episode: the recording is being edited.',
      publishedAt: ago(1 * DAY),
    },
  ];

  // ---- Images: written before the transaction; a failed seed leaves only unused files --
  const initials = (name: string) =>
    name
      .split(/\s+/)
      .map((w) => w[0] ?? '')
      .join('')
      .slice(0, 2)
      .toUpperCase();
  const images = await generateDemoImages(storage, {
    avatars: people.map((p) => initials(p.fullName)),
    events: eventList.map((e) => ({ name: e.name, category: e.category ?? 'Event' })),
    gallery: GALLERY_CAPTIONS,
    panelists: PANELIST_CARDS.map((c) => ({
      name: `${MEMBERS[c.member]!.first} ${MEMBERS[c.member]!.last}`,
      role: c.role,
    })),
    sponsors: SPONSORS.map((s) => s.name),
    podcasts: podcastList.map((p) => ({ title: p.title, episode: p.episode })),
  });

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
        subject: t.subject,
        content,
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
    const chosen = rand.sample(members, e.attendeeCount - (i === 0 || i === 3 ? 1 : 0));
    if (i === 0 || i === 3) chosen.unshift(admin);
    const registeredBefore = Math.min(e.startTime.getTime(), nowMs);
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
    const { episode: _e, ...row } = p;
    const coming = p.videoUrl === 'coming';
    return {
      ...row,
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
      const postCreated = ago((90 - fi * 7 - pi * 18 + rand.int(0, 5)) * DAY + rand.int(0, 600) * MINUTE);
      postRows.push({
        id: postId,
        forumId,
        authorId: idOf(p.author),
        title: p.title,
        content: p.content,
        createdAt: postCreated,
      });
      let replyTime = postCreated.getTime();
      for (const [author, content] of p.replies) {
        replyTime = Math.min(replyTime + rand.int(1, 30) * HOUR, nowMs - MINUTE);
        replyRows.push({ postId, authorId: idOf(author), content, createdAt: new Date(replyTime) });
      }
    });
  });

  const contactRows = CONTACT_MESSAGES.map(({ daysAgo, ...m }) => ({ ...m, createdAt: ago(daysAgo * DAY) }));

  await db.transaction(async (tx: Tx) => {
    await tx.insert(user).values(userRows);
    await tx.insert(account).values(accountRows);
    await tx.insert(profiles).values(profileRows);
    await tx.insert(skills).values(skillRows);
    await tx.insert(userSkills).values(userSkillRows);
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
  });

  return {
    adminEmail,
    adminPassword: options.adminPassword,
    memberPassword: options.memberPassword,
    exampleMemberEmail: members[0]!.email,
  };
}
