import { randomUUID } from 'node:crypto';
import type {
  account,
  eventAttendees,
  eventCheckIns,
  eventFeedback,
  eventGuests,
  events,
  notificationPreferences,
  profiles,
  user,
} from '../../db/schema';
import { localDate, toLocalInput } from '../../../shared/event-admin';
import { FEEDBACK_WINDOW_DAYS } from '../../../shared/feedback';
import { morningAfterAt } from '../../features/people-to-meet/morning-after';
import { DAY, HOUR, MINUTE, SAT, THU, TUE, WED, isHoliday, type DemoCalendar } from './calendar';
import { DEMO_EMAIL_DOMAIN, MEMBERS, VENUES } from './data';
import { eventContent } from './events';
import type { DemoImages } from './images';
import type { DemoPeople } from './people';
import type { Random } from './random';

// Two years of the community's past (issue 34), for the organisers' Insights: members joining
// month by month (more each year, fewer in the summer heat and over the holidays), the
// first-Thursday mixers from before the series existed and a few other evenings, each with
// its registrations from the announcement to the day, its door (from a little over a year
// ago, when the door app came in) and its no-shows, which the weather and the holidays raise;
// and, for every past event, the ratings of some of those who came. Newcomers have sparse
// profiles, as most real sign-ups do. Draws from a sequence of its own, so the rest of the demo
// stays as it was.

const FIRST_NAMES =
  'Adrian Alicia Amanda Ben Bianca Caleb Carmen Cody Dana Desmond Elena Felix Gabriela Gavin Heather Ian Imani Isaac Jada Jenna Joel Kara Keisha Kyle Leah Luis Malik Megan Nathan Noelle Omar Paige Raymond Rosa Seth Tanya Trevor Valerie Wesley Yolanda'.split(
    ' ',
  );
const LAST_NAMES =
  'Abbott Barnes Boyd Caldwell Chandler Daniels Delgado Dixon Eaton Ferguson Fleming Garner Gibbs Gordon Hale Holloway Ingram Jennings Keller Lambert Lowe Maddox Marsh Mendez Norris Pace Palmer Quinn Ramsey Reyes Sanders Sharpe Stanton Thornton Vaughn Wade Walsh Webb Yates Zimmerman'.split(
    ' ',
  );
const COMPANIES =
  'Carolina Keystone Properties, Piedmont Title Partners, Lake Norman Realty, Mecklenburg Mortgage Co., NoDa Home Team, Catawba Builders, Ballantyne Property Management, Dilworth Law Group, Sugar Creek Insurance, Matthews Home Inspections, Plaza Midwood Homes, Crown Commercial Advisors, Steele Creek Lending, University City Rentals, Myers Park Staging, Independence Appraisals, Blue Ridge CPA Group, Freedom Park Realty, Eastover Wealth Partners, Cotswold Design Build'.split(
    ', ',
  );
const POSITIONS =
  'Realtor, Buyer’s Agent, Loan Officer, Mortgage Broker, Title Officer, Property Manager, Real Estate Attorney, Home Inspector, Insurance Agent, General Contractor, Home Stager, Appraiser, Investor, CPA, Financial Advisor, Project Manager, Leasing Consultant'.split(
    ', ',
  );
const GUEST_NAMES =
  'Alex Romero, Brianna Cole, Cameron Shaw, Devon Marsh, Elise Porter, Frankie Lin, Gina Albright, Hector Ruiz, Ivy Chambers, Jules Harper, Kendall Price, Logan Pierce'.split(
    ', ',
  );
const MONTHS = 'January February March April May June July August September October November December'.split(' ');

/** New members a month, relative to the trend: the heat and vacations of June to August and the
 * holidays slow sign-ups; January and September bring a rush. Index 0 is January. */
const JOIN_SEASON = [1.3, 1.1, 1.1, 1.0, 1.0, 0.55, 0.4, 0.6, 1.25, 1.1, 0.9, 0.6];
/** Of those registered as attending, the share who stay away: summer heat and vacations, the
 * holiday rush and winter weather. */
