import { describe, expect, it } from 'vitest';
import { toLocalInput } from './event-admin';
import {
  addMonths,
  dateTimes,
  describeRule,
  describeSchedule,
  describeTimes,
  recurrenceRule,
  ruleDates,
  type RecurrenceRule,
} from './recurrence';

const ZONE = 'America/New_York';
const never = { kind: 'never' } as const;
const monthly = (on: Extract<RecurrenceRule, { frequency: 'monthly' }>['on'], interval = 1): RecurrenceRule => ({
  frequency: 'monthly',
  interval,
  on,
  ends: never,
});
const weekly = (weekdays: number[], interval = 1, ends: RecurrenceRule['ends'] = never): RecurrenceRule =>
  recurrenceRule.parse({ frequency: 'weekly', interval, weekdays, ends });

describe('the wall clock across the clock changes', () => {
  it('6 PM is 6 PM before and after the March change (23:00Z, then 22:00Z)', () => {
    const before = dateTimes('2026-03-05', '18:00', 120, ZONE);
    const after = dateTimes('2026-03-12', '18:00', 120, ZONE);
    expect(before.start.toISOString()).toBe('2026-03-05T23:00:00.000Z');
    expect(after.start.toISOString()).toBe('2026-03-12T22:00:00.000Z');
    expect(toLocalInput(after.end, ZONE)).toBe('2026-03-12T20:00');
  });

  it('6 PM is 6 PM before and after the November change (22:00Z, then 23:00Z)', () => {
    expect(dateTimes('2026-10-29', '18:00', 120, ZONE).start.toISOString()).toBe('2026-10-29T22:00:00.000Z');
    expect(dateTimes('2026-11-05', '18:00', 120, ZONE).start.toISOString()).toBe('2026-11-05T23:00:00.000Z');
  });

  it('a date across midnight ends on the next day at its wall time', () => {
    const { start, end } = dateTimes('2026-11-01', '22:00', 180, ZONE);
    expect(toLocalInput(start, ZONE)).toBe('2026-11-01T22:00');
    expect(toLocalInput(end, ZONE)).toBe('2026-11-02T01:00');
  });
});

describe('ruleDates', () => {
  it('the nth weekday: every first Thursday', () => {
    expect(ruleDates(monthly({ kind: 'nth', nth: 1, weekday: 4 }), '2026-01-01', '2026-05-31')).toEqual([
      '2026-01-01',
      '2026-02-05',
      '2026-03-05',
      '2026-04-02',
      '2026-05-07',
    ]);
  });

  it('the last weekday: every last Friday', () => {
    expect(ruleDates(monthly({ kind: 'last', weekday: 5 }), '2026-01-01', '2026-04-30')).toEqual([
      '2026-01-30',
      '2026-02-27',
      '2026-03-27',
      '2026-04-24',
    ]);
  });

  it('a month without a fifth Thursday has no date (not a moved one)', () => {
    expect(ruleDates(monthly({ kind: 'nth', nth: 5, weekday: 4 }), '2026-01-01', '2026-12-31')).toEqual([
      '2026-01-29',
      '2026-04-30',
      '2026-07-30',
      '2026-10-29',
      '2026-12-31',
    ]);
  });

  it('the 31st: months without one are skipped', () => {
    expect(ruleDates(monthly({ kind: 'day', day: 31 }), '2026-01-01', '2026-06-30')).toEqual([
      '2026-01-31',
      '2026-03-31',
      '2026-05-31',
    ]);
  });

  it('every other Tuesday, counted from the first week', () => {
    expect(ruleDates(weekly([2], 2), '2026-01-06', '2026-02-28')).toEqual([
      '2026-01-06',
      '2026-01-20',
      '2026-02-03',
      '2026-02-17',
    ]);
  });

  it('several weekdays, from a start in the middle of the week', () => {
    expect(ruleDates(weekly([3, 1]), '2026-01-07', '2026-01-19')).toEqual([
      '2026-01-07',
      '2026-01-12',
      '2026-01-14',
      '2026-01-19',
    ]);
  });

  it('ends after a count, counted from the start however far it is looked', () => {
    const rule = weekly([4], 1, { kind: 'count', count: 3 });
    expect(ruleDates(rule, '2026-01-01', '2030-01-01')).toEqual(['2026-01-01', '2026-01-08', '2026-01-15']);
    expect(ruleDates(rule, '2026-01-01', '2026-01-10')).toEqual(['2026-01-01', '2026-01-08']);
  });

  it('ends on a date (inclusive)', () => {
    const rule = weekly([4], 1, { kind: 'until', date: '2026-01-15' });
    expect(ruleDates(rule, '2026-01-01', '2026-12-31')).toEqual(['2026-01-01', '2026-01-08', '2026-01-15']);
  });

  it("addMonths keeps the day or takes the month's last", () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-07-15', 6)).toBe('2027-01-15');
  });
});

describe('the schedule in words', () => {
  it('says the rule and the times', () => {
    expect(describeSchedule(monthly({ kind: 'nth', nth: 1, weekday: 4 }), '18:00', 120)).toBe(
      'Every first Thursday, 6-8 PM',
    );
    expect(describeSchedule(weekly([2], 2), '07:30', 90)).toBe('Every other Tuesday, 7:30-9 AM');
    expect(describeRule(monthly({ kind: 'last', weekday: 5 }))).toBe('Every last Friday');
    expect(describeRule(monthly({ kind: 'day', day: 15 }, 3))).toBe('Every 3 months on the 15th');
    expect(describeRule(weekly([1, 3]))).toBe('Every week on Monday and Wednesday');
    expect(describeTimes('11:00', 120)).toBe('11 AM-1 PM');
  });
});

describe('the rule schema', () => {
  it('refuses a weekly rule without weekdays, and an interval out of range, with the field messages', () => {
    const none = recurrenceRule.safeParse({ frequency: 'weekly', interval: 1, weekdays: [], ends: never });
    expect(none.success).toBe(false);
    expect(none.error?.issues[0]?.message).toBe('Choose at least one weekday');
    const zero = recurrenceRule.safeParse({ ...monthly({ kind: 'day', day: 1 }), interval: 0 });
    expect(zero.error?.issues[0]?.message).toBe('Repeat every 1 to 12 weeks or months');
  });
});
