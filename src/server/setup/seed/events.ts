import { randomUUID } from 'node:crypto';
import type { events, eventSponsors, sponsors } from '../../db/schema';
import { escapeHtml } from '../../platform/mail-html';
import { DAY, SAT, THU, TUE, WED, isHoliday, seasonOf, type DemoCalendar, type Season } from './calendar';
import { SPONSORS, VENUES } from './data';
import type { DemoImages } from './images';
import type { Random } from './random';

// The demo's events: two to come soon, the next gala, one under way, and past ones with
// illustrations and a write-up; their sponsors; and the texts that name the upcoming gala.

const MIXER_NAMES: Record<Season, string> = {
  Spring: 'Power Mixer: Spring Into Networking',
  Summer: 'Power Mixer: Summer Sunset Social',
  Fall: 'Power Mixer: Fall Into Networking',
  Winter: 'Power Mixer: Winter Warm-Up',
};

export function eventContent(intro: string, agenda: string[], note: string) {
  return (
    // The page titles this section "About This Event" itself: no second heading of that name.
    `<p>${escapeHtml(intro)}</p>` +
    `<h3>What to expect</h3><ul>${agenda.map((a) => `<li>${escapeHtml(a)}</li>`).join('')}</ul>` +
    `<p><strong>Good to know:</strong> ${escapeHtml(note)}</p>` +
    `<p>Questions? <a href="/contact">Contact the Power Mixer team</a>.</p>`
  );
}

/** An event as planned: its row, and who and what comes with it. */
export type EventPlan = Omit<typeof events.$inferInsert, 'id'> & {
  id: string;
  startTime: Date;
  endTime: Date;
  attendeeCount: number;
  guestCount: number;
  sponsorNames: string[];
  galleryCount: number;
  panelistCards: number[];
};

/** The events, as plain data first: their categories color the images. `named` puts the upcoming
 * gala's name in a text that says `{gala}` (messages and forum posts mention it). */
export function planEvents(calendar: DemoCalendar): { events: EventPlan[]; named: (text: string) => string } {
  const { at, day, workday, timeZone } = calendar;
  const ev = (e: Omit<EventPlan, 'id'>): EventPlan => ({ id: randomUUID(), ...e });
  const mixerDay = day(3, THU);
  const galaDay = day(45, SAT);
  const pastGalaDay = day(-130, SAT);
  const galaName = (date: Date) => `Power Mixer ${seasonOf(date, timeZone)} Gala`;
  const upcomingGala = galaName(galaDay);
  const list: EventPlan[] = [
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
        'Small-group workshop with local investors, a lender and a business attorney. Bring a deal you are analyzing; we will work through the numbers together.',
      content: eventContent(
        'Seats are limited so everyone gets time with the panel. We will cover deal analysis, financing options, renovation budgets and how to structure partnerships.',
        [
          '10:00 AM: Analyzing a rental deal in 15 minutes',
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
      // No pictures before it happens: the gallery is for afterwards.
      galleryCount: 0,
      panelistCards: [],
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
        'Illustrations of the evening are in the gallery below.',
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
        'Illustrations of the evening are in the gallery below.',
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
  return { events: list, named: (text) => text.replaceAll('{gala}', upcomingGala) };
}

/** The sponsors, with their logos. */
export function demoSponsors(
  logos: string[],
  calendar: DemoCalendar,
): (typeof sponsors.$inferInsert & { id: string })[] {
  return SPONSORS.map((s, i) => ({
    id: randomUUID(),
    name: s.name,
    info: s.info,
    logoUrl: logos[i]!,
    website: `https://www.${s.domain}`,
    level: s.level,
    createdAt: calendar.ago((300 - i * 20) * DAY),
  }));
}

// Said in the reminders of what is still to come; the others say the usual line.
export const WHAT_TO_BRING: Record<string, string> = {
  Mixer: 'Business cards, and one sentence on who you hope to meet tonight.',
  Workshop: 'A laptop or a notebook, and the question you most want answered.',
  Gala: 'Your ticket e-mail and business cards; the dress code is cocktail attire.',
  Panel: 'A question for the panel; there is time for ten after the talk.',
};

/** The event rows (with their pictures) and which sponsor backs which event. */
export function demoEvents(input: {
  plans: EventPlan[];
  sponsors: { id: string; name: string }[];
  images: DemoImages;
  calendar: DemoCalendar;
  rand: Random;
}) {
  const { images, rand } = input;
  const { nowMs } = input.calendar;
  let galleryCursor = 0;
  const eventRows = input.plans.map((e, i) => {
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
  const sponsorId = new Map(input.sponsors.map((s) => [s.name, s.id]));
  const eventSponsorRows: (typeof eventSponsors.$inferInsert)[] = input.plans.flatMap((e) =>
    e.sponsorNames.map((name) => {
      const id = sponsorId.get(name);
      if (!id) throw new Error(`Seed data names an unknown sponsor: ${name}`);
      return { eventId: e.id, sponsorId: id };
    }),
  );
  return { events: eventRows, eventSponsors: eventSponsorRows };
}