const NO_SHOW = [0.16, 0.14, 0.09, 0.08, 0.08, 0.18, 0.22, 0.2, 0.08, 0.07, 0.1, 0.2];
/** Turnout at a month's mixer, relative to the trend. */
const TURNOUT = [1.1, 1.0, 1.05, 1.0, 1.0, 0.8, 0.7, 0.8, 1.1, 1.05, 1.0, 0.85];

const MIXER_RECAPS = [
  'A full room and three member asks answered before last call.',
  'Lenders and agents paired off early; the host kept introductions going until the end.',
  'A rainy evening and a smaller crowd, which made for longer conversations.',
  'Two builders met the investors they had been looking for; the asks wall filled up early.',
  'First-timers outnumbered regulars, and most of them stayed until last call.',
  'A lively round of introductions by industry and a surprise visit from our sponsor’s new branch team.',
  'A quieter night with regulars trading referrals and lender names.',
  'The biggest crowd of the year so far, and name tags ran out by 7.',
];
const VENUE_ROTATION = [VENUES.heist, VENUES.heist, VENUES.optimistHall, VENUES.heist, VENUES.campNorthEnd];

type EventRow = typeof events.$inferInsert & { id: string; startTime: Date; endTime: Date; createdAt: Date };
type AttendeeRow = typeof eventAttendees.$inferInsert & { createdAt: Date };
type GuestRow = typeof eventGuests.$inferInsert & { id: string };
type CheckInRow = typeof eventCheckIns.$inferInsert;
type FeedbackRow = typeof eventFeedback.$inferInsert;

interface Newcomer {
  id: string;
  username: string;
  fullName: string;
  email: string;
  company: string;
  position: string;
  createdAt: Date;
}

/** How a member takes to the events: a regular, now and then, or once and never again. */
type Habit = 'regular' | 'sometimes' | 'once';

interface OtherEvent {
  name: string;
  category: string;
  daysAgo: number;
  weekday: number;
  from: [number, number];
  to: [number, number];
  location: string;
  maxAttendees: number | null;
  /** Who registers (members), before the room is full. */
  demand: number;
  guests: number;
  panelists: number[];
  summary: string;
  intro: string;
  agenda: string[];
  note: string;
  recap: string;
}

