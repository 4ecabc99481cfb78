import { describe, expect, it } from 'vitest';
import { describeRule, recurrenceRule } from '../../../shared/recurrence';
import { monthlyChoices, NO_REPEAT, repeatFieldName, repeatFromRule, ruleDraft, type RepeatState } from './series-rule';

// The Repeats fields and the rule they send: what the admin picks is what the server gets.

const monthly = (patch: Partial<RepeatState>): RepeatState => ({ ...NO_REPEAT, frequency: 'monthly', ...patch });

describe('the rule the Repeats fields say', () => {
  it('sends nothing for "Does not repeat"', () => {
    expect(ruleDraft(NO_REPEAT, '2026-12-03')).toBeNull();
  });

  it('takes the monthly day and weekday from the start date (Thursday 3 December 2026: the first Thursday)', () => {
    const nth = recurrenceRule.parse(ruleDraft(monthly({ monthlyOn: 'nth' }), '2026-12-03'));
    expect(describeRule(nth)).toBe('Every first Thursday');
    const day = recurrenceRule.parse(ruleDraft(monthly({ monthlyOn: 'day' }), '2026-12-03'));
    expect(describeRule(day)).toBe('Every month on the 3rd');
  });

  it('offers the last weekday only in the last week of the month, and the fifth as the nth', () => {
    expect(monthlyChoices('2026-12-03')).toEqual({ day: 3, weekday: 4, nth: 1, lastWeek: false });
    expect(monthlyChoices('2026-12-31')).toEqual({ day: 31, weekday: 4, nth: 5, lastWeek: true });
    const last = recurrenceRule.parse(ruleDraft(monthly({ monthlyOn: 'last' }), '2026-12-31'));
    expect(describeRule(last)).toBe('Every last Thursday');
    expect(monthlyChoices('')).toBeNull();
  });

  it('refuses an empty count and no weekdays with the shared messages, on their fields', () => {
    const result = recurrenceRule.safeParse(
      ruleDraft({ ...NO_REPEAT, frequency: 'weekly', weekdays: [], ends: 'count', count: '' }, '2026-12-03'),
    );
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((i) => repeatFieldName(['repeat', ...i.path].join('.')));
    expect(fields.sort()).toEqual(['repeat.ends.count', 'repeat.weekdays']);
  });

  it('fills the fields back from a saved rule', () => {
    const rule = recurrenceRule.parse({
      frequency: 'weekly',
      interval: 2,
      weekdays: [2],
      ends: { kind: 'until', date: '2027-06-30' },
    });
    const state = repeatFromRule(rule);
    expect(state).toMatchObject({
      frequency: 'weekly',
      interval: '2',
      weekdays: [2],
      ends: 'until',
      until: '2027-06-30',
    });
    expect(recurrenceRule.parse(ruleDraft(state, '2026-12-01'))).toEqual(rule);
  });
});
