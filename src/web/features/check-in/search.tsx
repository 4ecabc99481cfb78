import { useDeferredValue, useId, useState } from 'react';
import { Printer } from 'lucide-react';
import { BADGE_TEXTS } from '../../../shared/badges';
import type { DoorTicket } from '../../../shared/check-in';
import { Avatar } from '../../components/avatar';
import { Button } from '../../components/button';
import { statusLine, whoLine } from './format';

// Finding someone without a ticket in hand: the door's list, filtered and ordered on the device
// (it works offline), each person with Admit, or Undo check-in once admitted.

const SHOWN_MAX = 20;

/** Lower case, without accents: "José" is found by "jose". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The tickets a search finds, best first. Every word typed must be in the person's name, or for a
 * guest in their member's ("Lee" finds Jordan Lee's guests too). Then, in this order: the name
 * typed in full; members before guests, so a member is never listed under the guests they bring;
 * names with a word that begins with each word typed ("jor" finds Jordan before Majors); the
 * rest. Within each, the list's order (by name).
 */
export function findOnList(tickets: DoorTicket[], query: string): DoorTicket[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const typed = words.join(' ');
  const found: { ticket: DoorTicket; rank: number; index: number }[] = [];
  tickets.forEach((ticket, index) => {
    const everything = fold(`${ticket.name} ${ticket.hostName ?? ''}`);
    if (!words.every((w) => everything.includes(w))) return;
    const own = fold(ticket.name).split(/\s+/).filter(Boolean);
    const exact = own.join(' ') === typed;
    const prefix = words.every((w) => own.some((part) => part.startsWith(w)));
    const rank = exact ? 0 : 1 + (ticket.kind === 'member' ? 0 : 2) + (prefix ? 0 : 1);
    found.push({ ticket, rank, index });
  });
  return found.sort((a, b) => a.rank - b.rank || a.index - b.index).map((f) => f.ticket);
}

export function RosterSearch({
  tickets,
  busy,
  onAdmit,
  onUndo,
  onPrint,
  printing,
}: {
  tickets: DoorTicket[];
  busy: ReadonlySet<string>;
  onAdmit: (ticket: DoorTicket) => void;
  onUndo: (ticket: DoorTicket) => void;
  /** A reprint of this one person's badge (a PDF download). */
  onPrint?: (ticket: DoorTicket) => void;
  /** The short code of the badge on its way. */
  printing?: string | null;
}) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const inputId = useId();
  const searching = deferred.trim() !== '';
  const matches = findOnList(tickets, deferred);

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
      {searching && (
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
              {ticket.status === 'attending' && onPrint && (
                <Button
                  variant="ghost"
                  size="lg"
                  loading={printing === ticket.shortCode}
                  aria-label={BADGE_TEXTS.reprintFor(ticket.name)}
                  onClick={() => onPrint(ticket)}
                >
                  <Printer aria-hidden="true" />
                  {BADGE_TEXTS.reprint}
                </Button>
              )}
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
