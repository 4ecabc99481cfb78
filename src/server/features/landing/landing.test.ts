import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podcasts } from '../../db/schema';
import { Client, createTestContext, registeredClient, type TestContext } from '../../test/harness';
import { createEvent } from '../../test/factories';
import { youtubeId } from '../../../shared/podcasts';
import { loadConfig } from '../../config';
import { heroVideoOf } from './hero';

let ctx: TestContext;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('GET /api/landing', () => {
  it('returns the next upcoming event, the 3 newest events and the 3 latest episodes in one answer', async () => {
    const db = ctx.database.db;
    const empty = await ctx.app.inject('/api/landing');
    // No HERO_VIDEO_URL: no video at all (the hero shows the next event's image instead).
    expect(empty.json()).toEqual({ heroVideo: null, nextEvent: null, events: [], podcasts: [] });

    await createEvent(db, { name: 'Past upcoming-status', status: 'upcoming', startTime: new Date(Date.now() - DAY) });
    const soon = await createEvent(db, {
      name: 'Soon',
      startTime: new Date(Date.now() + 2 * DAY),
      galleryUrls: ['/uploads/event-images/g1.webp'],
    });
    await createEvent(db, { name: 'Later', startTime: new Date(Date.now() + 20 * DAY) });
    await createEvent(db, { name: 'Ongoing', status: 'ongoing', startTime: new Date(Date.now() + 3 * DAY) });
    await createEvent(db, { name: 'Latest', status: 'completed', startTime: new Date(Date.now() + 30 * DAY) });
    for (let i = 0; i < 4; i++) {
      await db.insert(podcasts).values({
        title: `Episode ${i}`,
        publishedAt: new Date(Date.now() - i * DAY),
        videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      });
    }
    // Writes behind the API's back drop the cached answer too: the database announces them
    // (on PostgreSQL through another connection: wait until the notices have arrived).
    await ctx.app.services.changes.caughtUp();

    const res = await ctx.app.inject('/api/landing');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.nextEvent).toMatchObject({
      id: soon.id,
      name: 'Soon',
      firstGalleryUrl: '/uploads/event-images/g1.webp',
    });
    expect(body.events.map((e: { name: string }) => e.name)).toEqual(['Latest', 'Later', 'Ongoing']);
    expect(body.podcasts.map((p: { title: string }) => p.title)).toEqual(['Episode 0', 'Episode 1', 'Episode 2']);
    expect(res.headers['cache-control']).toContain('public');
    expect(res.headers.etag).toBeTruthy();
  });

  it('reflects a registration at once (the write announces itself)', async () => {
    const event = await createEvent(ctx.database.db, { name: 'Counted', startTime: new Date(Date.now() + 60 * DAY) });
    await ctx.app.services.changes.caughtUp();
    const before = (await ctx.app.inject('/api/landing')).json();
    expect(before.events.find((e: { id: string }) => e.id === event.id).attendeeCount).toBe(0);
    const { client } = await registeredClient(ctx.app);
    await client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
    const after = (await ctx.app.inject('/api/landing')).json();
    expect(after.events.find((e: { id: string }) => e.id === event.id).attendeeCount).toBe(1);
  });
});

describe('the hero video (HERO_VIDEO_URL)', () => {
  const landingWith = async (url: string) => {
    const other = await createTestContext({ HERO_VIDEO_URL: url });
    try {
      const res = await other.app.inject('/api/landing');
      expect(res.statusCode).toBe(200);
      return res.json().heroVideo;
    } finally {
      await other.close();
    }
  };

  it("plays a YouTube or Vimeo link through the host's embed, and any other URL as a video file", async () => {
    expect(await landingWith('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual({
      kind: 'embed',
      src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
    expect(heroVideoOf('https://vimeo.com/76979871')).toEqual({
      kind: 'embed',
      src: 'https://player.vimeo.com/video/76979871',
    });
    expect(heroVideoOf('/uploads/event-images/highlights.mp4')).toEqual({
      kind: 'file',
      src: '/uploads/event-images/highlights.mp4',
    });
  }, 90_000);

  it('is refused at start-up unless it is an https URL or a path on this site', () => {
    expect(() => loadConfig({ HERO_VIDEO_URL: 'http://example.com/a.mp4' })).toThrow(/HERO_VIDEO_URL/);
    expect(() => loadConfig({ HERO_VIDEO_URL: 'javascript:alert(1)' })).toThrow(/HERO_VIDEO_URL/);
    expect(loadConfig({ HERO_VIDEO_URL: '' }).HERO_VIDEO_URL).toBeUndefined();
    expect(heroVideoOf(undefined)).toBeNull();
  });
});

describe('GET /api/podcasts', () => {
  it('searches title, description and guests ignoring case', async () => {
    const db = ctx.database.db;
    await db.insert(podcasts).values([
      {
        title: 'Capital Stack Talk',
        description: 'Financing',
        guests: ['Morgan Hale'],
        mediaType: 'youtube',
        videoUrl: 'https://www.youtube.com/watch?v=abcdefghijk',
      },
      {
        title: 'Design Hour',
        description: 'Architecture in the QUEEN city',
        guests: [],
        mediaType: 'vimeo',
        videoUrl: 'https://vimeo.com/123',
      },
      { title: 'Coming Soon', guests: ['Riley Stone'], mediaType: 'youtube', videoUrl: 'coming' },
    ]);
    await ctx.app.services.changes.caughtUp();
    const byGuest = await new Client(ctx.app).get('/api/podcasts?q=morgan');
    expect(byGuest.json().podcasts.map((p: { title: string }) => p.title)).toEqual(['Capital Stack Talk']);
    const byDescription = await new Client(ctx.app).get('/api/podcasts?q=queen');
    expect(byDescription.json().podcasts.map((p: { title: string }) => p.title)).toEqual(['Design Hour']);
    const none = await new Client(ctx.app).get('/api/podcasts?q=zzzz');
    expect(none.json().podcasts).toEqual([]);
  });
});

describe('youtubeId', () => {
  it('recognises a link only when it yields an 11-character id', () => {
    expect(youtubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://youtu.be/dQw4w9WgXcQ?t=10')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(youtubeId('coming')).toBeNull();
    expect(youtubeId('https://vimeo.com/123')).toBeNull();
  });
});
