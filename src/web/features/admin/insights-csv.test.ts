import { describe, expect, it } from 'vitest';
import { csvFileName, csvText } from './insights-csv';

describe('csvText', () => {
  it('quotes only the fields that need it, doubles quotes and ends lines with CRLF', () => {
    const text = csvText(
      ['Event', 'Came', 'No-shows'],
      [
        ['Coffee, and code', 12, null],
        ['The "big" mixer', 40, 3],
        ['Line\nbreak', 0, 0],
        ['Plain', 5, 1],
      ],
    );
    expect(text).toBe(
      'Event,Came,No-shows\r\n"Coffee, and code",12,\r\n"The ""big"" mixer",40,3\r\n"Line\nbreak",0,0\r\nPlain,5,1\r\n',
    );
  });

  it('keeps a spreadsheet from running typed text as a formula, but not numbers', () => {
    expect(csvText(['Ask'], [['=HYPERLINK("x")'], ['@sum'], [-3]])).toBe(
      'Ask\r\n"\'=HYPERLINK(""x"")"\r\n\'@sum\r\n-3\r\n',
    );
  });
});

describe('csvFileName', () => {
  it('says what and the day, on the community clock', () => {
    // 02:00 UTC on the 29th is still the 28th in New York.
    expect(csvFileName(['Insights', 'Members per month', '12m'], '2026-11-29T02:00:00.000Z')).toBe(
      'insights-members-per-month-12m-2026-11-28.csv',
    );
  });
});