const OTHER_EVENTS: OtherEvent[] = [
  {
    name: 'Investor Workshop: Reading a Rent Roll',
    category: 'Workshop',
    daysAgo: 215,
    weekday: SAT,
    from: [10, 0],
    to: [13, 0],
    location: VENUES.campNorthEnd,
    maxAttendees: 20,
    demand: 24,
    guests: 0,
    panelists: [1],
    summary: 'A Saturday morning with a seasoned investor, working through real rent rolls line by line.',
    intro: 'Bring a calculator: we read three real rent rolls and find what the seller would rather you missed.',
    agenda: ['10:00 AM: What a rent roll tells you', '11:00 AM: Three deals, three rent rolls', '12:30 PM: Questions'],
    note: 'Seats are limited to twenty so everyone gets time with the panel.',
    recap: 'Twenty investors, three rent rolls and a long list of questions for the next session.',
  },
  {
    name: 'Panel: Building a Referral Business That Lasts',
    category: 'Panel',
    daysAgo: 300,
    weekday: TUE,
    from: [17, 30],
    to: [20, 0],
    location: VENUES.ballantyne,
    maxAttendees: 80,
    demand: 22,
    guests: 2,
    panelists: [4, 2],
    summary: 'Two top producers on the habits that keep referrals coming year after year.',
    intro: 'How do you stay the first name people think of? Our panelists shared what they do every week.',
    agenda: ['5:30 PM: Welcome', '6:00 PM: Panel discussion', '7:00 PM: Questions', '7:30 PM: Networking'],
    note: 'Parking is free in the hotel garage.',
    recap: 'A packed room took notes on follow-up systems, client events and the art of the thank-you note.',
  },
  {
    name: 'Contracts Without Surprises: A Midday Session',
    category: 'Workshop',
    daysAgo: 400,
    weekday: WED,
    from: [12, 0],
    to: [13, 30],
    location: VENUES.optimistHall,
    maxAttendees: 30,
    demand: 16,
    guests: 0,
    panelists: [2],
    summary: 'A business attorney walks through the clauses that cause the most trouble at closing.',
    intro: 'Sandwiches, a printed contract and an attorney who has seen every way a closing can go wrong.',
    agenda: ['12:00 PM: The five clauses to read twice', '12:45 PM: Your questions', '1:15 PM: Wrap-up'],
    note: 'Food from the hall’s vendors is on us.',
    recap: 'Sixteen members and one well-marked contract: due diligence dates were the big topic.',
  },
  {
    name: 'Power Mixer Founders’ Gala',
    category: 'Gala',
    daysAgo: 494,
    weekday: SAT,
    from: [18, 0],
    to: [23, 0],
    location: VENUES.mint,
    maxAttendees: 150,
    demand: 26,
    guests: 6,
    panelists: [0],
    summary: 'Our first gala: dinner, music and a toast to the people who built this community.',
    intro: 'One year in, we dressed up and celebrated the members who turned a brewery table into a community.',
    agenda: ['6:00 PM: Cocktail hour', '7:30 PM: Dinner and toasts', '9:00 PM: Live band'],
    note: 'Cocktail attire.',
    recap: 'Dinner, dancing and the first community awards, presented to a standing room.',
  },
  {
    name: 'Panel: Your First Year in Real Estate',
    category: 'Panel',
    daysAgo: 600,
    weekday: TUE,
    from: [18, 0],
    to: [20, 0],
    location: VENUES.heist,
    maxAttendees: 60,
    demand: 12,
    guests: 1,
    panelists: [3],
    summary: 'Newer agents ask a coach and two veterans what they wish they had known.',
    intro: 'An honest hour on lead generation, money and finding a mentor in your first year.',
    agenda: ['6:00 PM: Panel discussion', '7:00 PM: Questions', '7:30 PM: Networking'],
    note: 'Free for members and their guests.',
    recap: 'A small, candid evening: the veterans’ budgeting advice got the most questions.',
  },
  {
    name: 'Workshop: Pricing a Listing in a Shifting Market',
    category: 'Workshop',
    daysAgo: 680,
    weekday: SAT,
    from: [10, 0],
    to: [12, 0],
    location: VENUES.campNorthEnd,
    maxAttendees: 25,
    demand: 9,
    guests: 0,
    panelists: [4],
    summary: 'Comparable sales, price cuts and how to talk a seller through both.',
    intro: 'We priced three real Charlotte listings together and compared our numbers with what they sold for.',
    agenda: ['10:00 AM: Choosing comparables', '10:45 AM: Three listings, three prices', '11:30 AM: The seller talk'],
    note: 'Coffee and pastries provided.',
    recap: 'A small group and three listings: the closest guess was within two percent.',
  },
];

