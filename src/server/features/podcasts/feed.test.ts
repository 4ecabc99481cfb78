import { readFile, access } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { parseFeed, type FeedObject } from 'podcast-partytime';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, podcasts } from '../../db/schema';
import { adminClient } from '../../test/factories';
import { Client, createTestContext, registeredClient, uploadFile, type TestContext } from '../../test/harness';
import { EPISODE_AUDIO_DIR } from '../../setup/seed/podcasts';
import { NOT_EPISODE_AUDIO, PODCAST_FEED_URL, type PodcastResponse } from '../../../shared/podcasts';
import { renderIndexHtml } from '../../page-meta';
import { podcastGuid, uuidV5 } from './feed';

// The podcast feed and an episode's audio file (issue 36): the upload reads type and duration
// from the bytes, the feed carries what Apple and Podcasting 2.0 ask for, read back by a real
// podcast feed parser (podcast-partytime, the Podcast Index's own).

let ctx: TestContext;
let admin: Client;
let visitor: Client;
let mp3: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await adminClient(ctx.app)).client;
  visitor = new Client(ctx.app);
  mp3 = await readFile(path.join(EPISODE_AUDIO_DIR, 'referral-machine.mp3'));
});
afterAll(async () => ctx?.close());

const createEpisode = async (title: string, extra: Record<string, unknown> = {}) => {
  const res = await admin.post('/api/podcasts', { title, mediaType: 'direct', ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PodcastResponse>().podcast;
};
const uploadAudio = (id: string, bytes = mp3, name = 'episode.mp3', type = 'audio/mpeg', client = admin) =>
  uploadFile(ctx.app, client, `/api/podcasts/${id}/audio`, bytes, name, type);
const fileOf = (url: string) => path.join(ctx.dataDir, 'uploads', url.replace('/uploads/', ''));
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

async function feed(): Promise<{ xml: string; parsed: FeedObject }> {
  const res = await visitor.get(PODCAST_FEED_URL);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/rss+xml');
  const parsed = parseFeed(res.body);
  expect(parsed).not.toBeNull();
  return { xml: res.body, parsed: parsed! };
}

describe("an episode's audio file", () => {
  it('becomes the Direct media, with the size, type and duration read from the file', async () => {
    const episode = await createEpisode('Building a Referral Machine', { mediaType: 'youtube' });
    // The browser's claimed type is not trusted: the bytes say MP3.
    const res = await uploadAudio(episode.id, mp3, 'talk.bin', 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(200);
    const { podcast } = res.json<PodcastResponse>();
    expect(podcast).toMatchObject({ mediaType: 'direct', mediaBytes: mp3.length, mediaMime: 'audio/mpeg' });
    expect(podcast.durationSeconds).toBe(72);
    expect(podcast.mediaUrl).toMatch(/^\/uploads\/podcast-images\/audio\/[0-9a-f-]{36}\.mp3$/);
    expect(await readFile(fileOf(podcast.mediaUrl!))).toEqual(mp3);
    // Podcast apps ask for the length first and then pieces of the file.
    const head = await ctx.app.inject({ method: 'HEAD', url: podcast.mediaUrl! });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(mp3.length);
    expect(head.headers['content-type']).toContain('audio/mpeg');
    const range = await ctx.app.inject({
      method: 'GET',
      url: podcast.mediaUrl!,
      headers: { range: 'bytes=1000-1999' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload).toEqual(mp3.subarray(1000, 2000));
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.targetId, episode.id));
    expect(audit.some((a) => JSON.stringify(a).includes(podcast.mediaUrl!))).toBe(true);
  });

  it('refuses what is not MP3 or M4A, and changes nothing', async () => {
    const episode = await createEpisode('Not audio');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4000)]);
    // An ID3 tag with nothing playable after it.
    const emptyMp3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(200)]);
    for (const bytes of [png, wav, emptyMp3, Buffer.from('just text, called .mp3')]) {
      const res = await uploadAudio(episode.id, bytes);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'NOT_EPISODE_AUDIO', message: NOT_EPISODE_AUDIO });
    }
    const [row] = await ctx.database.db.select().from(podcasts).where(eq(podcasts.id, episode.id));
    expect(row).toMatchObject({ mediaUrl: null, mediaBytes: null, durationSeconds: null });
  });

  it('is for admins only, and 404s for a missing episode', async () => {
    const episode = await createEpisode('Admins only');
    const member = (await registeredClient(ctx.app)).client;
    expect((await uploadAudio(episode.id, mp3, 'a.mp3', 'audio/mpeg', visitor)).statusCode).toBe(401);
    expect((await uploadAudio(episode.id, mp3, 'a.mp3', 'audio/mpeg', member)).statusCode).toBe(403);
    expect((await member.request('DELETE', `/api/podcasts/${episode.id}/audio`)).statusCode).toBe(403);
    expect((await uploadAudio('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await admin.request('DELETE', '/api/podcasts/00000000-0000-4000-8000-000000000000/audio')).statusCode).toBe(
      404,
    );
  });

  it('is removed with the episode, when replaced, when removed, and when a URL is typed over it', async () => {
    const episode = await createEpisode('Replaced');
    const first = (await uploadAudio(episode.id)).json<PodcastResponse>().podcast.mediaUrl!;
    const second = (await uploadAudio(episode.id)).json<PodcastResponse>().podcast.mediaUrl!;
    expect(second).not.toBe(first);
    expect(await exists(fileOf(first))).toBe(false);
    expect(await exists(fileOf(second))).toBe(true);

    const typed = await admin.request('PUT', `/api/podcasts/${episode.id}`, {
      title: 'Replaced',
      mediaType: 'direct',
      mediaUrl: 'https://media.example.com/replaced.mp3',
    });
    expect(typed.statusCode, typed.body).toBe(200);
    // Nothing is known of a file elsewhere: it leaves the feed.
    expect(typed.json<PodcastResponse>().podcast).toMatchObject({ mediaBytes: null, durationSeconds: null });
    expect(await exists(fileOf(second))).toBe(false);

    const third = (await uploadAudio(episode.id)).json<PodcastResponse>().podcast.mediaUrl!;
    const removed = await admin.request('DELETE', `/api/podcasts/${episode.id}/audio`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<PodcastResponse>().podcast).toMatchObject({ mediaUrl: null, mediaBytes: null });
    expect(await exists(fileOf(third))).toBe(false);

    const fourth = (await uploadAudio(episode.id)).json<PodcastResponse>().podcast.mediaUrl!;
    expect((await admin.request('DELETE', `/api/podcasts/${episode.id}`)).statusCode).toBe(200);
    expect(await exists(fileOf(fourth))).toBe(false);
  });
});

