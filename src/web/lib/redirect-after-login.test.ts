import { describe, expect, it } from 'vitest';
import { isSafeRedirect } from './redirect-after-login';

describe('isSafeRedirect', () => {
  it('takes paths of this site', () => {
    expect(isSafeRedirect('/dashboard?from=guard')).toBe(true);
    expect(isSafeRedirect('/events/e1#register')).toBe(true);
  });

  it('refuses what a URL parser would read as another site', () => {
    for (const path of [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n\\evil.example',
      'https://evil.example',
      'evil',
      1,
      null,
    ])
      expect(isSafeRedirect(path), String(path)).toBe(false);
  });
});
