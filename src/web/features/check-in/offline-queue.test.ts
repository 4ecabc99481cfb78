import { describe, expect, it } from 'vitest';
import type { DoorCounts } from '../../../shared/check-in';
import { countsWithQueued, decideOffline, isQueued, withQueued, type QueuedScan } from './offline-queue';
import { ticket } from './door-ticket.fixture';

// What a door device decides on its own while offline, from the list it keeps and its queue.

const queued = (code: string, id = code): QueuedScan => ({
  id,
  code,
  device: 'Front door',
  scannedAt: '2031-03-10T23:05:00.000Z',
});

const list = [
  ticket('a'),
  ticket('b', { checkIn: { id: 'c1', at: '2031-03-10T23:00:00.000Z', device: 'Back door' } }),
  ticket('w', { status: 'waitlisted' }),
  ticket('g', { kind: 'guest', hostCode: 'a', hostName: 'Person a' }),
];

describe('the door offline', () => {
  it('admits a code on the list not yet in, and marks it unsent', () => {
    expect(decideOffline(list, 'a').outcome).toBe('admitted');
    const mine = withQueued(list, [queued('a', 'q1')]);
    const a = mine.find((t) => t.code === 'a')!;
    expect(a.checkIn).toEqual({ id: 'queued:q1', at: '2031-03-10T23:05:00.000Z', device: 'Front door' });
    expect(isQueued(a.checkIn!.id)).toBe(true);
    // Scanned again on this device: already, by this device.
    expect(decideOffline(mine, 'a')).toMatchObject({
      outcome: 'already',
      ticket: { checkIn: { device: 'Front door' } },
    });
  });

  it('says already, waitlisted or not valid as the server would', () => {
    expect(decideOffline(list, 'b')).toMatchObject({
      outcome: 'already',
      ticket: { checkIn: { device: 'Back door' } },
    });
    expect(decideOffline(list, 'w').outcome).toBe('waitlisted');
    expect(decideOffline(list, 'T1.unknown')).toEqual({ outcome: 'invalid', ticket: null, otherEvent: null });
  });

  it('finds a short code typed by hand in any case, with spaces or a dash, as the server does', () => {
    const coded = [
      ticket('a', { shortCode: 'K7MW3QXP' }),
      ticket('w', { shortCode: 'ZZZZ2222', status: 'waitlisted' }),
    ];
    expect(decideOffline(coded, 'k7mw-3qxp')).toMatchObject({ outcome: 'admitted', ticket: { code: 'a' } });
    expect(decideOffline(coded, 'K7MW 3QXP')).toMatchObject({ outcome: 'admitted', ticket: { code: 'a' } });
    expect(decideOffline(coded, 'zzzz2222').outcome).toBe('waitlisted');
    expect(decideOffline(coded, 'K7MW3QXQ').outcome).toBe('invalid');
  });

  it('never marks a ticket the server already has in, nor a waitlisted one, as unsent', () => {
    const mine = withQueued(list, [queued('b'), queued('w')]);
    expect(mine.find((t) => t.code === 'b')!.checkIn!.id).toBe('c1');
    expect(mine.find((t) => t.code === 'w')!.checkIn).toBeNull();
  });

  it('adds unsent admissions to the counts', () => {
    const counts: DoorCounts = { registered: 3, checkedIn: 1, guestsCheckedIn: 0, expected: 2, noShows: null };
    const mine = withQueued(list, [queued('a'), queued('g'), queued('b')]);
    expect(countsWithQueued(counts, list, mine)).toEqual({
      registered: 3,
      checkedIn: 3,
      guestsCheckedIn: 1,
      expected: 0,
      noShows: null,
    });
  });
});
