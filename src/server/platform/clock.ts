/** Where the server reads the time for work that depends on it (jobs, reminders, notification
 * e-mails): the system's clock in the product, one the tests move forward in theirs. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move (tests; never used by the server itself). */
export function manualClock(start: Date | string): Clock & { set(to: Date | string): void; advance(ms: number): Date } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (to) => void (current = new Date(to)),
    advance(ms) {
      current = new Date(current.getTime() + ms);
      return new Date(current);
    },
  };
}
