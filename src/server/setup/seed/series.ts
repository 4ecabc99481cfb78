import { randomUUID } from 'node:crypto';
import type { eventAttendees, events, eventSeries, eventSponsors, seriesMembers } from '../../db/schema';
import { localDate, toLocalInput } from '../../../shared/event-admin';
import { addDays, addMonths, dateTimes, ruleDates, weekdayOf, type RecurrenceRule } from '../../../shared/recurrence';
import type { SeriesTemplate } from '../../../shared/series';
import { DAY, THU, TUE, isHoliday, type DemoCalendar } from './calendar';
import { VENUES } from './data';
import { WHAT_TO_BRING, eventContent, type EventPlan } from './events';
import type { DemoImages } from './images';
import type { DemoPeople } from './people';

// The demo's two series (issue 33): "Power Mixer Monthly" on the first Thursday, four dates
// behind it and six to come, and "Coffee & Connections" every other Tuesday morning from a few
// weeks ago to the horizon. One coffee date is cancelled (the one on a holiday, when there is
// one), one mixer date meets at another venue ("this date only"), and two members come to
// every date. Nothing here draws from the seed's shared sequence: it is plain arithmetic on
// the calendar, so the rest of the demo stays as it was. An existing seed mixer on a series
// day becomes that day's date (detached: it keeps its own name and times), so no two mixers
// share an evening.

/** SERIES_HORIZON's default: dates exist this many months ahead. */
export const DEMO_SERIES_HORIZON_MONTHS = 6;

type SeriesKey = 'mixer' | 'coffee';

interface SeriesSpec {
  key: SeriesKey;
  rule: RecurrenceRule;
  startTime: string;
  durationMinutes: number;
  template: Omit<SeriesTemplate, 'imageUrl' | 'sponsorIds'>;
  sponsorNames: string[];
  /** Said after each past date, in turn. */
  recaps: string[];
  /** Registrations: a past date, the next date and the later ones. */
  counts: { past: number[]; next: number; later: number; guestsPast: number };
}

const MIXER: SeriesSpec = {
  key: 'mixer',
  rule: { frequency: 'monthly', interval: 1, on: { kind: 'nth', nth: 1, weekday: THU }, ends: { kind: 'never' } },
  startTime: '18:00',
  durationMinutes: 120,
  template: {
    name: 'Power Mixer Monthly',
    summary: 'Our first-Thursday mixer: drinks, introductions and the people who get deals done in Charlotte.',
    description:
      'Every first Thursday the community meets after work for two easy hours of introductions. Agents, lenders, investors and business owners come back month after month, so you will see familiar faces and meet new ones.',
    content: eventContent(
      'Come straight from work: name tags at the door, a host who makes introductions, and a room that knows each other a little better every month.',
      [
        '6:00 PM: Doors open, name tags and first drinks',
        '6:30 PM: Host-led introductions by industry',
        '7:15 PM: Member asks: one minute each, three asks a night',
        '8:00 PM: Last call',
      ],
      'Register once with "Register for every date" on the series page, or date by date.',
    ),
    location: VENUES.heist,
    category: 'Mixer',
    maxAttendees: 80,
    whatToBring: WHAT_TO_BRING.Mixer ?? null,
    panelistsUrls: [],
    videoUrl: null,
    slidesUrl: null,
    isFeatured: false,
  },
  sponsorNames: ['Uptown Community Bank'],
  recaps: [
    'A full room at Heist Brewery and three member asks answered before last call.',
    'First-timers outnumbered regulars, and the host kept introductions going until the end.',
    'Two lenders and a builder found the investors they had been looking for; the asks wall filled up early.',
    'Our biggest monthly crowd yet, with a lively round of introductions by industry.',
  ],
  counts: { past: [16, 18, 15, 17], next: 10, later: 3, guestsPast: 2 },
};

