import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { account, offersAndAsks, profiles, skills, user, userSkills } from '../../db/schema';
import { termsOf } from '../../features/members/offers-asks';
import { DAY, HOUR, type DemoCalendar } from './calendar';
import { ADMIN_DATA, DEMO_EMAIL_DOMAIN, MEMBERS, SKILLS } from './data';
import { OFFERS_ASKS } from './offers-asks';
import type { Random } from './random';

// The demo's people: the organiser (the admin) and the members, with their sign-in, profile,
// skills, and what each offers and looks for.

export interface DemoPerson {
  id: string;
  username: string;
  fullName: string;
  email: string;
  company: string;
  position: string;
  bio: string;
  skills: string[];
  isAdmin: boolean;
  isSponsor: boolean;
  isPanelist: boolean;
  website: string;
  createdAt: Date;
}

/** Everyone in the demo: the admin first, then the members in data.ts order. */
export interface DemoPeople {
  all: DemoPerson[];
  admin: DemoPerson;
  members: DemoPerson[];
  byUsername: Map<string, DemoPerson>;
  /** The id of a username data.ts names; throws on a name it does not know. */
  idOf: (username: string) => string;
}

export function demoPeople(adminEmail: string, calendar: DemoCalendar, rand: Random): DemoPeople {
  const { ago } = calendar;
  const all: DemoPerson[] = [
    {
      id: randomUUID(),
      username: ADMIN_DATA.username,
      fullName: ADMIN_DATA.fullName,
      email: adminEmail,
      company: ADMIN_DATA.company,
      position: ADMIN_DATA.position,
      bio: ADMIN_DATA.bio,
      skills: ADMIN_DATA.skills,
      isAdmin: true,
      isSponsor: false,
      isPanelist: false,
      website: 'https://powermixer.example',
      // Before the two years of history (history.ts): the organiser was there from the start.
      createdAt: ago(760 * DAY),
    },
    ...MEMBERS.map((m, i) => {
      const username = `${m.first}${m.last}`.toLowerCase().replace(/[^a-z0-9]/g, '');
      const domain = m.company
        .toLowerCase()
        .replace(/&/g, 'and')
        .replace(/[^a-z0-9]/g, '');
      return {
        id: randomUUID(),
        username,
        fullName: `${m.first} ${m.last}`,
        email: `${m.first}.${m.last}@${DEMO_EMAIL_DOMAIN}`.toLowerCase(),
        company: m.company,
        position: m.position,
        bio: m.bio,
        skills: m.skills,
        isAdmin: false,
        isSponsor: m.sponsor ?? false,
        isPanelist: m.panelist ?? false,
        website: `https://www.${domain}.example`,
        // Spread over the past year; later members joined more recently.
        createdAt: ago((400 - i * 12 - rand.int(0, 8)) * DAY),
      };
    }),
  ];
  const byUsername = new Map(all.map((p) => [p.username, p]));
  return {
    all,
    admin: all[0]!,
    members: all.slice(1),
    byUsername,
    idOf: (username) => {
      const p = byUsername.get(username);
      if (!p) throw new Error(`Seed data names an unknown member: ${username}`);
      return p.id;
    },
  };
}

/** Each person's user, credential account and profile rows (the same id in all three). */
export function demoAccounts(
  people: DemoPeople,
  input: { adminHash: string; memberHash: string },
): {
  users: (typeof user.$inferInsert)[];
  accounts: (typeof account.$inferInsert)[];
  profiles: (typeof profiles.$inferInsert)[];
} {
  return {
    users: people.all.map((p) => ({
      id: p.id,
      name: p.fullName,
      email: p.email,
      emailVerified: true,
      createdAt: p.createdAt,
      updatedAt: p.createdAt,
    })),
    accounts: people.all.map((p) => ({
      id: randomUUID(),
      accountId: p.id,
      providerId: 'credential',
      userId: p.id,
      password: p.isAdmin ? input.adminHash : input.memberHash,
      createdAt: p.createdAt,
      updatedAt: p.createdAt,
    })),
    profiles: people.all.map((p) => ({
      id: p.id,
      username: p.username,
      fullName: p.fullName,
      // No drawn avatars: a face that does not fit the name reads as fake; initials do not.
      avatarUrl: null,
      bio: p.bio,
      company: p.company,
      position: p.position,
      website: p.website,
      instagramUrl: `https://instagram.com/${p.username}`,
      facebookUrl: `https://facebook.com/${p.username}`,
      linkedinUrl: `https://linkedin.com/in/${p.username}`,
      isAdmin: p.isAdmin,
      isSponsor: p.isSponsor,
      isPanelist: p.isPanelist,
      createdAt: p.createdAt,
    })),
  };
}

/** The skills directory and each person's skills, added in the hours after they joined. */
export function demoSkills(
  people: DemoPeople,
  calendar: DemoCalendar,
): { skills: (typeof skills.$inferInsert)[]; userSkills: (typeof userSkills.$inferInsert)[] } {
  const skillRows = SKILLS.map((s, i) => ({
    id: randomUUID(),
    name: s.name,
    category: s.category,
    createdAt: calendar.ago((500 - i) * DAY),
  }));
  const skillId = new Map(skillRows.map((s) => [s.name, s.id]));
  const userSkillRows = people.all.flatMap((p) =>
    p.skills.map((name, k) => {
      const id = skillId.get(name);
      if (!id) throw new Error(`Seed data names an unknown skill: ${name}`);
      return { userId: p.id, skillId: id, createdAt: new Date(p.createdAt.getTime() + (k + 1) * HOUR) };
    }),
  );
  return { skills: skillRows, userSkills: userSkillRows };
}

/** What each person offers and looks for, with the terms matching compares (as a save makes them). */
export async function demoOffersAndAsks(db: Db, people: DemoPeople): Promise<(typeof offersAndAsks.$inferInsert)[]> {
  const items = people.all.flatMap((p) => {
    const said = OFFERS_ASKS[p.username];
    if (!said) throw new Error(`Seed data has no offers and asks for ${p.username}`);
    return [
      ...said.offers.map((text, position) => ({ userId: p.id, kind: 'offer', text, position, createdAt: p.createdAt })),
      ...said.asks.map((text, position) => ({ userId: p.id, kind: 'ask', text, position, createdAt: p.createdAt })),
    ];
  });
  const terms = await termsOf(
    db,
    items.map((r) => r.text),
  );
  return items.map((r, i) => ({ ...r, terms: terms[i]! }));
}
