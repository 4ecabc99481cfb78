import { addDays, weekdayOf, type RecurrenceRule } from '../../../shared/recurrence';

// What the event form's Repeats fields hold, and the rule they say (issue 33). Kept apart from
// the fields themselves so the translation is tested without a browser.

export type RepeatFrequency = 'none' | 'weekly' | 'monthly';
export type MonthlyOn = 'day' | 'nth' | 'last';
export type EndsKind = 'never' | 'count' | 'until';

/** What the Repeats fields hold, as typed. The monthly day and weekday come from the start date. */
export type RepeatState = {
  frequency: RepeatFrequency;
  interval: string;
  weekdays: number[];
  monthlyOn: MonthlyOn;
  ends: EndsKind;
  count: string;
  until: string;
};

export const NO_REPEAT: RepeatState = {
  frequency: 'none',
  interval: '1',
  weekdays: [],
  monthlyOn: 'nth',
  ends: 'never',
  count: '6',
  until: '',
};

export type SeriesScope = 'this' | 'following' | 'all';

/** The fields as a saved rule shows them (the series' own Repeats, prefilled). */
export function repeatFromRule(rule: RecurrenceRule): RepeatState {
  return {
    frequency: rule.frequency,
    interval: String(rule.interval),
    weekdays: rule.frequency === 'weekly' ? rule.weekdays : [],
    monthlyOn: rule.frequency === 'monthly' ? rule.on.kind : 'nth',
    ends: rule.ends.kind,
    count: rule.ends.kind === 'count' ? String(rule.ends.count) : NO_REPEAT.count,
    until: rule.ends.kind === 'until' ? rule.ends.date : '',
  };
}

export const ORDINAL_WORDS = ['first', 'second', 'third', 'fourth', 'fifth'] as const;
export const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Which monthly days a start date offers: its day, its nth weekday, and (in the month's last
 * week) the last such weekday. */
export function monthlyChoices(startDate: string) {
  if (!isDate(startDate)) return null;
  const day = Number(startDate.slice(8, 10));
  const weekday = weekdayOf(startDate);
  const nth = Math.ceil(day / 7);
  const lastWeek = addDays(startDate, 7).slice(0, 7) !== startDate.slice(0, 7);
  return { day, weekday, nth, lastWeek };
}

/** A whole number typed, or 0 (which the rule refuses with its own message). */
const whole = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value) : 0);

/** The rule the fields say, as sent (checked by the shared schema), or null for "Does not repeat". */
export function ruleDraft(state: RepeatState, startDate: string): unknown {
  if (state.frequency === 'none') return null;
  const ends =
    state.ends === 'count'
      ? { kind: 'count', count: whole(state.count) }
      : state.ends === 'until'
        ? { kind: 'until', date: state.until }
        : { kind: 'never' };
  const interval = whole(state.interval);
  if (state.frequency === 'weekly') return { frequency: 'weekly', interval, weekdays: state.weekdays, ends };
  const choices = monthlyChoices(startDate) ?? { day: 1, weekday: 0, nth: 1 };
  const on =
    state.monthlyOn === 'day'
      ? { kind: 'day', day: choices.day }
      : state.monthlyOn === 'nth'
        ? { kind: 'nth', nth: Math.min(choices.nth, 5), weekday: choices.weekday }
        : { kind: 'last', weekday: choices.weekday };
  return { frequency: 'monthly', interval, on, ends };
}

/** The control each of the rule's paths shows on. */
export function repeatFieldName(path: string): string {
  if (path.startsWith('repeat.weekdays')) return 'repeat.weekdays';
  if (path === 'repeat.interval' || path === 'repeat.ends.count' || path === 'repeat.ends.date') return path;
  return 'repeat.frequency';
}