/** What people wrote under "What would make the next one better?", by how the evening went. */
const COMMENTS: Record<'mixer' | 'morning' | 'talk' | 'gala', Record<'good' | 'fine' | 'meh' | 'bad', string[]>> = {
  mixer: {
    good: [
      'Honestly not much. Met two lenders I am already working with. Keep the name tags big.',
      'More of the same, please. The host introductions made it easy to walk up to people.',
      'A second round of introductions later in the evening, for those of us who come straight from showings.',
      'Best one yet. It would help to see who is coming ahead of time so I can plan who to meet.',
      'Perfect length. I left with three referrals and a coffee on the calendar.',
      'Keep the member asks. That is where the real connections happened.',
      'Nothing to change. Parking validation at the door was a nice touch.',
    ],
    fine: [
      'The room got loud after 7. A quieter corner for real conversations would help.',
      'Name tags with company names, please. I kept forgetting who was with which brokerage.',
      'More lenders! It felt like every agent there was looking for one.',
      'Parking was tough. A note about the overflow lot in the reminder would help.',
      'The speed rounds were too short to get past hello. Five minutes instead of three?',
      'Good mix of people. Would love more commercial folks; it was mostly residential.',
      'Start the introductions a bit later. Half of us were still stuck on I-77.',
      'Food ran out early. Worth it anyway.',
      'Turn the music down during introductions; it was hard to hear.',
    ],
    meh: [
      'Too crowded near the bar and too loud to talk. I left early.',
      'Same faces as last month. Invite some builders and appraisers.',
      'The speed rounds felt rushed and the host skipped our table.',
      'Parking took me twenty minutes. Please pick a venue with a garage.',
      'The sponsor spotlight felt like a sales pitch. Keep it short.',
      'Hard to find the entrance. A sign outside would help.',
    ],
    bad: [
      'Could not hear anyone over the music, and the name tags were gone when I arrived.',
      'Far too many people for that room. Cap the registrations.',
    ],
  },
  morning: {
    good: [
      'Early is perfect for me. Out the door by 9 and I still made my first showing.',
      'Great table. Keep the hosts at each table; they made the introductions easy.',
    ],
    fine: [
      'Better coffee and a few more chairs; otherwise a great way to start the day.',
      'A list of who sat at which table would help me follow up.',
    ],
    meh: ['Too early with school drop-off. Could it start half an hour later?'],
    bad: ['Not enough seats, and half the table never got to say what they do.'],
  },
  talk: {
    good: [
      'Great panel. Please share the numbers they showed; I would use them with clients.',
      'Working through real deals was the best part. Smaller groups again next time.',
      'Exactly the right level of detail. Please do a follow-up session.',
    ],
    fine: [
      'More time for audience questions; we only got to four.',
      'A microphone for the audience would have helped in the back.',
      'Send the handout ahead of time so we can come with our numbers filled in.',
    ],
    meh: [
      'Interesting but too general. I would come back for a deeper session on financing.',
      'Too much to cover in one sitting. Split it into two sessions.',
      'Started late and ran over, so there was little time left to network.',
    ],
    bad: ['Felt like an ad for one company. I came to learn, not to be sold to.'],
  },
  gala: {
    good: ['A wonderful night. The awards were moving.', 'Beautiful venue and great people. Same place next year!'],
    fine: ['Dinner was lovely; the speeches could be shorter.', 'More seating near the dance floor, please.'],
    meh: ['Tickets were steep for what it was, and the bar line was long.'],
    bad: ['We waited almost an hour for dinner.'],
  },
};

/** An instant's month (1..12) and hour (0..23) on the community's clocks. */
const monthOf = (instant: Date, timeZone: string) => Number(localDate(instant, timeZone).slice(5, 7));
const hourOf = (instant: Date, timeZone: string) => Number(toLocalInput(instant, timeZone).slice(11, 13));

interface DemoHistory {
  users: (typeof user.$inferInsert)[];
  accounts: (typeof account.$inferInsert)[];
  profiles: (typeof profiles.$inferInsert)[];
  preferences: (typeof notificationPreferences.$inferInsert)[];
  events: EventRow[];
  attendees: AttendeeRow[];
  guests: GuestRow[];
  checkIns: CheckInRow[];
}

