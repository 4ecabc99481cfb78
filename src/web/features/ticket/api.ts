import { useQuery } from '@tanstack/react-query';
import type { TicketResponse } from '../../../shared/check-in';
import { api } from '../../lib/api';
import { useMe } from '../../lib/session';

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
    queryFn: () => api.get<TicketResponse>(ticketPath(eventId)),
    enabled: enabled && Boolean(me),
    // A guest added: the codes shown stay until the new list arrives.
    placeholderData: (previous) => previous,
    // Offline, the first try still goes out: the service worker answers it from its copy.
    networkMode: 'offlineFirst',
  });
}

/** The server's SVG as an image source (an <img> never runs what it shows). */
export const qrImageSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

// In the community's time zone (Charlotte), as every event date is shown.
const timeZone = 'America/New_York';
const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
const when = new Intl.DateTimeFormat('en-US', {
  timeZone,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

export const checkedInText = (at: string | null) =>
  at ? `Checked in at ${time.format(new Date(at))}` : 'Not checked in yet';
/** "Saturday, May 16, 2026 at 6:00 PM EDT" */
export const formatStart = (iso: string) => when.format(new Date(iso));
