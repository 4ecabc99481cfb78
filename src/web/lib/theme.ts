import { useCallback, useSyncExternalStore } from 'react';

// Theme state lives on <html> (class light or dark), set first by public/theme-init.js.
export type Theme = 'light' | 'dark';

// The choice is a cookie for theme-init.js to read before the first paint (a year, every path;
// the server ignores it), and written to localStorage too, whose storage event tells other tabs.
const STORAGE_KEY = 'theme';
const COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
const listeners = new Set<() => void>();

function initialTheme(): Theme {
  // Same rule as theme-init.js, used only if that script did not run (tests, odd embeds).
  const chosen = /(?:^|;\s*)theme=(light|dark)(?:;|$)/.exec(document.cookie)?.[1];
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.remove(theme === 'dark' ? 'light' : 'dark');
  root.classList.add(theme);
}

export function getTheme(): Theme {
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
