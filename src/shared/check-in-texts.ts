// Check-in's constants and texts, without zod: the event page's ticket section imports these,
// so the validation library stays off that page's critical path. shared/check-in.ts re-exports
// them for everything else.

export const TICKET_TITLE = 'Your ticket';
export const TICKET_NOT_FOUND = 'You have no ticket for this event.';
export const DOOR_TITLE = 'Check-in';

export const CHECK_IN_NOT_FOUND = 'Check-in not found';

/** A device's name as the door screen reports it ("Front door"), shown in "already checked in". */
export const DEVICE_MAX = 40;
/** A check-in code as printed in the QR image: `T1.` and 66 base64url characters. */
export const CODE_MAX = 200;

/** What a scan found, in the words and colours the door screen shows (never colour alone). */
export const SCAN_OUTCOMES = ['admitted', 'already', 'other-event', 'invalid', 'waitlisted'] as const;
export type ScanOutcome = (typeof SCAN_OUTCOMES)[number];
export const OUTCOME_WORDS: Record<ScanOutcome, string> = {
  admitted: 'Admitted',
  already: 'Already checked in',
  'other-event': 'For another event',
  invalid: 'Not a valid ticket',
  waitlisted: 'On the waitlist',
};
