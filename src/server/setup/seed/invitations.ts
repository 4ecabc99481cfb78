import { randomUUID } from 'node:crypto';
import type { invitations, profiles, user } from '../../db/schema';
import { INVITATION_VALID_DAYS } from '../../../shared/invitations';
import { DAY, HOUR, MINUTE, THU, TUE, type DemoCalendar } from './calendar';
import { DEMO_EMAIL_DOMAIN } from './data';
import type { Random } from './random';

// The demo's invitations (issue 35): three weeks or so ago the organiser imported a list of 40
// people from the area's real-estate trades (the list itself is not kept, as in the product).
// Some of them have joined since: newcomers of the history who signed up after the import, with
// the address they were invited at. Of the others, two were revoked in the days after (one
// bounced, one asked not to be contacted) and a few were sent again last week; the rest wait.
// Addresses follow the demo's rule (first.last@powermixer.example), so an invited person who
// registers in the demo is seen joining.

/** People on the list who have not joined: none of them is a member or a newcomer of the seed. */
const INVITEES: [name: string, company: string, position: string][] = [
  ['Whitney Castillo', 'SouthPark Luxury Realty', 'Realtor'],
  ['Darnell Pruitt', 'Huntersville Home Loans', 'Loan Officer'],
  ['Meredith Sloane', 'Queens Road Title', 'Closing Attorney'],
  ['Terrence Akers', 'Akers Inspection Services', 'Home Inspector'],
  ['Lucía Navarro', 'Fort Mill Realty Group', 'Buyer’s Agent'],
  ['Bradley Kessler', 'Kessler Custom Homes', 'General Contractor'],
  ['Renee Holcomb', 'Concord Property Management', 'Property Manager'],
  ['Kwame Asante', 'Asante Capital', 'Investor'],
  ['Courtney Baird', 'Lake Norman Insurance Agency', 'Insurance Agent'],
  ['Julian Voss', 'Voss & Pryor PLLC', 'Real Estate Attorney'],
  ['Stephanie Marlowe', 'Marlowe Staging & Design', 'Home Stager'],
  ['Hiroshi Tanaka', 'Uptown Appraisal Group', 'Appraiser'],
  ['Tamara Whitfield', 'Mint Hill Mortgage', 'Mortgage Broker'],
  ['Colin Prescott', 'Prescott Commercial', 'Commercial Broker'],
  ['Angela Ferreira', 'Waxhaw Homes Collective', 'Realtor'],
  ['Desiree Lockhart', 'Lockhart Financial Planning', 'Financial Advisor'],
  ['Quentin Hayes', 'Hayes Roofing & Exteriors', 'Owner'],
  ['Naomi Castellano', 'Belmont Realty Partners', 'Listing Agent'],
  ['Patrick Dunleavy', 'Carolina First Title', 'Title Officer'],
  ['Ebony Mayfield', 'Mayfield Realty', 'Broker-in-Charge'],
  ['Trent Goodwin', 'Goodwin Build Group', 'Project Manager'],
  ['Sabrina Lyle', 'Davidson Village Realty', 'Relocation Specialist'],
  ['Vikram Rao', 'Rao & Associates CPAs', 'CPA'],
  ['Lindsey Harrow', 'NoDa Lofts Leasing', 'Leasing Consultant'],
  ['Marisol Ibarra', 'Ibarra Insurance', 'Insurance Agent'],
  ['Gregory Tillman', 'Tillman Land Co.', 'Land Developer'],
  ['Chantelle Boone', 'Boone Interiors', 'Interior Designer'],
  ['Dustin Crane', 'Mooresville Home Inspections', 'Home Inspector'],
  ['Farah Siddiqui', 'Siddiqui Law', 'Real Estate Attorney'],
  ['Owen Blackwood', 'Blackwood Capital Partners', 'Private Lender'],
  ['Jocelyn Pratt', 'Pratt Real Estate Photography', 'Photographer'],
  ['Reginald Moss', 'Queen City Credit Union', 'Mortgage Loan Officer'],
  ['Hollis Granger', 'Granger Surveying', 'Land Surveyor'],
  ['Alana Kirby', 'Ballantyne Luxury Rentals', 'Property Manager'],
  ['Terrell Banks', 'Carolina Home Warranty', 'Account Executive'],
  ['Yvonne Delacroix', 'Delacroix Design Build', 'Architect'],
  ['Martin Sokolov', 'Plaza Midwood Property Co.', 'Investor'],
  ['Kiara Langston', 'Langston Realty', 'Realtor'],
  ['Ravi Menon', 'Menon Mortgage Advisors', 'Mortgage Broker'],
  ['Celeste Dubois', 'Dubois Relocation', 'Relocation Consultant'],
];

