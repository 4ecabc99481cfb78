import { Component, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/** If the deferred code cannot load (offline, a new deploy), the rest of the page stays. */
class Optional extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

// Any sign of a person at the page: from then on the code is worth fetching. A keyboard user
// gets the content before tabbing past its place, and pointer users long before they scroll.
const ACTIVITY = ['keydown', 'pointerdown', 'pointermove', 'touchstart', 'wheel'] as const;

/**
 * Renders `children` (typically a lazy component) once this spot comes within `margin` of the
 * viewport or the visitor first does anything: below-the-fold code then stays out of the first
 * page load without keeping anyone waiting. `fallback` holds the room meanwhile.
 */
export function WhenNear({
  children,
  fallback,
  margin = '0px',
}: {
  children: ReactNode;
  fallback: ReactNode;
  margin?: string;
}) {
  const spot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = spot.current;
    if (!element || near) return;
    const load = () => setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load();
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    for (const type of ACTIVITY) window.addEventListener(type, load, { passive: true });
    return () => {
      observer.disconnect();
      for (const type of ACTIVITY) window.removeEventListener(type, load);
    };
  }, [near, margin]);

  // Until then the fallback stays, however long: `data-when-near="waiting"` says so to the
  // end-to-end checks, which wait for loading placeholders to go (tests/e2e/fixtures.ts).
  return (
    <div ref={spot} data-when-near={near ? undefined : 'waiting'}>
      {near ? (
        <Optional>
          <Suspense fallback={fallback}>{children}</Suspense>
        </Optional>
      ) : (
        fallback
      )}
    </div>
  );
}
