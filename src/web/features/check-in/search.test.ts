import { describe, expect, it } from 'vitest';
import { ticket } from './door-ticket.fixture';
import { findOnList } from './search';

// The door's name search: who is found, and in which order. The list comes from the server by name.

const member = (code: string, name: string, guests = 0) => ticket(code, { name, guests });
const guest = (code: string, name: string, host: string) =>
  ticket(code, { name, kind: 'guest', hostName: host, hostCode: host });

const list = [
  guest('g1', 'Avery Stone', 'Jordan Lee'),
  member('m1', 'Cam Majors', 1),
  member('m2', 'Jordan Lee', 1),
  member('m3', 'Jordan Leeds'),
  guest('g2', 'Jordyn Park', 'Cam Majors'),
  member('m4', 'José Ortega'),
];
const names = (query: string) => findOnList(list, query).map((t) => t.name);

describe('finding a name at the door', () => {
  it('lists members before guests, a member’s guests (found by the member’s name) after them', () => {
    expect(names('jor')).toEqual(['Jordan Lee', 'Jordan Leeds', 'Cam Majors', 'Jordyn Park', 'Avery Stone']);
    expect(names('lee')).toEqual(['Jordan Lee', 'Jordan Leeds', 'Avery Stone']);
  });

  it('puts the name typed in full first, even a guest’s', () => {
    expect(names('jordan lee')).toEqual(['Jordan Lee', 'Jordan Leeds', 'Avery Stone']);
    expect(names('  JORDYN   park ')).toEqual(['Jordyn Park']);
    expect(names('avery stone')).toEqual(['Avery Stone']);
  });

  it('ranks names with a word beginning with what was typed above the rest', () => {
    expect(names('ma')).toEqual(['Cam Majors', 'Jordyn Park']);
    expect(names('or')).toEqual([
      'José Ortega',
      'Cam Majors',
      'Jordan Lee',
      'Jordan Leeds',
      'Avery Stone',
      'Jordyn Park',
    ]);
  });

  it('ignores accents and case, and finds nobody for nothing typed', () => {
    expect(names('jose')).toEqual(['José Ortega']);
    expect(names('  ')).toEqual([]);
    expect(names('zed')).toEqual([]);
  });
});