/** The newcomers of two years and the events before the ones the seed plans itself. */
export function demoHistory(input: {
  calendar: DemoCalendar;
  people: DemoPeople;
  /** Every event the seed already has (one-offs and series dates): history stays clear of their days. */
  existing: { startTime: Date; category?: string | null }[];
  images: DemoImages;
  memberHash: string;
  rand: Random;
}): DemoHistory {
  const { calendar, people, rand } = input;
  const { nowMs, timeZone, at } = calendar;
  const [ty, tm, td] = localDate(calendar.now, timeZone).split('-').map(Number) as [number, number, number];
  const twoYearsAgo = nowMs - 730 * DAY;

  // Newcomers, month by month: a trend that grows, times the month's season.
  const taken = new Set([...MEMBERS.map((m) => m.first), ...MEMBERS.map((m) => m.last)]);
  const names = rand.shuffle(
    FIRST_NAMES.filter((f) => !taken.has(f)).flatMap((first) =>
      LAST_NAMES.filter((l) => !taken.has(l)).map((last) => ({ first, last })),
    ),
  );
  const newcomers: Newcomer[] = [];
  for (let k = 23; k >= 0; k--) {
    const first = Date.UTC(ty, tm - 1 - k, 1);
    const month = new Date(first).getUTCMonth();
    const daysIn = new Date(Date.UTC(ty, tm - k, 0)).getUTCDate();
    // This month so far: only the days behind us.
    const days = k === 0 ? td - 1 : daysIn;
    const trend = 2 + 0.45 * (23 - k);
    // The founders: a dozen friends signed up the week the site opened.
    const founders = k === 23 ? 12 : 0;
    const joins = founders + Math.round(trend * JOIN_SEASON[month]! * (days / daysIn) + rand.next() - 0.5);
    for (let j = 0; j < joins; j++) {
      const date =
        j < founders
          ? new Date(Math.max(first, twoYearsAgo - (twoYearsAgo % DAY) + DAY) + rand.int(0, 6) * DAY)
          : new Date(first + rand.int(0, Math.max(0, days - 1)) * DAY);
      const createdAt = at(date, rand.int(7, 21), rand.int(0, 59));
      if (createdAt.getTime() < twoYearsAgo || createdAt.getTime() >= nowMs) continue;
      const { first: f, last: l } = names[newcomers.length % names.length]!;
      newcomers.push({
        id: randomUUID(),
        username: `${f}${l}`.toLowerCase(),
        fullName: `${f} ${l}`,
        email: `${f}.${l}@${DEMO_EMAIL_DOMAIN}`.toLowerCase(),
        company: rand.pick(COMPANIES),
        position: rand.pick(POSITIONS),
        createdAt,
      });
    }
  }

  // The members who come to history's events: not the admin, and not the first member, whom the
  // browser tests use as they find them.
  const habits = new Map<string, Habit>();
  const pool = [...people.members.slice(1), ...newcomers].map((p) => {
    const r = rand.next();
    habits.set(p.id, r < 0.25 ? 'regular' : r < 0.7 ? 'sometimes' : 'once');
    return { id: p.id, createdAt: p.createdAt };
  });
  const cameTo = new Map<string, number>();

  // The first-Thursday mixers before the series (and before any mixer the seed has), monthly.
  const busy = new Set(input.existing.map((e) => localDate(e.startTime, timeZone)));
  const firstMixer = Math.min(
    ...input.existing.filter((e) => e.category === 'Mixer').map((e) => e.startTime.getTime()),
  );
  const plans: { other?: OtherEvent; start: Date; end: Date; mixerIndex?: number }[] = [];
  for (let k = 24; k >= 1; k--) {
    const d = new Date(Date.UTC(ty, tm - 1 - k, 1));
    while (d.getUTCDay() !== THU) d.setUTCDate(d.getUTCDate() + 1);
    if (isHoliday(d)) d.setUTCDate(d.getUTCDate() + 7);
    const start = at(d, 18);
    // The first mixer came a few weeks after the site opened.
    if (start.getTime() < twoYearsAgo + 21 * DAY || start.getTime() > firstMixer - 20 * DAY) continue;
    if (busy.has(localDate(start, timeZone))) continue;
    busy.add(localDate(start, timeZone));
    plans.push({ start, end: at(d, 20), mixerIndex: 24 - k });
  }
  for (const other of OTHER_EVENTS) {
    const d = calendar.day(-other.daysAgo, other.weekday);
    while (busy.has(d.toISOString().slice(0, 10))) d.setUTCDate(d.getUTCDate() + 7);
    busy.add(d.toISOString().slice(0, 10));
    plans.push({ other, start: at(d, ...other.from), end: at(d, ...other.to) });
  }
  plans.sort((a, b) => +a.start - +b.start);

  const out: DemoHistory = {
    users: [],
    accounts: [],
    profiles: [],
    preferences: [],
    events: [],
    attendees: [],
    guests: [],
    checkIns: [],
  };
  const mixerImage = input.images.events[0]!;
  const imageOf = (category: string) =>
    ({ Workshop: input.images.events[1], Gala: input.images.events[2], Panel: input.images.events[5] })[category] ??
    mixerImage;
  // The door app came in a little over a year ago; before that, nobody counted at the door.
  const checkInSince = nowMs - 420 * DAY;
  let gallery = 0;
  let guestCursor = 0;

  for (const plan of plans) {
    const { start, end, other } = plan;
    const month = monthOf(start, timeZone) - 1;
    const id = randomUUID();
    const announced = calendar.awake(new Date(start.getTime() - rand.int(21, 35) * DAY));
    const galleryUrls = Array.from({ length: 3 }, () => input.images.gallery[gallery++ % input.images.gallery.length]!);
    const monthName = `${MONTHS[month]} ${localDate(start, timeZone).slice(0, 4)}`;
    const row: EventRow = other
      ? {
          id,
          name: other.name,
          summary: other.summary,
          description: other.summary,
          content: eventContent(other.intro, other.agenda, other.note),
          location: other.location,
          category: other.category,
          maxAttendees: other.maxAttendees,
          imageUrl: imageOf(other.category),
          panelistsUrls: other.panelists.map((p) => input.images.panelists[p]!),
          recapDescription: other.recap,
          status: 'completed',
          startTime: start,
          endTime: end,
          galleryUrls,
          recapThumbnailUrl: galleryUrls[0]!,
          createdAt: announced,
          updatedAt: new Date(end.getTime() + DAY),
        }
      : {
          id,
          name: `First Thursday Mixer: ${monthName}`,
          summary:
            'Our monthly after-work mixer: drinks, introductions and the people who get deals done in Charlotte.',
          description:
            'Every first Thursday the community meets after work for two easy hours of introductions, with a host who makes sure nobody stands alone.',
          content: eventContent(
            'Come straight from work: name tags at the door and a host who makes introductions.',
            [
              '6:00 PM: Doors open, name tags and first drinks',
              '6:30 PM: Host-led introductions by industry',
              '7:15 PM: Member asks',
              '8:00 PM: Last call',
            ],
            'Free for members; bring a guest who should know us.',
          ),
          location: VENUE_ROTATION[plan.mixerIndex! % VENUE_ROTATION.length]!,
          category: 'Mixer',
          maxAttendees: 80,
          imageUrl: mixerImage,
          panelistsUrls: [],
          recapDescription: MIXER_RECAPS[plan.mixerIndex! % MIXER_RECAPS.length]!,
          status: 'completed',
          startTime: start,
          endTime: end,
          galleryUrls,
          recapThumbnailUrl: galleryUrls[0]!,
          createdAt: announced,
          updatedAt: new Date(end.getTime() + DAY),
        };
    out.events.push(row);

    // Who registers: the regulars most, those who joined lately (their first time) a lot, and
    // those who came once and did not like it hardly ever again.
    const progress = (start.getTime() - twoYearsAgo) / (730 * DAY);
    const wanted = other
      ? other.demand
      : Math.max(6, Math.round((9 + 11 * progress) * TURNOUT[month]!) + rand.int(-2, 2));
    const eligible = pool.filter((p) => p.createdAt.getTime() < start.getTime() - 2 * DAY);
    const weight = (p: { id: string; createdAt: Date }) => {
      const came = cameTo.get(p.id) ?? 0;
      const habit = habits.get(p.id)!;
      if (came === 0 && start.getTime() - p.createdAt.getTime() < 45 * DAY) return 5;
      if (habit === 'once') return came > 0 ? 0.03 : 0.6;
      return habit === 'regular' ? 4 : 1;
    };
    const chosen: { id: string; createdAt: Date }[] = [];
    const candidates = [...eligible];
    while (chosen.length < wanted && candidates.length) {
      const weights = candidates.map(weight);
      let r = rand.next() * weights.reduce((a, b) => a + b, 0);
      let i = 0;
      while (i < candidates.length - 1 && r >= weights[i]!) r -= weights[i++]!;
      chosen.push(...candidates.splice(i, 1));
    }

    // When: a few the day it was announced, most in the last days before.
    const span = start.getTime() - 2 * HOUR - announced.getTime();
    const registered = chosen
      .map((p) => {
        const f = rand.next() < 0.2 ? (rand.next() * (3 * DAY)) / span : 1 - rand.next() ** 2;
        let t = announced.getTime() + Math.min(1, f) * span;
        t = Math.max(t, p.createdAt.getTime() + HOUR);
        const awake = calendar.lastAwake(new Date(t)).getTime();
        return { p, at: awake > p.createdAt.getTime() && awake > announced.getTime() ? awake : t };
      })
      .sort((a, b) => a.at - b.at);
    const capacity = row.maxAttendees ?? Infinity;
    const going: string[] = [];
    let guestsHere = 0;
    for (const { p, at: t } of registered) {
      const full = going.length + guestsHere >= capacity;
      const status = full ? 'waitlisted' : rand.next() < 0.1 ? 'maybe' : 'attending';
      if (status === 'attending') going.push(p.id);
      out.attendees.push({ eventId: id, userId: p.id, status, createdAt: new Date(t) });
      // Some bring a guest, when there is room.
      const guestsWanted = other ? other.guests : rand.int(0, 3);
      if (
        status === 'attending' &&
        guestsHere < guestsWanted &&
        rand.next() < 0.3 &&
        going.length + guestsHere < capacity
      ) {
        const name = GUEST_NAMES[guestCursor++ % GUEST_NAMES.length]!;
        out.guests.push({
          id: randomUUID(),
          eventId: id,
          profileId: p.id,
          guestName: name,
          guestEmail: `${name.replace(' ', '.')}@example.com`.toLowerCase(),
          createdAt: new Date(Math.min(t + rand.int(1, 48) * HOUR, start.getTime() - HOUR)),
        });
        guestsHere++;
      }
    }

    // The door: from when check-in came in, the admin scanned those who came; before, everyone
    // attending counts as come.
    const usedCheckIn = start.getTime() >= checkInSince;
    for (const userId of going) {
      if (usedCheckIn && rand.next() < NO_SHOW[month]!) continue;
      cameTo.set(userId, (cameTo.get(userId) ?? 0) + 1);
      if (!usedCheckIn) continue;
      const arrived =
        start.getTime() + (rand.next() < 0.1 ? -rand.int(1, 15) : rand.int(0, 59)) * MINUTE + rand.int(0, 59) * 1000;
      const atDoor = new Date(Math.min(arrived, end.getTime() - MINUTE));
      const door = { device: 'Front door', checkedInBy: people.admin.id };
      out.checkIns.push({
        eventId: id,
        ticket: `member:${userId}`,
        userId,
        checkedInAt: atDoor,
        createdAt: atDoor,
        ...door,
      });
      for (const g of out.guests.filter((x) => x.eventId === id && x.profileId === userId)) {
        if (rand.next() < 0.1) continue;
        const guestAt = new Date(Math.min(atDoor.getTime() + rand.int(5, 120) * 1000, end.getTime() - MINUTE));
        out.checkIns.push({
          eventId: id,
          ticket: `guest:${g.id}`,
          userId,
          guestId: g.id,
          checkedInAt: guestAt,
          createdAt: guestAt,
          ...door,
        });
      }
    }
  }

  // The newcomers' rows: sparse profiles (a name, a company and a job, no bio or links).
  for (const n of newcomers) {
    out.users.push({
      id: n.id,
      name: n.fullName,
      email: n.email,
      emailVerified: true,
      createdAt: n.createdAt,
      updatedAt: n.createdAt,
    });
    out.accounts.push({
      id: randomUUID(),
      accountId: n.id,
      providerId: 'credential',
      userId: n.id,
      password: input.memberHash,
      createdAt: n.createdAt,
      updatedAt: n.createdAt,
    });
    out.profiles.push({
      id: n.id,
      username: n.username,
      fullName: n.fullName,
      company: n.company,
      position: n.position,
      createdAt: n.createdAt,
    });
    // A few want no rating e-mails after events.
    if (rand.next() < 0.08) {
      out.preferences.push({ userId: n.id, feedback: false, updatedAt: new Date(n.createdAt.getTime() + 2 * DAY) });
    }
  }
  return out;
}

