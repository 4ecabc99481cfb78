import { useEffect, useRef, useState } from 'react';
import { CircleCheck } from 'lucide-react';
import { useLocation, useNavigate } from '../lib/router';
import { cn } from '../lib/cn';

// "It worked", said on the page a form leads to (issue 39: "Event created.", "Forum updated.").
// The form navigates with `savedState(message)`; the page shows it with <SavedStatus />. The
// message travels in the router's state, so it survives the navigation; it is then taken out of
// the history entry, so a reload or Back does not say it again, and it goes when the admin moves
// on (another tab of the dashboard).

type SavedState = { saved: string };

/** The router state that carries `message` to the next page: `navigate(to, { state: savedState('Event created.') })`. */
export const savedState = (message: string): SavedState => ({ saved: message });

const messageOf = (state: unknown): string | null =>
  state && typeof state === 'object' && typeof (state as Partial<SavedState>).saved === 'string'
    ? (state as SavedState).saved
    : null;

/**
 * The message a form sent along, in a polite live region (role="status") that is on the page
 * before the text arrives, so screen readers announce it.
 */
export function SavedStatus({ className }: { className?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState<string | null>(null);
  // The history entry whose message was taken, and whether the next location is our own replace.
  const handled = useRef<string | null>(null);
  const replacing = useRef(false);
  const incoming = messageOf(location.state);

  useEffect(() => {
    if (incoming) {
      if (handled.current === location.key) return; // React's development double run
      handled.current = location.key;
      setShown(incoming);
      replacing.current = true;
      void navigate(location.pathname + location.search + location.hash, { replace: true, state: null });
    } else if (replacing.current) {
      replacing.current = false;
    } else {
      setShown(null);
    }
    // Only a new location (its key) changes what is said.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  return (
    <div role="status">
      {shown && (
        <div
          className={cn(
            'flex gap-3 rounded-lg border border-success-text/30 bg-success-soft px-4 py-3 text-sm text-success-text',
            className,
          )}
        >
          <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p className="min-w-0 font-medium break-words">{shown}</p>
        </div>
      )}
    </div>
  );
}
