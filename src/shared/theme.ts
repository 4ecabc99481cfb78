// The theme a visitor chose (the toggle in the header): a cookie every page request carries, so
// the server writes it into the page as `<html class>` and no script has to read it before the
// first paint (web lib/theme.ts writes it; server web-app.ts reads it).

export type Theme = 'light' | 'dark';

export const THEME_COOKIE = 'theme';

/** The theme named by a Cookie header (or `document.cookie`); null when none was chosen. */
export function chosenTheme(cookies: string | undefined): Theme | null {
  const value = /(?:^|;\s*)theme=(light|dark)(?:;|$)/.exec(cookies ?? '')?.[1];
  return value === 'light' || value === 'dark' ? value : null;
}

/** A page for a visitor who chose nothing follows the system's theme: this runs before the first
 * paint (the page's CSP allows it by its hash) and reads no cookie, whose first read in a new page
 * waits on the browser (2-20 ms in Lighthouse's traces, before the first paint of every page). */
export const SYSTEM_THEME_SCRIPT =
  "document.documentElement.classList.add(window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');";
