import { z } from 'zod';
import { toInstant } from './event-admin';

// How a series repeats (issue 33), and the days it falls on. A small rule type of our own rather
// than RFC 5545's RRULE through a library (docs/decisions/036): the form offers five shapes, and
// the dates are computed on the wall calendar (plain Y-M-D arithmetic in UTC, where no clock
// changes), then turned into instants in SITE_TIMEZONE one by one. So "6 PM" stays 6 PM across
// the March and November changes, and a month without a fifth Thursday has no date (not a moved one).

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** 0 = Sunday ... 6 = Saturday, as Date#getUTCDay. */
export const weekday = z.number().int().min(0).max(6);

export const SERIES_TEXTS = {
  weekdaysRequired: 'Choose at least one weekday',
  intervalInvalid: 'Repeat every 1 to 12 weeks or months',
  countInvalid: 'Enter a number of dates from 1 to 500',
  untilInvalid: 'Enter an end date after the first date',
  dayInvalid: 'Enter a day of the month from 1 to 31',
} as const;

export const SERIES_INTERVAL_MAX = 12;
export const SERIES_COUNT_MAX = 500;

const interval = z
  .number()
  .int()
  .min(1, SERIES_TEXTS.intervalInvalid)
  .max(SERIES_INTERVAL_MAX, SERIES_TEXTS.intervalInvalid);

export const recurrenceEnds = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('never') }),
  z.object({
    kind: z.literal('count'),
    count: z.number().int().min(1, SERIES_TEXTS.countInvalid).max(SERIES_COUNT_MAX, SERIES_TEXTS.countInvalid),
  }),
  z.object({ kind: z.literal('until'), date: z.iso.date(SERIES_TEXTS.untilInvalid) }),
]);

export const recurrenceRule = z.discriminatedUnion('frequency', [
  z.object({
    frequency: z.literal('weekly'),
    interval,
    weekdays: z
      .array(weekday)
      .min(1, SERIES_TEXTS.weekdaysRequired)
      .max(7)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    ends: recurrenceEnds,
  }),
  z.object({
    frequency: z.literal('monthly'),
    interval,
    on: z.discriminatedUnion('kind', [
      /** The 31st: months without one have no date. */
      z.object({
        kind: z.literal('day'),
        day: z.number().int().min(1, SERIES_TEXTS.dayInvalid).max(31, SERIES_TEXTS.dayInvalid),
      }),
      /** The nth weekday (1-5): months without a fifth have no date. */
      z.object({ kind: z.literal('nth'), nth: z.number().int().min(1).max(5), weekday }),
      z.object({ kind: z.literal('last'), weekday }),
    ]),
    ends: recurrenceEnds,
  }),
]);
export type RecurrenceRule = z.infer<typeof recurrenceRule>;

// ---------- days on the wall calendar (YYYY-MM-DD) ----------

const DAY_MS = 86_400_000;
const toDays = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const fromDays = (days: number) => new Date(days * DAY_MS).toISOString().slice(0, 10);

/** `date` plus `n` days (negative: earlier). */
export const addDays = (date: string, n: number) => fromDays(toDays(date) + n);
/** 0 = Sunday. */
export const weekdayOf = (date: string) => new Date(toDays(date) * DAY_MS).getUTCDay();
/** `date` plus `n` months, on the same day or the month's last. */
export function addMonths(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

function monthlyDay(year: number, month: number, on: Extract<RecurrenceRule, { frequency: 'monthly' }>['on']) {
  const daysIn = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  let day: number;
  if (on.kind === 'day') day = on.day;
  else if (on.kind === 'nth') {
    const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
    day = 1 + ((on.weekday - firstWeekday + 7) % 7) + (on.nth - 1) * 7;
  } else {
    const lastWeekday = new Date(Date.UTC(year, month, daysIn)).getUTCDay();
    day = daysIn - ((lastWeekday - on.weekday + 7) % 7);
  }
  return day > daysIn ? null : new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);
}

/** Every day the rule falls on, from `start` (its first possible day) in order, no further than
 * `through` (inclusive) and the rule's own end. The count is counted from `start`. */
