import { Maximize2 } from 'lucide-react';
import { TICKET_TITLE } from '../../../shared/check-in-texts';
import { ButtonLink } from '../../components/button';
import { TicketCode } from '../../components/ticket-code';
import { paths } from '../../lib/paths';
import { useTicket } from '../../lib/ticket';
import { checkedInText } from './api';

/**
 * "Your ticket" on the event page: the member's QR code and one per guest, for an attending
 * member only (the event page passes `attending`; the API's 404 shows nothing either). The
 * route composes it into the event page (app/routes/site-routes.tsx).
 */
export function TicketSection({
  eventId,
  attending,
  version,
}: {
  eventId: string;
  attending: boolean;
  version: string;
}) {
  const ticket = useTicket(eventId, attending, version);
  if (!attending || !ticket.data) return null;
  const { holders } = ticket.data;
  return (
    <section aria-labelledby="your-ticket" className="rounded-xl border border-line bg-surface p-5 shadow-sm">
      <h2 id="your-ticket" className="text-xl font-semibold tracking-tight text-fg">
        {TICKET_TITLE}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">
        Show {holders.length > 1 ? 'these codes' : 'this code'} at the door. Once opened full screen, your ticket works
        without a connection too.
      </p>
      <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3">
        {holders.map((holder) => (
          <li key={holder.code} className="min-w-0">
            <TicketCode holder={holder} size={160} />
            <p className="mt-1 truncate font-medium text-fg">
              {holder.name}
              {holder.kind === 'guest' && <span className="font-normal text-fg-muted"> (guest)</span>}
            </p>
            <p className="text-sm text-fg-muted">{checkedInText(holder.checkedInAt)}</p>
          </li>
        ))}
      </ul>
      <ButtonLink to={paths.eventTicket(eventId)} variant="secondary" size="sm" className="mt-4">
        <Maximize2 aria-hidden="true" />
        Show full screen
      </ButtonLink>
    </section>
  );
}
