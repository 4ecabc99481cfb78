// The service worker (public/sw.js) keeps the ticket and door screens usable offline. It handles
// those two screens, the built files they need and their few API answers, nothing else; these
// helpers register it, hand it what a page loaded before it was in control, and clear its copies
// on sign-out.

const supported = () => import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

let registering: Promise<unknown> | null = null;

/** Registers the worker once, when a member first opens a screen it keeps (a ticket, the door):
 * visits that never need it (the landing page, the directory) never fetch it. */
export function registerServiceWorker(): Promise<unknown> {
  if (!supported()) return Promise.resolve();
  registering ??= navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  return registering;
}

async function tell(message: { type: 'keep'; urls: string[] } | { type: 'forget' }): Promise<void> {
  if (!supported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  (registration?.active ?? navigator.serviceWorker.controller)?.postMessage(message);
}

/**
 * Asks the worker to keep this page (its shell), the built files it loaded and `apiUrls` for
 * offline use: the first visit was loaded before the worker was in control, so it saw none of it.
 * The worker keeps only what its narrow scope allows.
 */
export async function keepForOffline(apiUrls: string[]): Promise<void> {
  if (!supported()) return;
  await registerServiceWorker();
  await navigator.serviceWorker.ready;
  const assets = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name, location.href))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
  await tell({ type: 'keep', urls: [location.pathname, ...apiUrls, ...new Set(assets)] });
}

/** On sign-out: a shared phone keeps nobody's ticket, nor a door's list of names and codes
 * (screens keep such copies in localStorage under the 'offline:' prefix). */
export function forgetOfflineCopies(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith('offline:')) localStorage.removeItem(key);
  } catch {
    // Storage refused (private mode): nothing was kept there either.
  }
  void tell({ type: 'forget' }).catch(() => undefined);
}
