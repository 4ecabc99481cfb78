import type { CheckInRecord, DoorTicket } from '../../../shared/check-in';
import { plural } from '../../../shared/plural';
import { isQueued } from './offline-queue';

// How the door screen words times and a ticket's state. Times are the door device's own clock:
// the device stands at the venue.

const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** "7:02 PM" */
export const formatTime = (iso: string) => time.format(new Date(iso));

/** "at 7:02 PM by Front door" */
export const admittedBy = (checkIn: CheckInRecord) => `at ${formatTime(checkIn.at)} by ${checkIn.device}`;

/** "Guest of Jordan Lee", or "2 guests", or nothing for a member alone. */
export function whoLine(ticket: DoorTicket): string {
  if (ticket.kind === 'guest') return ticket.hostName ? `Guest of ${ticket.hostName}` : 'Guest';
  return ticket.guests > 0 ? `Brings ${plural(ticket.guests, 'guest')}` : 'No guests';
}

/** "Checked in at 7:02 PM by Front door", "On the waitlist", "Not checked in yet". */
export function statusLine(ticket: DoorTicket): string {
  if (ticket.checkIn) {
    const unsent = isQueued(ticket.checkIn.id) ? ' (not sent yet)' : '';
    return `Checked in ${admittedBy(ticket.checkIn)}${unsent}`;
  }
  return ticket.status === 'waitlisted' ? 'On the waitlist' : 'Not checked in yet';
}
