import { useId } from 'react';
import { ScanLine } from 'lucide-react';
import type { DoorCounts } from '../../../shared/check-in';
import { ButtonLink } from '../../components/button';
import { paths } from '../../lib/paths';
import { useDoorCounts } from './events-api';

// The admin's event page: who has come through the door, live. Admissions and undos refetch it at
// once (the 'check-ins' notice); registrations have no notice, so it also refreshes every 30 s.

const ROWS: { key: keyof Omit<DoorCounts, 'noShows'>; label: string; hint: string }[] = [
  { key: 'registered', label: 'Registered', hint: 'Attending members and their guests' },
  { key: 'checkedIn', label: 'Checked in', hint: 'Members and guests admitted at the door' },
  { key: 'guestsCheckedIn', label: 'Guests checked in', hint: 'Of those checked in' },
  { key: 'expected', label: 'Still expected', hint: 'Registered, not yet checked in' },
];

export function EventCheckInPanel({ eventId }: { eventId: string }) {
  const door = useDoorCounts(eventId);
  const heading = useId();
  const counts = door.data?.counts;
  return (
    <section aria-labelledby={heading} className="rounded-xl border border-line bg-surface-2 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={heading} className="text-base font-semibold">
          Check-in
        </h2>
        <ButtonLink to={paths.eventCheckIn(eventId)} variant="secondary" size="sm">
          <ScanLine aria-hidden="true" />
          Open the check-in screen
        </ButtonLink>
      </div>
      <p className="mt-1 text-sm text-fg-muted">Counts from the door, updated as people are checked in.</p>
      {door.isPending ? (
        <p className="mt-2 text-sm text-fg-muted">Loading counts…</p>
      ) : door.isError || !counts ? (
        <p className="mt-2 text-sm text-danger-text">Failed to load the check-in counts</p>
      ) : (
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {ROWS.map((row) => (
            <div key={row.key} className="rounded-lg border border-line bg-surface p-3">
              <dt className="text-sm font-medium text-fg">{row.label}</dt>
              <dd className="text-2xl font-bold tabular-nums" data-count={row.key}>
                {counts[row.key]}
              </dd>
              <dd className="text-xs text-fg-muted">{row.hint}</dd>
            </div>
          ))}
          {counts.noShows !== null && (
            <div className="rounded-lg border border-line bg-surface p-3">
              <dt className="text-sm font-medium text-fg">No-shows</dt>
              <dd className="text-2xl font-bold tabular-nums" data-count="noShows">
                {counts.noShows}
              </dd>
              <dd className="text-xs text-fg-muted">Registered and never checked in; the event has ended</dd>
            </div>
          )}
        </dl>
      )}
    </section>
  );
}
