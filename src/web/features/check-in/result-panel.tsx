import { Ban, CircleCheck, CircleX, Clock, CloudOff, TriangleAlert, Undo2, type LucideIcon } from 'lucide-react';
import { OUTCOME_WORDS, type DoorTicket, type ScanOutcome, type ScanResponse } from '../../../shared/check-in';
import { Avatar } from '../../components/avatar';
import { Button } from '../../components/button';
import { cn } from '../../lib/cn';
import { admittedBy, statusLine, whoLine } from './format';

// The answer to a scan, large enough to read at arm's length on a phone: a colour, an icon and
// the words (never colour alone), the person, and for a member their guests, each admitted on
// their own. The words and the person are announced (aria-live); the buttons stay outside it.

/** A scan as the door screen shows it. */
export interface ShownScan extends ScanResponse {
  /** Counts up with every scan, so the panel (and what is announced) is new each time. */
  serial: number;
  /** Decided on this device without the server (offline); sent later. */
  unsent: boolean;
  /** Undone here after it was shown. */
  undone: boolean;
}

const tones: Record<ScanOutcome, { icon: LucideIcon; classes: string }> = {
  admitted: { icon: CircleCheck, classes: 'border-success-text bg-success-soft text-success-text' },
  already: {
    icon: TriangleAlert,
    classes: 'border-amber-800 bg-amber-50 text-amber-950 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-50',
  },
  'other-event': { icon: Ban, classes: 'border-danger-text bg-danger-soft text-danger-text' },
  invalid: { icon: CircleX, classes: 'border-danger-text bg-danger-soft text-danger-text' },
  waitlisted: { icon: Clock, classes: 'border-info-text bg-info-soft text-info-text' },
};

function headline(scan: ShownScan): string {
  if (scan.undone) return 'Check-in undone';
  if (scan.outcome === 'admitted' && scan.unsent) return `${OUTCOME_WORDS.admitted} (not sent yet)`;
  return OUTCOME_WORDS[scan.outcome];
}

function detail(scan: ShownScan, ticket: DoorTicket | null): string | null {
  if (scan.undone) return 'They can be scanned again.';
  if (scan.outcome === 'already' && ticket?.checkIn) return admittedBy(ticket.checkIn);
  if (scan.outcome === 'other-event' && scan.otherEvent) return `This ticket is for ${scan.otherEvent.name}.`;
  if (scan.outcome === 'invalid') return 'Check the name on the list below, or ask to see the ticket.';
  if (scan.outcome === 'waitlisted') return 'No seat yet: not admitted.';
  return null;
}

export function ResultPanel({
  scan,
  ticket,
  guests,
  notice,
  busy,
  onAdmit,
  onUndo,
}: {
  scan: ShownScan | null;
  /** The scanned ticket as the door's list now has it (or as the scan answered). */
  ticket: DoorTicket | null;
  guests: DoorTicket[];
  /** A short line about the last guest admitted or undone, announced too. */
  notice: string;
  busy: ReadonlySet<string>;
  onAdmit: (ticket: DoorTicket) => void;
  onUndo: (ticket: DoorTicket) => void;
}) {
  const tone = scan ? tones[scan.undone ? 'invalid' : scan.outcome] : null;
  const Icon = scan?.unsent && !scan.undone && scan.outcome === 'admitted' ? CloudOff : tone?.icon;
  const undoable = scan && scan.outcome === 'admitted' && !scan.undone && ticket?.checkIn;
  const panelClasses = scan
    ? scan.undone
      ? 'border-line-strong bg-surface-2 text-fg'
      : tone!.classes
    : 'border-dashed border-line-strong bg-surface text-fg-muted';

  return (
    <section aria-labelledby="door-result-heading" className={cn('rounded-2xl border-2 p-4 sm:p-6', panelClasses)}>
      <h2 id="door-result-heading" className="sr-only">
        Last scan
      </h2>
      <div role="status" aria-live="polite" aria-atomic="true">
        {scan && Icon ? (
          <div key={scan.serial}>
            <p className="flex items-center gap-3 text-3xl leading-tight font-bold sm:text-4xl">
              <Icon className="size-10 shrink-0" strokeWidth={2.5} aria-hidden="true" />
              <span>{headline(scan)}</span>
            </p>
            {detail(scan, ticket) && <p className="mt-2 text-xl font-semibold">{detail(scan, ticket)}</p>}
            {ticket && (
              <div className="mt-4 flex items-center gap-4">
                <Avatar name={ticket.name} src={ticket.avatarUrl} size="xl" />
                <div className="min-w-0">
                  <p className="text-2xl font-bold break-words">{ticket.name}</p>
                  <p className="mt-1 text-lg font-medium">{whoLine(ticket)}</p>
                </div>
              </div>
            )}
          </div>
        ) : (
          <p className="text-lg">Scan a ticket, type its code, or find a name below.</p>
        )}
        {notice && <p className="mt-3 text-lg font-semibold">{notice}</p>}
      </div>

      {undoable && (
        <Button
          variant="secondary"
          size="lg"
          className="mt-4"
          loading={busy.has(ticket.code)}
          onClick={() => onUndo(ticket)}
        >
          <Undo2 aria-hidden="true" />
          Undo
        </Button>
      )}

      {scan && !scan.undone && guests.length > 0 && (
        <div className="mt-5">
          <h3 className="text-lg font-bold">Guests</h3>
          <ul className="mt-2 space-y-3">
            {guests.map((guest) => (
              <li
                key={guest.code}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-surface p-3 text-fg"
              >
                <span className="min-w-0">
                  <span className="block text-lg font-semibold break-words">{guest.name}</span>
                  <span className="block text-sm text-fg-muted">{statusLine(guest)}</span>
                </span>
                {/* One button that changes its words keeps focus where it was. */}
                <Button
                  variant={guest.checkIn ? 'secondary' : 'primary'}
                  size="lg"
                  loading={busy.has(guest.code)}
                  onClick={() => (guest.checkIn ? onUndo(guest) : onAdmit(guest))}
                >
                  {guest.checkIn ? `Undo ${guest.name}` : `Admit ${guest.name}`}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
