import { useEffect } from 'react';
import { useLocation } from '../lib/router';

/** Every route change starts at the top of the page (spec: shared layout). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