export function ruleDates(rule: RecurrenceRule, start: string, through: string): string[] {
  const out: string[] = [];
  const last = rule.ends.kind === 'until' && rule.ends.date < through ? rule.ends.date : through;
  const limit = rule.ends.kind === 'count' ? rule.ends.count : Infinity;
  const done = () => out.length >= limit;
  if (rule.frequency === 'weekly') {
    // Weeks start on Sunday; the first week is the one `start` falls in.
    const weekOne = toDays(start) - weekdayOf(start);
    for (let week = weekOne; fromDays(week) <= last && !done(); week += 7 * rule.interval) {
      for (const wd of rule.weekdays) {
        const day = fromDays(week + wd);
        if (day < start || day > last || done()) continue;
        out.push(day);
      }
    }
    return out;
  }
  const [y, m] = start.split('-').map(Number) as [number, number];
  for (let k = 0; !done(); k += rule.interval) {
    const monthStart = new Date(Date.UTC(y, m - 1 + k, 1));
    if (monthStart.toISOString().slice(0, 10) > last) break;
    const day = monthlyDay(monthStart.getUTCFullYear(), monthStart.getUTCMonth(), rule.on);
    if (day && day >= start && day <= last) out.push(day);
  }
  return out;
}

/** The date's start and end as instants: the wall time `startTime` (HH:MM) on `date` in
 * `timeZone`, and the wall time `durationMinutes` later, so 6-8 PM is 6-8 PM in every season. */
export function dateTimes(date: string, startTime: string, durationMinutes: number, timeZone: string) {
  const start = toInstant(`${date}T${startTime}`, timeZone)!;
  const [h, min] = startTime.split(':').map(Number) as [number, number];
  const endMinutes = h * 60 + min + durationMinutes;
  const endDate = addDays(date, Math.floor(endMinutes / 1440));
  const minutes = endMinutes % 1440;
  const pad = (n: number) => String(n).padStart(2, '0');
  const end = toInstant(`${endDate}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`, timeZone)!;
  return { start, end: end.getTime() > start.getTime() ? end : new Date(start.getTime() + durationMinutes * 60_000) };
}

// ---------- in words ----------

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth'] as const;

function dayOrdinal(n: number) {
  const suffix =
    n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

function listWords(words: string[]) {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** "Every first Thursday", "Every other Tuesday", "Every week on Monday and Wednesday",
 * "Every 3 months on the 15th", "Every last Friday". */
export function describeRule(rule: RecurrenceRule): string {
  if (rule.frequency === 'weekly') {
    const days = rule.weekdays.map((d) => WEEKDAYS[d]!);
    if (rule.interval === 1) return days.length === 1 ? `Every ${days[0]}` : `Every week on ${listWords(days)}`;
    if (rule.interval === 2)
      return days.length === 1 ? `Every other ${days[0]}` : `Every other week on ${listWords(days)}`;
    return `Every ${rule.interval} weeks on ${listWords(days)}`;
  }
  const on = rule.on;
  const what =
    on.kind === 'day'
      ? `the ${dayOrdinal(on.day)}`
      : `${on.kind === 'last' ? 'last' : ORDINALS[on.nth - 1]} ${WEEKDAYS[on.weekday]}`;
  if (rule.interval === 1) return on.kind === 'day' ? `Every month on ${what}` : `Every ${what}`;
  const every = rule.interval === 2 ? 'Every other month' : `Every ${rule.interval} months`;
  return `${every} on ${on.kind === 'day' ? what : `the ${what}`}`;
}

/** 18:00 -> "6 PM", 7:30 -> "7:30 AM"; the meridiem once when both ends share it ("6-8 PM"). */
export function describeTimes(startTime: string, durationMinutes: number): string {
  const [h, m] = startTime.split(':').map(Number) as [number, number];
  const endTotal = (h * 60 + m + durationMinutes) % 1440;
  const parts = (hours: number, minutes: number) => ({
    clock: `${hours % 12 === 0 ? 12 : hours % 12}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`,
    meridiem: hours < 12 ? 'AM' : 'PM',
  });
  const a = parts(h, m);
  const b = parts(Math.floor(endTotal / 60), endTotal % 60);
  return a.meridiem === b.meridiem
    ? `${a.clock}-${b.clock} ${b.meridiem}`
    : `${a.clock} ${a.meridiem}-${b.clock} ${b.meridiem}`;
}

/** "Every first Thursday, 6-8 PM". */
export const describeSchedule = (rule: RecurrenceRule, startTime: string, durationMinutes: number) =>
  `${describeRule(rule)}, ${describeTimes(startTime, durationMinutes)}`;
