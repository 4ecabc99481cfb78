import { describe, expect, it } from 'vitest';
import type { Audience } from '../../../shared/announcements';
import { audienceOf, countableAudience, draftOf, recipientWords } from './audience-draft';

const EVENT = '7d0c5f8e-2a4b-4c1d-9e3f-1a2b3c4d5e6f';

describe('the audience picker’s state', () => {
  it('sends the chosen kind only, keeping what was typed for the others', () => {
    const draft = { ...draftOf(null), skill: 'Negotiation', offer: 'mentoring', kind: 'offer' as const };
    expect(audienceOf(draft)).toEqual({ kind: 'offer', text: 'mentoring' });
    expect(audienceOf({ ...draft, kind: 'skill' })).toEqual({ kind: 'skill', skill: 'Negotiation' });
    expect(audienceOf({ ...draft, kind: 'all' })).toEqual({ kind: 'all' });
  });

  it('reads a saved audience back into the picker', () => {
    for (const audience of [
      { kind: 'all' },
      { kind: 'events', eventIds: [EVENT], attendance: 'no-show' },
      { kind: 'skill', skill: 'Negotiation' },
      { kind: 'offer', text: 'mentoring' },
      { kind: 'ask', text: 'investors' },
      { kind: 'joined-since', date: '2026-01-31' },
    ] satisfies Audience[]) {
      expect(audienceOf(draftOf(audience))).toEqual(audience);
    }
  });

  it('counts only an audience the schema takes', () => {
    const draft = draftOf(null);
    expect(countableAudience(draft)).toEqual({ kind: 'all' });
    expect(countableAudience({ ...draft, kind: 'events' })).toBeNull();
    expect(countableAudience({ ...draft, kind: 'events', eventIds: [EVENT] })).toEqual({
      kind: 'events',
      eventIds: [EVENT],
      attendance: 'registered',
    });
    expect(countableAudience({ ...draft, kind: 'skill', skill: 'N' })).toBeNull();
    expect(countableAudience({ ...draft, kind: 'skill', skill: '  Negotiation ' })).toEqual({
      kind: 'skill',
      skill: 'Negotiation',
    });
    expect(countableAudience({ ...draft, kind: 'joined-since', date: '31/01/2026' })).toBeNull();
  });

  it('says the count in words', () => {
    expect(recipientWords({ count: 1, optedOut: 0 })).toBe('1 member will get it; 0 turned Community news off.');
    expect(recipientWords({ count: 12, optedOut: 3 })).toBe('12 members will get it; 3 turned Community news off.');
    expect(recipientWords({ count: 0, optedOut: 2 })).toBe('No member will get it; 2 turned Community news off.');
  });
});
