import { useDeferredValue, useId, useState } from 'react';
import type { DoorTicket } from '../../../shared/check-in';
import { Avatar } from '../../components/avatar';
import { Button } from '../../components/button';
import { statusLine, whoLine } from './format';

// Finding someone without a ticket in hand: the door's list, filtered on the device (it works
// offline), each person with Admit, or Undo check-in once admitted.

const SHOWN_MAX = 20;

/** Lower case, without accents: "José" is found by "jose". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export function RosterSearch({
  tickets,
  busy,
  onAdmit,
  onUndo,
}: {
  tickets: DoorTicket[];
  busy: ReadonlySet<string>;
  onAdmit: (ticket: DoorTicket) => void;
  onUndo: (ticket: DoorTicket) => void;
}) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const inputId = useId();
  const words = fold(deferred).split(/\s+/).filter(Boolean);
  const matches =
    words.length === 0
      ? []
      : tickets.filter((t) => {
          const name = fold(`${t.name} ${t.hostName ?? ''}`);
          return words.every((w) => name.includes(w));
        });

  return (
    <section aria-labelledby="door-search-heading" className="space-y-3">
      <h2 id="door-search-heading" className="text-xl font-semibold text-fg">
        Find by name
      </h2>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-fg">
          Search by name
        </label>
        <input
          id={inputId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          className="h-12 w-full rounded-lg border border-line-strong bg-surface px-3 text-lg text-fg shadow-sm"
        />
      </div>
      {words.length > 0 && (
        <p className="text-sm text-fg-muted" role="status">
          {matches.length === 0
            ? 'Nobody on the list by that name.'
            : matches.length > SHOWN_MAX
              ? `${matches.length} found; the first ${SHOWN_MAX} are shown. Type more of the name.`
              : `${matches.length} found.`}
        </p>
      )}
      {matches.length > 0 && (
        <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
          {matches.slice(0, SHOWN_MAX).map((ticket) => (
            <li key={ticket.code} className="flex flex-wrap items-center gap-3 p-3">
              <Avatar name={ticket.name} src={ticket.avatarUrl} size="lg" />
              <div className="min-w-0 flex-1">
                <p className="text-lg font-semibold break-words text-fg">{ticket.name}</p>
                <p className="text-sm text-fg-muted">{whoLine(ticket)}</p>
                <p className="text-sm font-medium text-fg">{statusLine(ticket)}</p>
              </div>
              {ticket.status === 'attending' && (
                <Button
                  variant={ticket.checkIn ? 'secondary' : 'primary'}
                  size="lg"
                  loading={busy.has(ticket.code)}
                  aria-label={ticket.checkIn ? `Undo check-in for ${ticket.name}` : `Admit ${ticket.name}`}
                  onClick={() => (ticket.checkIn ? onUndo(ticket) : onAdmit(ticket))}
                >
                  {ticket.checkIn ? 'Undo check-in' : 'Admit'}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