const COFFEE: SeriesSpec = {
  key: 'coffee',
  rule: { frequency: 'weekly', interval: 2, weekdays: [TUE], ends: { kind: 'never' } },
  startTime: '07:30',
  durationMinutes: 90,
  template: {
    name: 'Coffee & Connections',
    summary: 'Every other Tuesday before work: coffee, a table of familiar faces and one good introduction.',
    description:
      'A small, early meet-up for members who would rather network over coffee than cocktails. Grab a cup, join a table and leave with one introduction you did not have when you arrived.',
    content: eventContent(
      'Tables of six, a host at each, and out the door in time for a morning meeting.',
      [
        '7:30 AM: Coffee and seats',
        '7:45 AM: Round-table introductions',
        '8:30 AM: One ask and one offer per table',
        '9:00 AM: Off to work',
      ],
      'Coffee is on Piedmont Home Lending. Parking is in the Optimist Hall lot.',
    ),
    location: VENUES.optimistHall,
    category: 'Mixer',
    maxAttendees: 24,
    whatToBring: 'Business cards, and one introduction you could make for someone else.',
    panelistsUrls: [],
    videoUrl: null,
    slidesUrl: null,
    isFeatured: false,
  },
  sponsorNames: ['Piedmont Home Lending'],
  recaps: [
    'Four tables, good coffee and a round of introductions that ran right up to the end.',
    'A quieter morning with regulars, two new members and a handful of referrals traded over coffee.',
    'Early risers traded listings, leads and lender names before the workday started.',
  ],
  counts: { past: [12, 11, 12], next: 8, later: 3, guestsPast: 1 },
};

/** A new date of a series, planned like any demo event. */
export type SeriesDatePlan = EventPlan & {
  seriesKey: SeriesKey;
  seriesId: string;
  seriesDate: string;
  seriesDetached: boolean;
  cancelledAt: Date | null;
  sequence: number;
};

export interface SeriesPlan {
  series: {
    id: string;
    spec: SeriesSpec;
    startDate: string;
    generatedUntil: string;
    createdAt: Date;
    /** The dates to come that are open (not cancelled), new or folded in: the members' registrations. */
    openUpcoming: { eventId: string; createdAt: Date }[];
  }[];
  /** New event rows for the series' dates (an existing seed event that is a date is not here). */
  dates: SeriesDatePlan[];
  /** Existing seed events that are a series' date. */
  folded: { eventId: string; seriesId: string; seriesDate: string }[];
}

const halfOfDay = (hhmm: string) => (Number(hhmm.slice(0, 2)) < 12 ? 'am' : 'pm');