describe('the podcast feed', () => {
  it('makes the Podcasting 2.0 GUID as its spec does', () => {
    // The example in the podcast namespace's own documentation.
    expect(uuidV5('podnews.net/rss', 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6')).toBe(
      '9b024349-ccf0-5f69-a609-6b82873eab3c',
    );
    expect(podcastGuid('https://podnews.net/rss')).toBe('9b024349-ccf0-5f69-a609-6b82873eab3c');
  });

  it("carries Apple's required tags, and the uploaded episodes only", async () => {
    const withFile = await createEpisode('Inside the Deal', {
      description: 'A South End closing, step by step.',
      showNotes: '<p>The <a href="/events">next mixer</a></p><script>alert(1)</script>',
      transcript: '[0:00] Camille: Welcome.\n[0:05] Carlos: Thanks.',
      guests: 'Carlos Rivera',
      publishedAt: '2026-10-06T10:00:00.000Z',
    });
    await uploadAudio(withFile.id);
    const youtube = await createEpisode('On YouTube', {
      mediaType: 'youtube',
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    const typedUrl = await createEpisode('Typed URL', { mediaUrl: 'https://media.example.com/x.mp3' });
    const future = await createEpisode('Next week', { publishedAt: '2099-01-01T10:00:00.000Z' });
    await uploadAudio(future.id);

    const { xml, parsed } = await feed();
    // Channel: title, link, description, language, cover, category, explicit, owner, GUID.
    expect(parsed.title).toBe('Power Mixer Podcast');
    expect(parsed.link).toBe('http://localhost:3000/podcasts');
    expect(parsed.description.length).toBeGreaterThan(20);
    expect(parsed.language).toBe('en-us');
    expect(parsed.itunesImage).toBe('http://localhost:3000/podcast-cover.jpg');
    expect(parsed.itunesCategory?.join(' ')).toContain('Business');
    expect(parsed.explicit).toBe(false);
    expect(parsed.owner?.email).toBe(ctx.app.services.config.CONTACT_EMAIL);
    expect(parsed.guid).toBe(podcastGuid(`http://localhost:3000${PODCAST_FEED_URL}`));

    const ids = parsed.items.map((i) => i.guid);
    expect(ids).toContain(withFile.id);
    for (const left of [youtube, typedUrl, future]) expect(ids).not.toContain(left.id);

    const item = parsed.items.find((i) => i.guid === withFile.id)!;
    const stored = await ctx.database.db.select().from(podcasts).where(eq(podcasts.id, withFile.id));
    expect(item.title).toBe('Inside the Deal');
    expect(item.link).toBe(`http://localhost:3000/podcasts/${withFile.id}`);
    expect(item.enclosure).toEqual({
      url: `http://localhost:3000${stored[0]!.mediaUrl}`,
      length: mp3.length,
      type: 'audio/mpeg',
    });
    expect(item.duration).toBe(72);
    expect(item.explicit).toBe(false);
    expect(item.pubDate?.toISOString()).toBe('2026-10-06T10:00:00.000Z');
    // RFC 2822 dates, a GUID that is not a link, notes with whole links and no script.
    expect(xml).toContain('<pubDate>Tue, 06 Oct 2026 10:00:00 GMT</pubDate>');
    expect(xml).toContain(`<guid isPermaLink="false">${withFile.id}</guid>`);
    expect(item.description).toContain('href="http://localhost:3000/events"');
    expect(item.description).not.toContain('<script');
    expect(item.podcastPeople?.map((p) => p.name)).toEqual(['Carlos Rivera']);

    // The transcript it points to.
    const transcript = item.podcastTranscripts![0]!;
    expect(transcript.url).toBe(`http://localhost:3000/podcasts/${withFile.id}/transcript.txt`);
    const text = await visitor.get(new URL(transcript.url).pathname);
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-type']).toContain('text/plain');
    expect(text.body).toBe('[0:00] Camille: Welcome.\n[0:05] Carlos: Thanks.\n');
    expect((await visitor.get(`/podcasts/${youtube.id}/transcript.txt`)).statusCode).toBe(404);
    expect((await visitor.get('/podcasts/not-an-id/transcript.txt')).statusCode).toBe(404);
  });

  it('keeps each GUID through edits of the title, the date and the file', async () => {
    const episode = await createEpisode('Before the edit', { publishedAt: '2026-09-01T10:00:00.000Z' });
    await uploadAudio(episode.id);
    const listed = (await feed()).parsed.items;
    const before = listed.find((i) => i.title === 'Before the edit')!;
    const channel = (await feed()).parsed.guid;

    await admin.request('PUT', `/api/podcasts/${episode.id}`, {
      title: 'After the edit',
      mediaType: 'direct',
      mediaUrl: (await admin.get(`/api/podcasts/${episode.id}`)).json<PodcastResponse>().podcast.mediaUrl,
      publishedAt: '2026-09-02T10:00:00.000Z',
    });
    await uploadAudio(episode.id);
    const after = await feed();
    const item = after.parsed.items.find((i) => i.title === 'After the edit')!;
    expect(item.guid).toBe(before.guid);
    expect(item.guid).toBe(episode.id);
    expect(item.enclosure.url).not.toBe(before.enclosure.url);
    expect(after.parsed.guid).toBe(channel);
  });

  it('is linked from every page head for podcast apps to find', () => {
    const html = renderIndexHtml('<html><head><title>x</title></head></html>', null, 'https://mixer.example', '/');
    expect(html).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Power Mixer Podcast" href="${PODCAST_FEED_URL}">`,
    );
  });
});
