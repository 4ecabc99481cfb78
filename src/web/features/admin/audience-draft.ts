import {
  audience as audienceSchema,
  type ATTENDANCE_KINDS,
  type Audience,
  type AudienceCount,
  type AudienceKind,
} from '../../../shared/announcements';
import { plural } from '../../../shared/plural';

// The audience picker's state (issue 35): every kind keeps what was typed for it, so switching
// back and forth loses nothing; the request sends the chosen kind's part only.

export type Attendance = (typeof ATTENDANCE_KINDS)[number];

export interface AudienceDraft {
  kind: AudienceKind;
  eventIds: string[];
  attendance: Attendance;
  skill: string;
  offer: string;
  ask: string;
  date: string;
}

export function draftOf(a: Audience | null): AudienceDraft {
  const draft: AudienceDraft = {
    kind: a?.kind ?? 'all',
    eventIds: [],
    attendance: 'registered',
    skill: '',
    offer: '',
    ask: '',
    date: '',
  };
  switch (a?.kind) {
    case 'events':
      return { ...draft, eventIds: a.eventIds, attendance: a.attendance };
    case 'skill':
      return { ...draft, skill: a.skill };
    case 'offer':
      return { ...draft, offer: a.text };
    case 'ask':
      return { ...draft, ask: a.text };
    case 'joined-since':
      return { ...draft, date: a.date };
    default:
      return draft;
  }
}

/** The audience as the request sends it (checked by the schema, not here). */
export function audienceOf(d: AudienceDraft): Audience {
  switch (d.kind) {
    case 'all':
      return { kind: 'all' };
    case 'events':
      return { kind: 'events', eventIds: d.eventIds, attendance: d.attendance };
    case 'skill':
      return { kind: 'skill', skill: d.skill };
    case 'offer':
      return { kind: 'offer', text: d.offer };
    case 'ask':
      return { kind: 'ask', text: d.ask };
    case 'joined-since':
      return { kind: 'joined-since', date: d.date };
  }
}

/** The audience when it is complete enough to count, else null. */
export function countableAudience(d: AudienceDraft): Audience | null {
  const parsed = audienceSchema.safeParse(audienceOf(d));
  return parsed.success ? parsed.data : null;
}

/** "12 members will get it; 3 turned Community news off." */
export function recipientWords({ count, optedOut }: AudienceCount): string {
  const who = count === 0 ? 'No member will get it' : `${plural(count, 'member')} will get it`;
  return `${who}; ${optedOut} turned Community news off.`;
}
