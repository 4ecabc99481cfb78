import { z } from 'zod';
import { CODE_MAX, DEVICE_MAX, SCAN_OUTCOMES } from './check-in-texts';

export * from './check-in-texts';

// Tickets and the door: each attending member and each guest has a signed check-in code; door
// staff (admins, and members made door staff for one event) admit people by scanning it.

export const checkInRecord = z.object({
  id: z.string(),
  at: z.string().describe('When the door scanned it (ISO 8601)'),
  device: z.string().describe('The door device that admitted it'),
});
export type CheckInRecord = z.infer<typeof checkInRecord>;

/** One ticket on the door's list: a member (with how many guests they bring) or a guest. */
export const doorTicket = z.object({
  code: z.string().describe('The long code in the ticket’s QR image'),
  shortCode: z
    .string()
    .describe('The short code printed under the QR image (8 characters, unique within the event), for typing by hand'),
  kind: z.enum(['member', 'guest']),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  status: z.enum(['attending', 'waitlisted']),
  guests: z.number().int().describe('Guests this member brings (0 for a guest)'),
  hostName: z.string().nullable().describe('For a guest: the member who brought them'),
  hostCode: z.string().nullable().describe('For a guest: their member’s code'),
  checkIn: checkInRecord.nullable(),
});
export type DoorTicket = z.infer<typeof doorTicket>;
/** An undone check-in: the ticket as it is now. */
export const undoCheckInResponse = z.object({ ticket: doorTicket });
export type UndoCheckInResponse = z.infer<typeof undoCheckInResponse>;

export const doorCounts = z.object({
  registered: z.number().int().describe('Attending members and their guests'),
  checkedIn: z.number().int().describe('Members and guests checked in'),
  guestsCheckedIn: z.number().int(),
  expected: z.number().int().describe('Registered, not yet checked in'),
  noShows: z.number().int().nullable().describe('After the event: registered and never checked in'),
});
export type DoorCounts = z.infer<typeof doorCounts>;

export const doorResponse = z.object({
  event: z.object({
    id: z.string(),
    name: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    location: z.string().nullable(),
  }),
  tickets: z.array(doorTicket),
  counts: doorCounts,
});
export type DoorResponse = z.infer<typeof doorResponse>;

export const scanInput = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Enter a ticket code.')
    .max(CODE_MAX)
    .describe(
      'The long code a scanner reads from the QR image (`T1.` and 66 characters), or the 8-character short code ' +
        'printed under it, typed by hand: any case, with or without spaces or a dash (`k7mw 3qxp`, `K7MW-3QXP`)',
    ),
  device: z.string().trim().min(1, 'Name this device.').max(DEVICE_MAX),
  scannedAt: z
    .string()
    .datetime({ offset: true })
    .optional()
    .describe('When an offline scan was made on the device; the server keeps it if it is in the past 24 hours'),
});
export type ScanInput = z.infer<typeof scanInput>;

export const scanResponse = z.object({
  outcome: z.enum(SCAN_OUTCOMES),
  ticket: doorTicket.nullable().describe('The ticket scanned, when the code is one of this event’s'),
  otherEvent: z.object({ id: z.string(), name: z.string() }).nullable().describe('For another event: which'),
});
export type ScanResponse = z.infer<typeof scanResponse>;

/** A member's own ticket, and one per guest they bring. */
export const ticketResponse = z.object({
  event: z.object({ id: z.string(), name: z.string(), startTime: z.string(), location: z.string().nullable() }),
  holders: z.array(
    z.object({
      kind: z.enum(['member', 'guest']),
      name: z.string(),
      code: z.string(),
      shortCode: z.string().describe('The short code printed under the QR image, for typing at the door'),
      qrSvg: z.string().describe('The code as a QR image (SVG markup)'),
      checkedInAt: z.string().nullable(),
    }),
  ),
});
export type TicketResponse = z.infer<typeof ticketResponse>;

export const doorStaffInput = z.object({ userIds: z.array(z.string().max(64)).max(50) });
export const doorStaffResponse = z.object({
  staff: z.array(z.object({ id: z.string(), username: z.string(), fullName: z.string().nullable() })),
});
export type DoorStaffResponse = z.infer<typeof doorStaffResponse>;
export const DOOR_STAFF_UNKNOWN = 'One of the chosen members no longer exists.';

/** The events a member may open the door screen of: those they are door staff for (every one,
 * for admins) that ended less than a day ago or have not ended. */
export const doorDutiesResponse = z.object({
  events: z.array(z.object({ id: z.string(), name: z.string(), startTime: z.string(), endTime: z.string() })),
});
export type DoorDutiesResponse = z.infer<typeof doorDutiesResponse>;
/** How long after its end an event stays on the door-duty list (late guests, undoing a scan). */
export const DOOR_DUTY_AFTER_END_MS = 24 * 60 * 60_000;
