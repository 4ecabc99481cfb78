// The page a visitor wanted before being sent to /login (guards, redirect_to).
const KEY = 'redirectAfterLogin';
/** When it was remembered (ms since the epoch), kept beside it. */
const AT_KEY = 'redirectAfterLoginAt';

/** A wish to come back that is this old belongs to an abandoned sign-in, not to this one. */
export const REDIRECT_TTL_MS = 30 * 60 * 1000;

/** Only same-site paths: '/x' yes; '//evil.example', '/\evil' or '/\t/evil.example' (a URL parser
 * drops the tab: protocol-relative again) no. */
export function isSafeRedirect(path: unknown): path is string {
  if (typeof path !== 'string' || !path.startsWith('/')) return false;
  try {
    return new URL(path, 'http://site.invalid').origin === 'http://site.invalid';
  } catch {
    return false;
  }
}

export function rememberRedirect(path: string | null | undefined): void {
  if (!isSafeRedirect(path)) return;
  try {
    window.sessionStorage.setItem(KEY, path);
    window.sessionStorage.setItem(AT_KEY, String(Date.now()));
  } catch {
    // storage blocked: the member lands on the default page instead
  }
}

/**
 * Returns the remembered path once, then forgets it: a later sign-in in the same tab lands on
 * the default page. A path remembered over REDIRECT_TTL_MS ago (a sign-in abandoned then) counts
 * as none.
 */
export function takeRedirect(): string | null {
  try {
    const path = window.sessionStorage.getItem(KEY);
    const at = Number(window.sessionStorage.getItem(AT_KEY));
    window.sessionStorage.removeItem(KEY);
    window.sessionStorage.removeItem(AT_KEY);
    if (!Number.isFinite(at) || Date.now() - at > REDIRECT_TTL_MS) return null;
    return isSafeRedirect(path) ? path : null;
  } catch {
    return null;
  }
}
