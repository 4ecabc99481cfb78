import { useEffect } from 'react';

const BRAND = 'Power Mixer';

/** Sets the tab title as "Page · Power Mixer" (or just the brand for the home page). */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${BRAND}` : `${BRAND} · Charlotte`;
  }, [title]);
}
