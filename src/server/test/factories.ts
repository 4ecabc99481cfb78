import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, events, eventSeries, profiles, sponsors, eventSponsors, user } from '../db/schema';
import type { SeriesTemplate } from '../../shared/series';
import { hashPassword } from '../platform/passwords';
import { Client } from './harness';
import type { App } from '../app';

// Factories build test data straight in the database; the API is then called as a member would.

let n = 0;
const unique = () => `${process.pid}_${Date.now().toString(36)}_${++n}`;

const HOUR = 3_600_000;

export async function createEvent(db: Db, overrides: Partial<typeof events.$inferInsert> = {}) {
  const start = overrides.startTime ?? new Date(Date.now() + 7 * 24 * HOUR);
  const [row] = await db
    .insert(events)
    .values({
      name: `Mixer ${unique()}`,
      summary: 'An evening of introductions',
      location: 'Uptown Charlotte',
      category: 'Mixer',
      status: 'upcoming',
      startTime: start,
      endTime: overrides.endTime ?? new Date(start.getTime() + 3 * HOUR),
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createSponsor(db: Db, eventId: string, overrides: Partial<typeof sponsors.$inferInsert> = {}) {
  const [row] = await db
    .insert(sponsors)
    .values({ name: `Sponsor ${unique()}`, ...overrides })
    .returning();
  await db.insert(eventSponsors).values({ eventId, sponsorId: row!.id });
  return row!;
}

const PASSWORD = 'factory password 1';
let sharedHash: Promise<string> | null = null;

/** Members made in bulk (one password hash for all), each ready to sign in. */
export async function createMembers(db: Db, count: number, prefix = 'bulk') {
  sharedHash ??= hashPassword(PASSWORD);
  const hash = await sharedHash;
  const members = Array.from({ length: count }, () => {
    const id = randomUUID();
    const tag = unique();
    return { id, email: `${prefix}${tag}@example.com`.toLowerCase(), username: `${prefix}${tag}`.slice(0, 30) };
  });
  for (let i = 0; i < members.length; i += 500) {
    const chunk = members.slice(i, i + 500);
    await db
      .insert(user)
      .values(chunk.map((m) => ({ id: m.id, name: m.username, email: m.email, emailVerified: true })));
    await db.insert(account).values(
      chunk.map((m) => ({
        id: randomUUID(),
        accountId: m.id,
        providerId: 'credential',
        userId: m.id,
        password: hash,
      })),
    );
    await db
      .insert(profiles)
      .values(chunk.map((m) => ({ id: m.id, username: m.username, fullName: `Member ${m.username}` })));
  }
  return members;
}

/** An admin made straight in the test database (tests never rely on the demo admin). */
export async function createAdmin(db: Db, prefix = 'admin') {
  const [admin] = await createMembers(db, 1, prefix);
  await db.update(profiles).set({ isAdmin: true }).where(eq(profiles.id, admin!.id));
  return admin!;
}

/** A new admin, signed in: `{ client, admin }`. */
export async function adminClient(app: App) {
  const admin = await createAdmin(app.services.db);
  return { client: await signIn(app, admin), admin };
}

/** Signs a factory member in and returns their client. */
export async function signIn(app: App, member: { email: string }) {
  const client = new Client(app);
  const res = await client.post('/api/auth/sign-in', { email: member.email, password: PASSWORD });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return client;
}

/** A series (by default every first Thursday, 6-9 PM) with one event row per start in `starts`,
 * made straight in the database as the series' own code would (`series_date` is the start's UTC
 * day unless given). `dates` overrides each date's columns by index. */
export async function createSeries(
  db: Db,
  starts: Date[],
  options: {
    series?: Partial<typeof eventSeries.$inferInsert>;
    template?: Partial<SeriesTemplate>;
    dates?: Partial<typeof events.$inferInsert>[];
  } = {},
) {
  const name = options.template?.name ?? `Series mixer ${unique()}`;
  const template: SeriesTemplate = {
    name,
    summary: 'An evening of introductions',
    description: null,
    content: null,
    location: 'Uptown Charlotte',
    category: 'Mixer',
    maxAttendees: null,
    whatToBring: null,
    imageUrl: null,
    panelistsUrls: [],
    videoUrl: null,
    slidesUrl: null,
    isFeatured: false,
    sponsorIds: [],
    ...options.template,
  };
  const first = starts[0] ?? new Date();
  const [series] = await db
    .insert(eventSeries)
    .values({
      rule: { frequency: 'monthly', interval: 1, on: { kind: 'nth', nth: 1, weekday: 4 }, ends: { kind: 'never' } },
      startDate: first.toISOString().slice(0, 10),
      startTime: '18:00',
      durationMinutes: 180,
      template,
      // Made by hand to the last; the horizon job, ticking in the test's app, must find nothing to add.
      generatedUntil: '2999-12-31',
      ...options.series,
    })
    .returning();
  const dates = [];
  for (const [i, start] of starts.entries()) {
    dates.push(
      await createEvent(db, {
        name,
        summary: template.summary,
        location: template.location,
        maxAttendees: template.maxAttendees,
        startTime: start,
        seriesId: series!.id,
        seriesDate: start.toISOString().slice(0, 10),
        ...options.dates?.[i],
      }),
    );
  }
  return { series: series!, dates };
}