/** The series and their dates as plain data, around the events the seed already plans. */
export function planSeries(
  calendar: DemoCalendar,
  existing: EventPlan[],
  horizonMonths = DEMO_SERIES_HORIZON_MONTHS,
): SeriesPlan {
  const { now, nowMs, timeZone } = calendar;
  const today = localDate(now, timeZone);
  const horizonEnd = addMonths(today, horizonMonths);
  const times = (spec: SeriesSpec, date: string) => dateTimes(date, spec.startTime, spec.durationMinutes, timeZone);
  const existingOn = (spec: SeriesSpec, date: string) =>
    existing.find(
      (e) =>
        localDate(e.startTime, timeZone) === date &&
        halfOfDay(toLocalInput(e.startTime, timeZone).slice(11, 16)) === halfOfDay(spec.startTime),
    );

  const plan: SeriesPlan = { series: [], dates: [], folded: [] };
  for (const spec of [MIXER, COFFEE]) {
    const id = randomUUID();
    let startDate: string;
    let days: string[];
    if (spec.key === 'mixer') {
      // Four dates behind us and at least the next six.
      const around = ruleDates(spec.rule, addMonths(`${today.slice(0, 8)}01`, -6), addMonths(today, 12));
      const past = around.filter((d) => times(spec, d).end.getTime() <= nowMs);
      startDate = past.at(-4) ?? around[0]!;
      const ahead = around.filter((d) => times(spec, d).end.getTime() > nowMs);
      const inHorizon = ahead.filter((d) => d <= horizonEnd);
      days = [...past.slice(-4), ...ahead.slice(0, Math.max(6, inHorizon.length))];
    } else {
      // Began on a Tuesday about five weeks ago.
      startDate = addDays(today, -35);
      while (weekdayOf(startDate) !== TUE) startDate = addDays(startDate, 1);
      days = ruleDates(spec.rule, startDate, horizonEnd);
    }
    const generatedUntil = days.at(-1)! > horizonEnd ? days.at(-1)! : horizonEnd;
    const createdAt = new Date(times(spec, startDate).start.getTime() - 30 * DAY);
    const upcoming = days.filter((d) => times(spec, d).start.getTime() > nowMs);
    // Nobody meets on a holiday: such a date stays, cancelled. Without one ahead, the coffee
    // date after next is cancelled (the host is away).
    const cancelled = new Set(days.filter((d) => isHoliday(new Date(`${d}T00:00:00Z`))));
    if (spec.key === 'coffee' && !upcoming.some((d) => cancelled.has(d)) && upcoming[2]) cancelled.add(upcoming[2]);
    // The third mixer to come meets at Camp North End.
    const moved = spec.key === 'mixer' ? upcoming.filter((d) => !cancelled.has(d) && !existingOn(spec, d))[2] : null;

    const openUpcoming: { eventId: string; createdAt: Date }[] = [];
    let pastIndex = 0;
    let nextDone = false;
    for (const day of days) {
      const { start, end } = times(spec, day);
      const same = existingOn(spec, day);
      // Another seed mixer that evening is this month's date; any other event there cancels it.
      if (same && same.category === spec.template.category && !cancelled.has(day)) {
        plan.folded.push({ eventId: same.id, seriesId: id, seriesDate: day });
        if (start.getTime() > nowMs) openUpcoming.push({ eventId: same.id, createdAt: new Date(0) });
        if (end.getTime() <= nowMs) pastIndex++;
        else nextDone = true;
        continue;
      }
      if (same) cancelled.add(day);
      const isCancelled = cancelled.has(day);
      const past = end.getTime() <= nowMs;
      const status = past ? 'completed' : start.getTime() <= nowMs ? 'ongoing' : 'upcoming';
      const attendeeCount = isCancelled
        ? 0
        : past
          ? spec.counts.past[pastIndex % spec.counts.past.length]!
          : nextDone
            ? spec.counts.later
            : spec.counts.next;
      const recap = past && !isCancelled ? spec.recaps[pastIndex % spec.recaps.length]! : null;
      if (past) pastIndex++;
      else if (!isCancelled) nextDone = true;
      // Made when the series was, or by the horizon job once the date came within reach.
      const made = Math.min(nowMs, Math.max(createdAt.getTime(), start.getTime() - horizonMonths * 30 * DAY));
      const eventId = randomUUID();
      const isMoved = day === moved;
      plan.dates.push({
        id: eventId,
        ...spec.template,
        ...(isMoved
          ? {
              location: VENUES.campNorthEnd,
              summary: 'This month only we meet at Camp North End: the same time, a bigger room.',
            }
          : {}),
        status,
        startTime: start,
        endTime: end,
        whatToBring: past ? null : spec.template.whatToBring,
        recapDescription: recap,
        attendeeCount,
        guestCount: past && !isCancelled ? spec.counts.guestsPast : 0,
        sponsorNames: spec.sponsorNames,
        galleryCount: recap ? 3 : 0,
        panelistCards: [],
        createdAt: new Date(made),
        seriesKey: spec.key,
        seriesId: id,
        seriesDate: day,
        seriesDetached: isMoved,
        // Cancelled a couple of weeks ahead (or, for a past one, before it).
        cancelledAt: isCancelled ? new Date(Math.min(nowMs, start.getTime() - 14 * DAY)) : null,
        // A new place raises the calendar entry's SEQUENCE, as an edit does.
        sequence: isMoved ? 1 : 0,
      });
      if (!past && !isCancelled && start.getTime() > nowMs) openUpcoming.push({ eventId, createdAt: new Date(made) });
    }
    plan.series.push({ id, spec, startDate, generatedUntil, createdAt, openUpcoming });
  }
  return plan;
}

/** The categories of the series' pictures, after the events' own (one picture per series). */
export const seriesImageCategories = (plan: SeriesPlan) => plan.series.map((s) => s.spec.template.category ?? 'Mixer');

