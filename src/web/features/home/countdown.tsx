import { useEffect, useState } from 'react';

const SECOND = 1000;
// [label, length of the unit, length of the next larger unit]
const UNITS = [
  ['Days', 86_400_000, Infinity],
  ['Hours', 3_600_000, 86_400_000],
  ['Minutes', 60_000, 3_600_000],
  ['Seconds', SECOND, 60_000],
] as const;

/** Days, hours, minutes and seconds until `to`, updated every second; stops at zero. */
export function Countdown({ to, eventName }: { to: string; eventName: string }) {
  const target = Date.parse(to);
  const [now, setNow] = useState(() => Date.now());
  const done = now >= target;

  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => setNow(Date.now()), SECOND);
    return () => clearInterval(timer);
  }, [done]);

  const left = Math.max(0, target - now);
  return (
    // role=timer is not announced on every tick (its live region is off), so it never chatters.
    <div role="timer" aria-label={`Countdown to ${eventName}`} className="grid max-w-md grid-cols-4 gap-2 sm:gap-3">
      {UNITS.map(([unit, size, within]) => {
        const value = Math.floor((left % within) / size);
        return (
          <div
            key={unit}
            className="flex flex-col items-center rounded-xl border border-line bg-surface px-1 py-3 shadow-sm"
          >
            {/* A page rendered on the server shows its second until the app takes over the next. */}
            <span suppressHydrationWarning className="text-2xl font-semibold text-fg tabular-nums sm:text-4xl">
              {String(value).padStart(2, '0')}
            </span>
            {/* Fixed line heights: the hero holds exactly this room while loading (home-page.tsx). */}
            <span className="mt-1 text-[0.6875rem] leading-4 font-medium tracking-wide text-fg-muted uppercase sm:text-xs">
              {unit}
            </span>
          </div>
        );
      })}
    </div>
  );
}