export const DEMO_INVITATIONS = INVITEES.length;
/** Of the list, at most this many joined (newcomers since the import, as many as there are). */
const JOINED_MAX = 9;

/** first.last@powermixer.example, accents and spaces dropped ("Lucía Navarro": lucia.navarro@…). */
const addressOf = (name: string) =>
  `${name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .trim()
    .replace(/ +/g, '.')}@${DEMO_EMAIL_DOMAIN}`;

/** The import, the joins since and what the organiser did about the others. Written after the
 * users: the database's trigger marks a join when an account is made, so joins are given here. */
export function demoInvitations(input: {
  calendar: DemoCalendar;
  adminId: string;
  /** The history's newcomers: those who joined after the import are the list's joiners. */
  users: (typeof user.$inferInsert)[];
  profiles: (typeof profiles.$inferInsert)[];
  rand: Random;
}): (typeof invitations.$inferInsert)[] {
  const { calendar, adminId, rand } = input;
  const { at, day, nowMs } = calendar;
  // A Tuesday morning between 25 and 19 days ago; the reminders went out on a Thursday since,
  // 14 to 8 days ago: one that is a holiday moves a week on (Thanksgiving), still in the past.
  const importedAt = at(day(-25, TUE), 10, 20);
  const resentAt = at(day(-14, THU), 9, 45);
  const expiresAfter = (sent: Date) => new Date(sent.getTime() + INVITATION_VALID_DAYS * DAY);
  const base = { invitedBy: adminId, createdAt: importedAt, sentAt: importedAt, expiresAt: expiresAfter(importedAt) };

  const profileOf = new Map(input.profiles.map((p) => [p.id, p]));
  const joiners = rand
    .shuffle(
      input.users.filter(
        (u) => u.createdAt && u.createdAt.getTime() > importedAt.getTime() + 2 * HOUR && u.createdAt.getTime() < nowMs,
      ),
    )
    .slice(0, JOINED_MAX)
    .map((u) => {
      const profile = profileOf.get(u.id!)!;
      return {
        ...base,
        id: randomUUID(),
        email: u.email.toLowerCase(),
        name: u.name,
        company: profile.company ?? null,
        position: profile.position ?? null,
        joinedAt: u.createdAt!,
        joinedUserId: u.id!,
      };
    });

  const waiting = rand.shuffle(INVITEES).slice(0, INVITEES.length - joiners.length);
  const others = waiting.map(([name, company, position], i) => {
    const row: typeof invitations.$inferInsert = {
      ...base,
      id: randomUUID(),
      email: addressOf(name),
      name,
      company,
      position,
    };
    // Two revoked in the days after the import; four sent again last week.
    if (i < 2) {
      return { ...row, revokedAt: new Date(importedAt.getTime() + (1 + 2 * i) * DAY + rand.int(30, 90) * MINUTE) };
    }
    if (i < 6) {
      const sentAt = new Date(resentAt.getTime() + (i - 2) * MINUTE);
      return { ...row, sentAt, sendCount: 2, expiresAt: expiresAfter(sentAt) };
    }
    return row;
  });
  return [...joiners, ...others];
}