/** The ratings of past events by some of those who came (checked in; or attending where the
 * event used no check-in), given in the window after each: mostly the morning after. */
export function demoFeedback(input: {
  events: { id: string; startTime: Date; endTime: Date; category?: string | null; cancelledAt?: Date | null }[];
  attendees: { eventId: string; userId: string; status: string }[];
  checkIns: { eventId: string; userId: string; guestId?: string | null }[];
  adminId: string;
  calendar: DemoCalendar;
  rand: Random;
}): FeedbackRow[] {
  const { calendar, rand } = input;
  const { nowMs, timeZone } = calendar;
  const scanned = new Map<string, Set<string>>();
  for (const c of input.checkIns) {
    if (c.guestId) continue;
    const set = scanned.get(c.eventId) ?? new Set<string>();
    set.add(c.userId);
    scanned.set(c.eventId, set);
  }
  const rows: FeedbackRow[] = [];
  const past = input.events
    .filter((e) => e.endTime.getTime() <= nowMs && !e.cancelledAt)
    .sort((a, b) => +a.startTime - +b.startTime);
  for (const e of past) {
    const usedCheckIn = input.checkIns.some((c) => c.eventId === e.id);
    const came = usedCheckIn
      ? [...(scanned.get(e.id) ?? [])]
      : input.attendees.filter((a) => a.eventId === e.id && a.status === 'attending').map((a) => a.userId);
    const kind =
      e.category === 'Gala'
        ? 'gala'
        : e.category === 'Panel' || e.category === 'Workshop' || e.category === 'Conference'
          ? 'talk'
          : hourOf(e.startTime, timeZone) < 11
            ? 'morning'
            : 'mixer';
    const said = new Set<string>();
    const morning = morningAfterAt(e.endTime, timeZone).getTime();
    const closes = e.endTime.getTime() + FEEDBACK_WINDOW_DAYS * DAY;
    for (const userId of came) {
      if (userId === input.adminId || rand.next() > 0.45) continue;
      const r = rand.next();
      const rating = r < 0.025 ? 2 : r < 0.14 ? 3 : r < 0.55 ? 4 : 5;
      const mood = rating === 5 ? 'good' : rating === 4 ? 'fine' : rating === 3 ? 'meh' : 'bad';
      // Most tap a rating and go; the lower the rating, the likelier a word on why.
      const wantsComment = rand.next() < (rating >= 4 ? 0.35 : 0.8);
      const options = COMMENTS[kind][mood].filter((c) => !said.has(c));
      const comment = wantsComment && options.length ? rand.pick(options) : null;
      if (comment) said.add(comment);
      // The morning-after mail's links: within hours of it, or days later; a few on the event page that night.
      const at =
        rand.next() < 0.15
          ? e.endTime.getTime() + rand.int(20, 120) * MINUTE
          : rand.next() < 0.7
            ? morning + rand.int(2, 240) * MINUTE
            : morning + rand.int(1, FEEDBACK_WINDOW_DAYS - 2) * DAY + rand.int(0, 600) * MINUTE;
      const createdAt = calendar.lastAwake(new Date(at));
      if (createdAt.getTime() > nowMs || createdAt.getTime() <= e.endTime.getTime() || createdAt.getTime() >= closes)
        continue;
      // Now and then someone comes back to add a word or change their mind.
      const edited =
        rand.next() < 0.12 ? Math.min(createdAt.getTime() + rand.int(1, 48) * HOUR, closes - HOUR, nowMs) : 0;
      rows.push({
        eventId: e.id,
        userId,
        rating,
        comment,
        showName: rand.next() < 0.35,
        createdAt,
        updatedAt: new Date(Math.max(createdAt.getTime(), edited)),
      });
    }
  }
  return rows;
}
