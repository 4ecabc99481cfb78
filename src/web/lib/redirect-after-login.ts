// The page a visitor wanted before being sent to /login (guards, redirect_to).
const KEY = 'redirectAfterLogin';

/** Only same-site paths: '/x' yes; '//evil.example' or '/\evil' (protocol-relative) no. */
export function isSafeRedirect(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

export function rememberRedirect(path: string | null | undefined): void {
  if (!isSafeRedirect(path)) return;
  try {
    window.sessionStorage.setItem(KEY, path);
  } catch {
    // storage blocked: the member lands on the default page instead
  }
}

/** Returns the remembered path once, then forgets it. */
export function takeRedirect(): string | null {
  try {
    const path = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    return isSafeRedirect(path) ? path : null;
  } catch {
    return null;
  }
}
