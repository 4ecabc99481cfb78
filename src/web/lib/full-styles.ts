// A public page's first stylesheet holds only the rules its first screen uses; the server writes
// it into the page with the whole stylesheet's link, disabled and marked `data-rest`
// (src/server/web-app.ts). The next screen asks for the whole one here and waits for it, so it
// never shows unstyled. A page served with the whole stylesheet has no such link: nothing waits.

let whole: Promise<void> | null = null;

export function awaitFullStyles(): Promise<void> {
  if (whole) return whole;
  // The server's render (render.tsx) styles nothing.
  if (typeof document === 'undefined') return Promise.resolve();
  const rest = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][data-rest]');
  if (!rest) return (whole = Promise.resolve());
  whole = new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = rest.getAttribute('href') ?? '';
    // Offline or failed, the screen still shows (as the first one did) rather than never.
    link.onload = link.onerror = () => resolve();
    rest.after(link);
  });
  return whole;
}
