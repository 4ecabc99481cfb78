import type { DoorTicket } from '../../../shared/check-in';

/** A ticket on the door's list for the tests: an attending member, not checked in, unless `over` says. */
export const ticket = (code: string, over: Partial<DoorTicket> = {}): DoorTicket => ({
  code,
  shortCode: 'ABCDEFGH',
  kind: 'member',
  name: `Person ${code}`,
  avatarUrl: null,
  status: 'attending',
  guests: 0,
  hostName: null,
  hostCode: null,
  checkIn: null,
  ...over,
});
