import { describe, expect, it } from 'vitest';
import {
  CONTROL_CHARACTERS_MESSAGE,
  INVALID_UNICODE_MESSAGE,
  hasControlCharacters,
  hasLoneSurrogates,
  safeText,
  textProblem,
} from './text';

const code = (n: number) => String.fromCharCode(n);

describe('hasControlCharacters', () => {
  it('finds NUL, the other C0 controls and DEL', () => {
    const refused = [...Array.from({ length: 0x20 }, (_, n) => n).filter((n) => ![0x09, 0x0a, 0x0d].includes(n)), 0x7f];
    expect(refused).toHaveLength(30);
    for (const n of refused) {
      expect(hasControlCharacters(`before${code(n)}after`), `U+${n.toString(16).padStart(4, '0')}`).toBe(true);
    }
  });

  it('takes tabs, line breaks and every other character', () => {
    for (const text of [
      '',
      'plain',
      'a\tb',
      'line\nbreak',
      'win\r\ndows',
      'café ☕ 日本 👋🏽',
      '\u0080\u0085\u00a0\u2028',
      "$` $' $&",
    ]) {
      expect(hasControlCharacters(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('keeps no state between calls (no global flag)', () => {
    expect(hasControlCharacters('\u0000')).toBe(true);
    expect(hasControlCharacters('\u0000')).toBe(true);
  });
});

describe('safeText', () => {
  it('refuses a string with a control character, with the shared message', () => {
    const result = safeText.safeParse('Bob\u0000');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
  });

  it('chains like z.string()', () => {
    const name = safeText.trim().min(1).max(5);
    expect(name.parse('  Ann\t ')).toBe('Ann');
    expect(name.safeParse('Ann\u007f').success).toBe(false);
    expect(name.safeParse('toolong').success).toBe(false);
    expect(safeText.parse('two\nlines')).toBe('two\nlines');
  });
});

describe('hasLoneSurrogates and textProblem', () => {
  it('finds half a surrogate pair at either end, alone or out of order', () => {
    for (const text of ['\ud800', 'a\ud800b', 'a\udfff', '\udc00\ud800', 'ok 👋\ud83d']) {
      expect(hasLoneSurrogates(text), JSON.stringify(text)).toBe(true);
      expect(textProblem(text)).toBe(INVALID_UNICODE_MESSAGE);
    }
  });

  it('takes whole pairs (emoji, rare scripts) and U+FFFD sent on purpose', () => {
    for (const text of ['👋🏽', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', 'a\ufffdb', '']) {
      expect(hasLoneSurrogates(text), JSON.stringify(text)).toBe(false);
      expect(textProblem(text)).toBeNull();
    }
  });

  it('names a control character before a broken one', () => {
    expect(textProblem('\u0000\ud800')).toBe(CONTROL_CHARACTERS_MESSAGE);
  });

  it('is the rule safeText states', () => {
    expect(safeText.safeParse('Bob\ud800').error?.issues[0]?.message).toBe(INVALID_UNICODE_MESSAGE);
    expect(safeText.parse('Bob 👋')).toBe('Bob 👋');
  });
});
