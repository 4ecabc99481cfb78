import { useCallback, useSyncExternalStore } from 'react';
import { chosenTheme, THEME_COOKIE, type Theme } from '../../shared/theme';

export type { Theme };

// Theme state lives on <html> (class light or dark), written by the server from the theme
// cookie (server web-app.ts), else set before the first paint by the system's (shared/theme.ts),
// or by public/theme-init.js where index.html is served as it is (the dev server).
// The choice is a cookie (a year, every path), and written to localStorage too, whose storage
// event tells other tabs.
const STORAGE_KEY = THEME_COOKIE;
const COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
const listeners = new Set<() => void>();

function initialTheme(): Theme {
  // Same rule as theme-init.js, used only if nothing set the class (tests, odd embeds).
  const chosen = chosenTheme(document.cookie);
  if (chosen) return chosen;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.remove(theme === 'dark' ? 'light' : 'dark');
  root.classList.add(theme);
}

let cookieRead = false;

export function getTheme(): Theme {
  // Once, when the app starts: a page kept from before (the offline ticket's copy, a restored
  // tab) carries the theme it was served with; the choice is the cookie's.
  if (!cookieRead) {
    cookieRead = true;
    const chosen = chosenTheme(document.cookie);
    if (chosen) applyTheme(chosen);
  }
  const root = document.documentElement.classList;
  if (root.contains('dark')) return 'dark';
  if (root.contains('light')) return 'light';
  const theme = initialTheme();
  applyTheme(theme);
  return theme;
}

export function setTheme(theme: Theme): void {
  applyTheme(theme);
  document.cookie = `${STORAGE_KEY}=${theme}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax`;
  try {
    window.localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // the choice still holds for this page view
  }
  listeners.forEach((notify) => notify());
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  // Another tab changed the theme: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY && (event.newValue === 'light' || event.newValue === 'dark')) {
      applyTheme(event.newValue);
      notify();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(notify);
    window.removeEventListener('storage', onStorage);
  };
}

export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribe, getTheme, () => 'light' as Theme);
  const toggleTheme = useCallback(() => setTheme(getTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, toggleTheme };
}
