import { localDate, toInstant, toLocalInput } from '../../../shared/event-admin';

// The demo's clock: every time is relative to "now", and events fall on the community's
// calendar (its days, its wall-clock times, no holidays).

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The community's time zone: every demo time is a round hour or half hour on its clocks. */
export const DEMO_TIME_ZONE = 'America/New_York';

/** People write messages and forum posts from 8 AM until 10 PM on the community's clocks. */
export const WAKING_HOURS = { from: 8, to: 22 } as const;

export type Season = 'Spring' | 'Summer' | 'Fall' | 'Winter';

/** The (northern) season of an instant's month on the community's calendar. */
export function seasonOf(date: Date, timeZone = DEMO_TIME_ZONE): Season {
  const month = Number(localDate(date, timeZone).slice(5, 7));
  return month <= 2 || month === 12 ? 'Winter' : month <= 5 ? 'Spring' : month <= 8 ? 'Summer' : 'Fall';
}

/** Christmas to New Year's Day, Independence Day and Thanksgiving (a calendar day at UTC midnight). */
export function isHoliday(d: Date): boolean {
  const month = d.getUTCMonth() + 1;
  const date = d.getUTCDate();
  if ((month === 12 && date >= 24) || (month === 1 && date === 1) || (month === 7 && date === 4)) return true;
  return month === 11 && d.getUTCDay() === 4 && date >= 22 && date <= 28;
}

export const [TUE, WED, THU, SAT] = [2, 3, 4, 6] as const;

/** The seed's "now" and the days and times around it on the community's calendar. */
export function demoCalendar(now: Date, timeZone: string) {
  const nowMs = now.getTime();
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
  /** An instant's calendar day (at UTC midnight, as `day` gives them) and its wall-clock hour. */
  const wall = (instant: Date) => {
    const local = toLocalInput(instant, timeZone);
    return { date: new Date(`${local.slice(0, 10)}T00:00:00Z`), hour: Number(local.slice(11, 13)) };
  };
  const nextDay = (date: Date, days: number) => new Date(date.getTime() + days * DAY);
  return {
    now,
    nowMs,
    timeZone,
    /** `ms` before now. */
    ago: (ms: number) => new Date(nowMs - ms),
    day,
    workday,
    at,
    /** The instant itself when people are up and writing (WAKING_HOURS), else the next 8 AM, a few
     * minutes past (the minutes it had), so a night's messages do not all land on the hour. */
    awake: (instant: Date): Date => {
      const { date, hour } = wall(instant);
      if (hour >= WAKING_HOURS.from && hour < WAKING_HOURS.to) return instant;
      const minute = new Date(instant).getUTCMinutes();
      return at(hour < WAKING_HOURS.from ? date : nextDay(date, 1), WAKING_HOURS.from, minute);
    },
    /** The latest instant at or before this one when people are up and writing: itself, or the
     * evening before it, a few minutes before 10 PM. */
    lastAwake: (instant: Date): Date => {
      const { date, hour } = wall(instant);
      if (hour >= WAKING_HOURS.from && hour < WAKING_HOURS.to) return instant;
      const minute = 59 - (new Date(instant).getUTCMinutes() % 30);
      return at(hour < WAKING_HOURS.from ? nextDay(date, -1) : date, WAKING_HOURS.to - 1, minute);
    },
  };
}

export type DemoCalendar = ReturnType<typeof demoCalendar>;
