import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { auditLog, emailOutbox, eventAttendees, eventGuests, events, eventSponsors, sponsors } from '../../db/schema';
import { loadConfig } from '../../config';
import { Client, ORIGIN, createTestContext, uploadFile, type TestContext } from '../../test/harness';
import { adminClient, createEvent, createMembers, createSponsor, signIn } from '../../test/factories';
import { CAPACITY_BELOW_TAKEN, EVENT_ADMIN_TEXTS } from '../../../shared/event-admin';
import { EVENT_NOT_FOUND } from '../../../shared/events';
import { INVALID_UNICODE_MESSAGE } from '../../../shared/text';
import { buildRegistrationEmail } from './emails';
import { eventUid } from './ics';

let ctx: TestContext;
let admin: Client;
let member: Client;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await adminClient(ctx.app)).client;
  const [m] = await createMembers(ctx.database.db, 1, 'plain');
  member = await signIn(ctx.app, m!);
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const MISSING = '00000000-0000-4000-8000-000000000000';
const HOUR = 3_600_000;

const png = (color = '#336699', width = 640, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A multipart body with several files in the "file" field, as a multi-select upload sends. */
function multipartFiles(files: Buffer[]) {
  const boundary = '----pmfiles' + Math.random().toString(16).slice(2);
  const parts = files.flatMap((bytes, i) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="g${i}.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const uploadMany = (client: Client, url: string, files: Buffer[]) => {
  const body = multipartFiles(files);
  return ctx.app.inject({
    method: 'POST',
    url,
    remoteAddress: client.ip,
    headers: { origin: ORIGIN, cookie: client.cookieHeader, 'content-type': body.contentType },
    payload: body.payload,
  });
};

/** The stored file behind one of our /uploads URLs. */
const fileOf = (url: string) => path.join(ctx.dataDir, 'uploads', url.replace(/^\/uploads\//, ''));

const validInput = (overrides: Record<string, unknown> = {}) => ({
  name: 'Harbor Founders Night',
  summary: 'Founders meet by the water',
  description: 'A long description',
  content: '<p>Hello <strong>there</strong></p><script>alert(1)</script><img src="x" onerror="alert(1)">',
  location: 'Dockside Hall',
  category: 'Mixer',
  status: 'upcoming',
  startTime: '2030-07-01T18:30',
  endTime: '2030-07-01T21:00',
  maxAttendees: '',
  imageUrl: '',
  galleryUrls: ['', '  '],
  panelistsUrls: ['https://images.example.com/p1.png', ''],
  videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  slidesUrl: '',
  isFeatured: true,
  recapVideoUrl: '',
  recapDescription: '',
  recapThumbnailUrl: '',
  sponsorIds: [] as string[],
  ...overrides,
});

async function register(eventId: string, userId: string, status = 'attending') {
  await db().insert(eventAttendees).values({ eventId, userId, status });
}

async function mailsTo(email: string) {
  return db().select().from(emailOutbox).where(eq(emailOutbox.to, email));
}

const ics = (mail: { attachments?: { content: string }[] | null }) => mail.attachments?.[0]?.content ?? '';

describe('admin event routes: who may call them', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/events'],
    ['GET', '/api/admin/events/draft'],
    ['GET', `/api/admin/events/${MISSING}`],
    ['POST', '/api/admin/events', validInput()],
    ['PUT', `/api/admin/events/${MISSING}`, validInput()],
    ['DELETE', `/api/admin/events/${MISSING}`],
    ['POST', '/api/admin/event-images'],
    ['DELETE', '/api/admin/event-images?url=%2Fuploads%2Fevent-images%2Fevents%2Fa.webp'],
    ['POST', `/api/admin/events/${MISSING}/gallery`],
    ['DELETE', `/api/admin/events/${MISSING}/gallery?url=x`],
    ['GET', `/api/admin/events/${MISSING}/reminders`],
    ['GET', `/api/admin/events/${MISSING}/attendees.csv`],
    ['GET', `/api/admin/events/${MISSING}/email-recipients?audience=all`],
    ['POST', `/api/admin/events/${MISSING}/email`, { audience: 'all', subject: 's', message: 'm' }],
  ];

  it.each(routes)('%s %s answers 401 to a visitor and 403 to a member', async (method, url, body) => {
    const m = method as 'GET' | 'POST' | 'PUT' | 'DELETE';
    expect((await new Client(ctx.app).request(m, url, body)).statusCode).toBe(401);
    const res = await member.request(m, url, body);
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/admin/events', () => {
  it('lists every event newest start first with attendee and guest counts and capacity', async () => {
    const far = Date.now() + 900 * 24 * HOUR;
    const older = await createEvent(db(), { startTime: new Date(far), maxAttendees: 40 });
    const newer = await createEvent(db(), { startTime: new Date(far + HOUR), status: 'completed' });
    const [a, b] = await createMembers(db(), 2, 'cnt');
    await register(older.id, a!.id);
    await register(older.id, b!.id, 'maybe');
    await db()
      .insert(eventGuests)
      .values({ eventId: older.id, profileId: a!.id, guestName: 'G', guestEmail: 'g1@example.com' });

    const res = await admin.get('/api/admin/events');
    expect(res.statusCode).toBe(200);
    const list = res.json().events as { id: string }[];
    expect(list.findIndex((e) => e.id === newer.id)).toBeLessThan(list.findIndex((e) => e.id === older.id));
    expect(list.find((e) => e.id === older.id)).toMatchObject({
      name: older.name,
      status: 'upcoming',
      attendeeCount: 1,
      guestCount: 1,
      maxAttendees: 40,
    });
    expect(list.find((e) => e.id === newer.id)).toMatchObject({ status: 'completed', maxAttendees: null });
    expect(res.json().timeZone).toBe('America/New_York');
  });
});

describe('POST /api/admin/events', () => {
  it('creates the event: local times stored as instants, content sanitised, blanks dropped, sponsors linked', async () => {
    const [sponsor] = await db().insert(sponsors).values({ name: 'Acme Create' }).returning();
    const res = await admin.post('/api/admin/events', validInput({ sponsorIds: [sponsor!.id] }));
    expect(res.statusCode).toBe(201);
    const { event } = res.json();
    expect(event.startTime).toBe('2030-07-01T18:30');
    expect(event.sponsorIds).toEqual([sponsor!.id]);

    const [row] = await db().select().from(events).where(eq(events.id, event.id));
    // 18:30 in New York in July (EDT, UTC-4).
    expect(row!.startTime.toISOString()).toBe('2030-07-01T22:30:00.000Z');
    expect(row!.endTime.toISOString()).toBe('2030-07-02T01:00:00.000Z');
    expect(row!.content).toContain('<strong>there</strong>');
    expect(row!.content).not.toMatch(/script|onerror/);
    expect(row!.maxAttendees).toBeNull();
    expect(row!.galleryUrls).toEqual([]);
    expect(row!.panelistsUrls).toEqual(['https://images.example.com/p1.png']);
    expect(row!.slidesUrl).toBeNull();
    expect(row!.isFeatured).toBe(true);
    expect(row!.status).toBe('upcoming');
    const links = await db().select().from(eventSponsors).where(eq(eventSponsors.eventId, event.id));
    expect(links.map((l) => l.sponsorId)).toEqual([sponsor!.id]);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.targetId, event.id));
    expect(audit?.method).toBe('POST');
  });

  it('defaults the status to upcoming', async () => {
    const { status: _status, ...input } = validInput({ name: 'No status given' });
    const res = await admin.post('/api/admin/events', input);
    expect(res.statusCode).toBe(201);
    expect(res.json().event.status).toBe('upcoming');
  });

  it.each([
    [{ name: '  ' }, { name: 'Name is required' }],
    [{ startTime: '' }, { startTime: 'Start time is required' }],
    [{ endTime: '2030-07-01T17:00' }, { endTime: 'End time must be after start time' }],
    [{ maxAttendees: '0' }, { maxAttendees: 'Max attendees must be a whole number greater than 0' }],
    [{ maxAttendees: 'ten' }, { maxAttendees: 'Max attendees must be a whole number greater than 0' }],
    [{ videoUrl: 'javascript:alert(1)' }, { videoUrl: 'Enter a valid URL starting with https:// or http://' }],
    [{ status: 'cancelled' }, { status: 'Status is required' }],
    [{ startTime: 'tomorrow' }, { startTime: 'Enter a date and time' }],
  ])('refuses %j with 422 on its field, creating nothing', async (overrides, fields) => {
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(events);
    const res = await admin.post('/api/admin/events', validInput(overrides));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual(fields);
    const after = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(events);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses a sponsor that does not exist with 422', async () => {
    const res = await admin.post('/api/admin/events', validInput({ name: 'Ghost sponsor', sponsorIds: [MISSING] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('One of the chosen sponsors no longer exists.');
    expect(await db().select().from(events).where(eq(events.name, 'Ghost sponsor'))).toHaveLength(0);
  });
});

describe('GET /api/admin/events/:id and /draft', () => {
  it('returns the event for editing with wall times and sponsor ids; 404 when missing', async () => {
    const event = await createEvent(db(), {
      startTime: new Date('2030-01-15T14:00:00Z'),
      endTime: new Date('2030-01-15T16:00:00Z'),
    });
    const sponsor = await createSponsor(db(), event.id);
    const res = await admin.get(`/api/admin/events/${event.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().event).toMatchObject({
      id: event.id,
      name: event.name,
      startTime: '2030-01-15T09:00',
      endTime: '2030-01-15T11:00',
      sponsorIds: [sponsor.id],
      seatsTaken: 0,
    });
    expect((await admin.get(`/api/admin/events/${MISSING}`)).statusCode).toBe(404);
    const bad = await admin.get('/api/admin/events/not-a-uuid');
    expect(bad.statusCode).toBe(404);
    expect(bad.json().error.message).toBe(EVENT_NOT_FOUND);
  });

  it('drafts a duplicate with every field but dates, registrations and recap; nothing is saved', async () => {
    const event = await createEvent(db(), {
      description: 'Copied description',
      maxAttendees: 25,
      imageUrl: 'https://images.example.com/main.png',
      galleryUrls: ['https://images.example.com/g.png'],
      recapDescription: 'How it went',
      recapVideoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      status: 'completed',
    });
    const sponsor = await createSponsor(db(), event.id);
    const [m] = await createMembers(db(), 1, 'dup');
    await register(event.id, m!.id);
    const count = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(events)
      )[0]!.n;
    const before = await count();

    const res = await admin.get(`/api/admin/events/draft?from=${event.id}`);
    expect(res.statusCode).toBe(200);
    const { draft } = res.json();
    expect(draft).toMatchObject({
      name: event.name,
      description: 'Copied description',
      maxAttendees: 25,
      imageUrl: 'https://images.example.com/main.png',
      galleryUrls: ['https://images.example.com/g.png'],
      sponsorIds: [sponsor.id],
      status: 'upcoming',
      startTime: '',
      endTime: '',
      recapDescription: null,
      recapVideoUrl: null,
      recapThumbnailUrl: null,
    });
    expect(draft).not.toHaveProperty('seatsTaken');
    expect(await count()).toBe(before);

    const empty = await admin.get('/api/admin/events/draft');
    expect(empty.json().draft).toMatchObject({ name: '', status: 'upcoming', sponsorIds: [] });
    expect((await admin.get(`/api/admin/events/draft?from=${MISSING}`)).statusCode).toBe(404);
  });
});

describe('PUT /api/admin/events/:id', () => {
  it('saves the whole record and replaces the sponsor links', async () => {
    const event = await createEvent(db());
    const old = await createSponsor(db(), event.id);
    const [fresh] = await db().insert(sponsors).values({ name: 'Fresh Sponsor' }).returning();
    const res = await admin.request(
      'PUT',
      `/api/admin/events/${event.id}`,
      validInput({ name: 'Renamed', status: 'ongoing', maxAttendees: 30, sponsorIds: [fresh!.id] }),
    );
    expect(res.statusCode).toBe(200);
    const [row] = await db().select().from(events).where(eq(events.id, event.id));
    expect(row).toMatchObject({ name: 'Renamed', status: 'ongoing', maxAttendees: 30, location: 'Dockside Hall' });
    const links = await db().select().from(eventSponsors).where(eq(eventSponsors.eventId, event.id));
    expect(links.map((l) => l.sponsorId)).toEqual([fresh!.id]);
    expect(links.map((l) => l.sponsorId)).not.toContain(old.id);
  });

  it('answers 404 for a missing event and 422 for bad input, changing nothing', async () => {
    expect((await admin.request('PUT', `/api/admin/events/${MISSING}`, validInput())).statusCode).toBe(404);
    const event = await createEvent(db());
    const res = await admin.request('PUT', `/api/admin/events/${event.id}`, validInput({ name: '' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({ name: 'Name is required' });
    const [row] = await db().select().from(events).where(eq(events.id, event.id));
    expect(row!.name).toBe(event.name);
  });

  it('saves What to bring (trimmed) and returns it to the form; empty clears it; over 500 characters is 422', async () => {
    const made = await admin.post('/api/admin/events', validInput({ whatToBring: '  Business cards and a laptop  ' }));
    expect(made.statusCode).toBe(201);
    const id = made.json().event.id as string;
    expect(made.json().event.whatToBring).toBe('Business cards and a laptop');
    expect((await admin.get(`/api/admin/events/${id}`)).json().event.whatToBring).toBe('Business cards and a laptop');
    // A duplicate keeps it: it is about the kind of evening, not its date.
    expect((await admin.get(`/api/admin/events/draft?from=${id}`)).json().draft.whatToBring).toBe(
      'Business cards and a laptop',
    );

    const tooLong = await admin.request('PUT', `/api/admin/events/${id}`, validInput({ whatToBring: 'x'.repeat(501) }));
    expect(tooLong.statusCode).toBe(422);
    expect(Object.keys(tooLong.json().error.fields)).toEqual(['whatToBring']);
    const [kept] = await db().select().from(events).where(eq(events.id, id));
    expect(kept!.whatToBring).toBe('Business cards and a laptop');

    const ok = await admin.request('PUT', `/api/admin/events/${id}`, validInput({ whatToBring: 'y'.repeat(500) }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().event.whatToBring).toBe('y'.repeat(500));
    const cleared = await admin.request('PUT', `/api/admin/events/${id}`, validInput({ whatToBring: '   ' }));
    expect(cleared.json().event.whatToBring).toBeNull();
    const [row] = await db().select().from(events).where(eq(events.id, id));
    expect(row!.whatToBring).toBeNull();
  });

  it('refuses text that is not valid Unicode on an event with attendees: 422 on its field, no change, no notice', async () => {
    // Before: the name was stored with U+FFFD, and the change notice's .ics could not go into the
    // outbox's jsonb, so the save answered 500.
    const event = await createEvent(db());
    const [member] = await createMembers(db(), 1, 'surrogate');
    await register(event.id, member!.id);
    const outboxBefore = (await db().select().from(emailOutbox)).length;
    const res = await admin.request(
      'PUT',
      `/api/admin/events/${event.id}`,
      validInput({ name: 'Harbor \ud800 Night' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message: INVALID_UNICODE_MESSAGE,
      fields: { name: INVALID_UNICODE_MESSAGE },
    });
    const [row] = await db().select().from(events).where(eq(events.id, event.id));
    expect(row!.name).toBe(event.name);
    expect((await db().select().from(emailOutbox)).length).toBe(outboxBefore);

    // The same edit with the character whole goes through, stored and announced as sent.
    const ok = await admin.request('PUT', `/api/admin/events/${event.id}`, validInput({ name: 'Harbor 🌊 Night' }));
    expect(ok.statusCode).toBe(200);
    const [saved] = await db().select().from(events).where(eq(events.id, event.id));
    expect(saved!.name).toBe('Harbor 🌊 Night');
    expect(ics((await mailsTo(member!.email)).at(-1)!)).toContain('Harbor 🌊 Night');
  });

  it('refuses a capacity below the seats taken unless confirmed, saying how many are taken', async () => {
    const event = await createEvent(db(), { maxAttendees: 10 });
    const members = await createMembers(db(), 3, 'cap');
    for (const m of members) await register(event.id, m.id);
    await db()
      .insert(eventGuests)
      .values({ eventId: event.id, profileId: members[0]!.id, guestName: 'Plus One', guestEmail: 'plus1@example.com' });

    const refused = await admin.request('PUT', `/api/admin/events/${event.id}`, validInput({ maxAttendees: 2 }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe(CAPACITY_BELOW_TAKEN);
    expect(refused.json().error.message).toContain('4 seats are already taken');
    let [row] = await db().select().from(events).where(eq(events.id, event.id));
    expect(row!.maxAttendees).toBe(10);
    expect(row!.name).toBe(event.name);

    const exact = await admin.request('PUT', `/api/admin/events/${event.id}`, validInput({ maxAttendees: 4 }));
    expect(exact.statusCode).toBe(200);

    const confirmed = await admin.request(
      'PUT',
      `/api/admin/events/${event.id}`,
      validInput({ maxAttendees: 2, confirmCapacityBelowTaken: true }),
    );
    expect(confirmed.statusCode).toBe(200);
    [row] = await db().select().from(events).where(eq(events.id, event.id));
    expect(row!.maxAttendees).toBe(2);
    const attending = await db()
      .select()
      .from(eventAttendees)
      .where(and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.status, 'attending')));
    expect(attending).toHaveLength(3);
  });

  it('fills seats from the waitlist when the capacity grows', async () => {
    const event = await createEvent(db(), { maxAttendees: 1 });
    const [a, b, c] = await createMembers(db(), 3, 'wait');
    await register(event.id, a!.id);
    await register(event.id, b!.id, 'waitlisted');
    await register(event.id, c!.id, 'waitlisted');
    const res = await admin.request('PUT', `/api/admin/events/${event.id}`, validInput({ maxAttendees: 2 }));
    expect(res.statusCode).toBe(200);
    const rows = await db().select().from(eventAttendees).where(eq(eventAttendees.eventId, event.id));
    const statusOf = (id: string) => rows.find((r) => r.userId === id)?.status;
    expect([statusOf(a!.id), statusOf(b!.id), statusOf(c!.id)]).toEqual(['attending', 'attending', 'waitlisted']);
  });

  it('fills seats from the waitlist when the event opens again, its limit lifted while it was closed', async () => {
    const event = await createEvent(db(), { maxAttendees: 1 });
    const [a, b] = await createMembers(db(), 2, 'reopen');
    await register(event.id, a!.id);
    await register(event.id, b!.id, 'waitlisted');
    const statusOfB = async () =>
      (
        await db()
          .select({ status: eventAttendees.status })
          .from(eventAttendees)
          .where(and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.userId, b!.id)))
      )[0]?.status;
    const closed = await admin.request('PUT', `/api/admin/events/${event.id}`, validInput({ status: 'ongoing' }));
    expect(closed.statusCode).toBe(200);
    expect(await statusOfB()).toBe('waitlisted');
    const reopened = await admin.request('PUT', `/api/admin/events/${event.id}`, validInput({ status: 'upcoming' }));
    expect(reopened.statusCode).toBe(200);
    expect(await statusOfB()).toBe('attending');
  });
});

describe('moving an event e-mails everyone registered an update', () => {
  it('raises SEQUENCE and sends .ics files with the same UID to members and guests', async () => {
    const event = await createEvent(db(), {
      startTime: new Date('2030-03-10T23:00:00Z'),
      endTime: new Date('2030-03-11T01:00:00Z'),
      location: 'Old Hall',
    });
    const [attending, waiting] = await createMembers(db(), 2, 'move');
    await register(event.id, attending!.id);
    await register(event.id, waiting!.id, 'waitlisted');
    await db()
      .insert(eventGuests)
      .values({ eventId: event.id, profileId: attending!.id, guestName: 'Gina', guestEmail: 'gina.move@example.com' });

    // Same time and place, other name: no notice, no new sequence.
    const same = {
      startTime: '2030-03-10T19:00',
      endTime: '2030-03-10T21:00',
      location: 'Old Hall',
      name: 'Quiet rename',
    };
    expect((await admin.request('PUT', `/api/admin/events/${event.id}`, validInput(same))).statusCode).toBe(200);
    let [row] = await db().select().from(events).where(eq(events.id, event.id));
    expect(row!.sequence).toBe(0);
    expect(await mailsTo(attending!.email)).toHaveLength(0);

    const moved = await admin.request(
      'PUT',
      `/api/admin/events/${event.id}`,
      validInput({ ...same, startTime: '2030-03-10T20:00', endTime: '2030-03-10T22:00', location: 'New Hall' }),
    );
    expect(moved.statusCode).toBe(200);
    [row] = await db().select().from(events).where(eq(events.id, event.id));
    expect(row!.sequence).toBe(1);

    const [memberMail] = await mailsTo(attending!.email);
    expect(memberMail!.subject).toBe('Updated: Quiet rename');
    expect(memberMail!.text).toContain('Where: New Hall (was Old Hall)');
    const file = ics(memberMail!);
    expect(file).toContain('METHOD:PUBLISH');
    expect(file).toContain(`UID:${eventUid(event.id)}`);
    expect(file).toContain('SEQUENCE:1');
    expect(file).toContain('DTSTART:20300311T000000Z');

    const [guestMail] = await mailsTo('gina.move@example.com');
    expect(ics(guestMail!)).toContain(`UID:${event.id}@power-mixer.events`);
    const [waitMail] = await mailsTo(waiting!.email);
    expect(waitMail!.subject).toBe('Updated: Quiet rename');
    expect(waitMail!.attachments ?? []).toHaveLength(0);
  });

  it('corrects a completed event for the record without telling anyone', async () => {
    const event = await createEvent(db(), { status: 'completed' });
    const [m] = await createMembers(db(), 1, 'done');
    await register(event.id, m!.id);
    const res = await admin.request(
      'PUT',
      `/api/admin/events/${event.id}`,
      validInput({ status: 'completed', location: 'Somewhere else' }),
    );
    expect(res.statusCode).toBe(200);
    const [row] = await db().select().from(events).where(eq(events.id, event.id));
    expect(row!.location).toBe('Somewhere else');
    expect(row!.sequence).toBe(1);
    expect(await mailsTo(m!.email)).toHaveLength(0);
  });

  it('registration e-mails carry the same UID and the current SEQUENCE, whatever PUBLIC_URL is', async () => {
    const event = await createEvent(db(), { sequence: 3 });
    const [m] = await createMembers(db(), 1, 'uid');
    await register(event.id, m!.id);
    const a = await buildRegistrationEmail(
      db(),
      loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://one.example.com' }),
      event.id,
      m!.id,
      'attending',
    );
    const b = await buildRegistrationEmail(
      db(),
      loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://elsewhere.example.org' }),
      event.id,
      m!.id,
      'attending',
    );
    const uidOf = (text: string) => /UID:(.*)\r\n/.exec(text)?.[1];
    expect(uidOf(ics(b!))).toBe(uidOf(ics(a!)));
    expect(uidOf(ics(a!))).toBe(eventUid(event.id));
    expect(ics(a!)).toContain('SEQUENCE:3');
    expect(ics(a!)).toContain('METHOD:PUBLISH');
  });
});

describe('DELETE /api/admin/events/:id', () => {
  it('cancels: registrations, guests and sponsor links go; members and guests get METHOD:CANCEL; images go', async () => {
    const up = await uploadFile(ctx.app, admin, '/api/admin/event-images?folder=events', await png());
    expect(up.statusCode).toBe(200);
    const imageUrl = up.json().url as string;
    const created = await admin.post('/api/admin/events', validInput({ name: 'Doomed Gala', imageUrl }));
    const id = created.json().event.id as string;
    await db().update(events).set({ sequence: 2 }).where(eq(events.id, id));
    await createSponsor(db(), id);
    const [a, b] = await createMembers(db(), 2, 'cancel');
    await register(id, a!.id);
    await register(id, b!.id, 'maybe');
    await db()
      .insert(eventGuests)
      .values({ eventId: id, profileId: a!.id, guestName: 'Gus', guestEmail: 'gus.cancel@example.com' });
    expect(existsSync(fileOf(imageUrl))).toBe(true);

    const res = await admin.request('DELETE', `/api/admin/events/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true, notified: 3 });

    expect(await db().select().from(events).where(eq(events.id, id))).toHaveLength(0);
    expect(await db().select().from(eventAttendees).where(eq(eventAttendees.eventId, id))).toHaveLength(0);
    expect(await db().select().from(eventGuests).where(eq(eventGuests.eventId, id))).toHaveLength(0);
    expect(await db().select().from(eventSponsors).where(eq(eventSponsors.eventId, id))).toHaveLength(0);
    expect(existsSync(fileOf(imageUrl))).toBe(false);

    for (const to of [a!.email, b!.email, 'gus.cancel@example.com']) {
      const [mail] = await mailsTo(to);
      expect(mail!.subject).toBe('Cancelled: Doomed Gala');
      const file = ics(mail!);
      expect(file).toContain('METHOD:CANCEL');
      expect(file).toContain(`UID:${eventUid(id)}`);
      expect(file).toContain('SEQUENCE:3');
      expect(file).toContain('STATUS:CANCELLED');
      expect(file).toMatch(/ORGANIZER/);
    }
    expect((await admin.request('DELETE', `/api/admin/events/${id}`)).statusCode).toBe(404);
  });

  it('tells nobody when a past event is deleted', async () => {
    const event = await createEvent(db(), {
      startTime: new Date(Date.now() - 48 * HOUR),
      endTime: new Date(Date.now() - 45 * HOUR),
      status: 'completed',
    });
    const [m] = await createMembers(db(), 1, 'past');
    await register(event.id, m!.id);
    const res = await admin.request('DELETE', `/api/admin/events/${event.id}`);
    expect(res.json()).toEqual({ deleted: true, notified: 0 });
    expect(await mailsTo(m!.email)).toHaveLength(0);
  });
});

describe('event images', () => {
  it('stores a form upload in its folder, refuses a gallery upload without an event, and non-images', async () => {
    const res = await uploadFile(ctx.app, admin, '/api/admin/event-images?folder=panelists', await png('#118844'));
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^\/uploads\/event-images\/panelists\/.+\.webp$/);
    expect(existsSync(fileOf(res.json().url))).toBe(true);

    const gallery = await uploadFile(ctx.app, admin, '/api/admin/event-images?folder=gallery', await png());
    expect(gallery.statusCode).toBe(422);
    expect(gallery.json().error.message).toBe(EVENT_ADMIN_TEXTS.galleryUploadNeedsId);
    const galleryRemoval = await admin.request(
      'DELETE',
      `/api/admin/event-images?url=${encodeURIComponent('/uploads/event-images/gallery/a.webp')}`,
    );
    expect(galleryRemoval.statusCode).toBe(422);
    expect(galleryRemoval.json().error.message).toBe(EVENT_ADMIN_TEXTS.galleryRemoveNeedsId);

    const fake = await uploadFile(ctx.app, admin, '/api/admin/event-images', Buffer.from('<?php ?>'), 'x.png');
    expect(fake.statusCode).toBe(422);

    // Removed before the form was saved: the file goes.
    const removed = await admin.request('DELETE', `/api/admin/event-images?url=${encodeURIComponent(res.json().url)}`);
    expect(removed.statusCode).toBe(200);
    expect(existsSync(fileOf(res.json().url))).toBe(false);
  });

  it('will not remove a form upload an event still uses', async () => {
    const up = await uploadFile(ctx.app, admin, '/api/admin/event-images', await png());
    const url = up.json().url as string;
    await createEvent(db(), { imageUrl: url });
    const res = await admin.request('DELETE', `/api/admin/event-images?url=${encodeURIComponent(url)}`);
    expect(res.statusCode).toBe(409);
    expect(existsSync(fileOf(url))).toBe(true);
    const foreign = await admin.request('DELETE', '/api/admin/event-images?url=https%3A%2F%2Fevil.example%2Fa.png');
    expect(foreign.statusCode).toBe(404);
  });

  it('adds several gallery images at once to a saved event and removes one with its file', async () => {
    const event = await createEvent(db());
    const res = await uploadMany(admin, `/api/admin/events/${event.id}/gallery`, [await png('#111111'), await png()]);
    expect(res.statusCode).toBe(200);
    const urls = res.json().galleryUrls as string[];
    expect(urls).toHaveLength(2);
    for (const u of urls) {
      expect(u).toMatch(/^\/uploads\/event-images\/gallery\//);
      expect(existsSync(fileOf(u))).toBe(true);
    }
    const [row] = await db().select().from(events).where(eq(events.id, event.id));
    expect(row!.galleryUrls).toEqual(urls);

    const del = await admin.request(
      'DELETE',
      `/api/admin/events/${event.id}/gallery?url=${encodeURIComponent(urls[0]!)}`,
    );
    expect(del.statusCode).toBe(200);
    expect(del.json().galleryUrls).toEqual([urls[1]]);
    expect(existsSync(fileOf(urls[0]!))).toBe(false);
    expect(existsSync(fileOf(urls[1]!))).toBe(true);

    const again = await admin.request(
      'DELETE',
      `/api/admin/events/${event.id}/gallery?url=${encodeURIComponent(urls[0]!)}`,
    );
    expect(again.statusCode).toBe(404);
    const missing = await uploadMany(admin, `/api/admin/events/${MISSING}/gallery`, [await png()]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(EVENT_NOT_FOUND);
  });

  it('deletes the old file when an image is replaced, but not one a duplicate still uses', async () => {
    const first = (await uploadFile(ctx.app, admin, '/api/admin/event-images', await png('#aa0000'))).json().url;
    const second = (await uploadFile(ctx.app, admin, '/api/admin/event-images', await png('#00aa00'))).json().url;
    const shared = (await uploadFile(ctx.app, admin, '/api/admin/event-images?folder=recaps', await png())).json().url;
    const created = await admin.post(
      '/api/admin/events',
      validInput({ name: 'Replace me', imageUrl: first, panelistsUrls: [shared] }),
    );
    const id = created.json().event.id as string;
    const copy = await admin.post('/api/admin/events', validInput({ name: 'Copy', panelistsUrls: [shared] }));
    expect(copy.statusCode).toBe(201);

    const res = await admin.request(
      'PUT',
      `/api/admin/events/${id}`,
      validInput({ imageUrl: second, panelistsUrls: [] }),
    );
    expect(res.statusCode).toBe(200);
    expect(existsSync(fileOf(first))).toBe(false);
    expect(existsSync(fileOf(second))).toBe(true);
    expect(existsSync(fileOf(shared))).toBe(true);
  });

  it("treats an image placed in the content as the event's: kept while used, removed when dropped or deleted", async () => {
    const inContent = (await uploadFile(ctx.app, admin, '/api/admin/event-images', await png('#0000aa'))).json().url;
    const dropped = (await uploadFile(ctx.app, admin, '/api/admin/event-images', await png('#00aaaa'))).json().url;
    const content = (url: string) => `<p>The floor plan:</p><p><img src="${url}" alt="Floor plan"></p>`;
    const created = await admin.post('/api/admin/events', validInput({ name: 'Pictured', content: content(dropped) }));
    const id = created.json().event.id as string;
    // Still in the content: the form's remove leaves it.
    const removal = await admin.request('DELETE', `/api/admin/event-images?url=${encodeURIComponent(dropped)}`);
    expect(removal.statusCode).toBe(409);
    expect(existsSync(fileOf(dropped))).toBe(true);
    const edited = await admin.request('PUT', `/api/admin/events/${id}`, validInput({ content: content(inContent) }));
    expect(edited.statusCode).toBe(200);
    expect(existsSync(fileOf(dropped))).toBe(false);
    expect(existsSync(fileOf(inContent))).toBe(true);
    expect((await admin.request('DELETE', `/api/admin/events/${id}`)).statusCode).toBe(200);
    expect(existsSync(fileOf(inContent))).toBe(false);
  });
});

describe('e-mail to attendees', () => {
  it('counts each audience and sends one plain-text mail per recipient through the outbox', async () => {
    const event = await createEvent(db(), { name: 'Mail Night' });
    const [a, b, c] = await createMembers(db(), 3, 'mail');
    await register(event.id, a!.id);
    await register(event.id, b!.id, 'waitlisted');
    await register(event.id, c!.id, 'maybe');
    await db()
      .insert(eventGuests)
      .values({ eventId: event.id, profileId: a!.id, guestName: 'Gwen', guestEmail: 'gwen.mail@example.com' });

    const count = async (audience: string) =>
      (await admin.get(`/api/admin/events/${event.id}/email-recipients?audience=${audience}`)).json().count;
    expect(await count('all')).toBe(4);
    expect(await count('attending')).toBe(2);
    expect(await count('waitlisted')).toBe(1);
    expect(await count('maybe')).toBe(1);

    const res = await admin.post(`/api/admin/events/${event.id}/email`, {
      audience: 'attending',
      subject: 'Parking tonight',
      message: 'Use the <b>north</b> garage.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: 2 });
    const [mail] = await mailsTo(a!.email);
    expect(mail).toMatchObject({ subject: 'Parking tonight', html: null });
    expect(mail!.text).toContain('Use the <b>north</b> garage.');
    expect(await mailsTo('gwen.mail@example.com')).toHaveLength(1);
    expect(await mailsTo(b!.email)).toHaveLength(0);
  });

  it('answers 422 without a subject and 404 for a missing event', async () => {
    const event = await createEvent(db());
    const bad = await admin.post(`/api/admin/events/${event.id}/email`, {
      audience: 'all',
      subject: ' ',
      message: 'x',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual({ subject: 'Subject is required' });
    const audience = await admin.get(`/api/admin/events/${event.id}/email-recipients?audience=everyone`);
    expect(audience.statusCode).toBe(422);
    const missing = await admin.post(`/api/admin/events/${MISSING}/email`, { subject: 's', message: 'm' });
    expect(missing.statusCode).toBe(404);
    expect((await admin.get(`/api/admin/events/${MISSING}/email-recipients`)).statusCode).toBe(404);
  });
});
