import Bowser from 'bowser';

/** "Chrome 131" and "macOS 14" from a user agent (bowser), or words that say it is unknown. */
export function describeUserAgent(userAgent: string | null | undefined): { browser: string; system: string } {
  if (!userAgent) return { browser: 'Unknown browser', system: 'Unknown system' };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : 'Unknown browser';
  const os = parsed.os;
  const system = os.name
    ? [os.name, os.versionName ?? os.version?.split('.').slice(0, 2).join('.')].filter(Boolean).join(' ')
    : 'Unknown system';
  return { browser, system };
}
