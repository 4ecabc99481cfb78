import { useQuery } from '@tanstack/react-query';
import type { TicketResponse } from '../../shared/check-in';
import { api } from './api';
import { useMe } from './session';

// A member's ticket, read by the ticket screens (features/ticket) and the dashboard's next-event
// card (features/dashboard).

/** A ticket holder as the client may have it: a ticket kept offline (lib/service-worker.ts) from
 * before short codes came has none, so the screens show the code only when it is there. */
export type TicketHolder = Omit<TicketResponse['holders'][number], 'shortCode'> & { shortCode?: string };
export type StoredTicket = Omit<TicketResponse, 'holders'> & { holders: TicketHolder[] };

/** Keyed by viewer and by what the registration looked like (`version`: its status and guests),
 * not under 'events': a registration change refetches the event, whose new registration makes a
 * new key here. Under 'events', unregistering would refetch the ticket before the page knew, and
 * the server would rightly answer 404. */
export const ticketKey = (eventId: string, viewerId: string | null, version = '') =>
  ['ticket', eventId, viewerId, version] as const;

export const ticketPath = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/ticket`;

/** The viewer's ticket and their guests'; a 404 (not attending) is an error, shown as nothing. */
export function useTicket(eventId: string, enabled = true, version = '') {
  const { me } = useMe();
  return useQuery({
    queryKey: ticketKey(eventId, me?.id ?? null, version),
    queryFn: () => api.get<StoredTicket>(ticketPath(eventId)),
    enabled: enabled && Boolean(me),
    // A guest added: the codes shown stay until the new list arrives.
    placeholderData: (previous) => previous,
    // Offline, the first try still goes out: the service worker answers it from its copy.
    networkMode: 'offlineFirst',
  });
}

/** The server's SVG as an image source (an <img> never runs what it shows). */
export const qrImageSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