/** The rows: the series, their new dates, the sponsors of those dates, and the members who come to every date. */
export function demoSeriesRows(input: {
  plan: SeriesPlan;
  /** The series' pictures, in plan order. */
  seriesImages: string[];
  images: DemoImages;
  sponsors: { id: string; name: string }[];
  people: DemoPeople;
  calendar: DemoCalendar;
  /** The registrations the seed already has (existing events and these dates). */
  attendees: (typeof eventAttendees.$inferInsert)[];
}) {
  const { plan, images, people } = input;
  const { nowMs } = input.calendar;
  const sponsorId = new Map(input.sponsors.map((s) => [s.name, s.id]));
  const idsOf = (names: string[]) =>
    names.map((name) => {
      const id = sponsorId.get(name);
      if (!id) throw new Error(`Seed data names an unknown sponsor: ${name}`);
      return id;
    });
  const imageOf = new Map(plan.series.map((s, i) => [s.id, input.seriesImages[i]!]));

  const series: (typeof eventSeries.$inferInsert)[] = plan.series.map((s) => ({
    id: s.id,
    rule: s.spec.rule,
    startDate: s.startDate,
    startTime: s.spec.startTime,
    durationMinutes: s.spec.durationMinutes,
    template: { ...s.spec.template, imageUrl: imageOf.get(s.id)!, sponsorIds: idsOf(s.spec.sponsorNames) },
    generatedUntil: s.generatedUntil,
    createdAt: s.createdAt,
    updatedAt: s.createdAt,
  }));

  // Galleries start half-way through the drawings, so they differ from the one-off events' first ones.
  let galleryCursor = Math.floor(images.gallery.length / 2);
  const dates: (typeof events.$inferInsert & { id: string; startTime: Date; endTime: Date })[] = plan.dates.map((d) => {
    const gallery = Array.from(
      { length: d.galleryCount },
      () => images.gallery[galleryCursor++ % images.gallery.length]!,
    );
    const {
      attendeeCount: _a,
      guestCount: _g,
      sponsorNames: _s,
      galleryCount: _c,
      panelistCards: _p,
      seriesKey: _k,
      ...row
    } = d;
    return {
      ...row,
      imageUrl: imageOf.get(d.seriesId)!,
      galleryUrls: gallery,
      panelistsUrls: [],
      recapThumbnailUrl: gallery[0] ?? null,
      updatedAt: d.cancelledAt ?? d.createdAt,
    };
  });
  const dateSponsors: (typeof eventSponsors.$inferInsert)[] = plan.dates.flatMap((d) =>
    idsOf(d.sponsorNames).map((sponsorId) => ({ eventId: d.id, sponsorId })),
  );

  // Two long-time members come to every mixer, one of them to every coffee too (not the first
  // member: the browser tests register that one themselves).
  const regulars = [people.members[2]!, people.members[5]!];
  const joinedAgo = { mixer: 20, coffee: 12 } as const;
  const members: (typeof seriesMembers.$inferInsert)[] = [];
  const registrations: (typeof eventAttendees.$inferInsert)[] = [];
  const taken = new Set(input.attendees.map((a) => `${a.eventId}|${a.userId}`));
  for (const s of plan.series) {
    const who = s.spec.key === 'mixer' ? regulars : regulars.slice(0, 1);
    const joinedAt = new Date(Math.max(nowMs - joinedAgo[s.spec.key] * DAY, s.createdAt.getTime() + DAY));
    for (const person of who) {
      members.push({ seriesId: s.id, userId: person.id, createdAt: joinedAt });
      // Registered for every date to come, when they joined (or when the date was made).
      for (const date of s.openUpcoming) {
        if (taken.has(`${date.eventId}|${person.id}`)) continue;
        taken.add(`${date.eventId}|${person.id}`);
        registrations.push({
          eventId: date.eventId,
          userId: person.id,
          status: 'attending',
          createdAt: new Date(Math.max(joinedAt.getTime(), date.createdAt.getTime())),
        });
      }
    }
  }
  return { series, dates, dateSponsors, members, registrations };
}
