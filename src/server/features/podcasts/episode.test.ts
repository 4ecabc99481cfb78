import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podcasts, profiles } from '../../db/schema';
import { createMembers } from '../../test/factories';
import { Client, createTestContext, type TestContext } from '../../test/harness';
import { XSS_VECTORS, unsafeParts } from '../../test/xss';
import { PODCAST_NOT_FOUND, transcriptLines, type EpisodeResponse } from '../../../shared/podcasts';

// An episode's own page (issue 36): GET /api/podcasts/:id/episode, the page's 404 and preview
// tags, and the sitemap.

let ctx: TestContext;
let visitor: Client;
beforeAll(async () => {
  ctx = await createTestContext();
  visitor = new Client(ctx.app);
});
afterAll(async () => ctx?.close());
const db = () => ctx.database.db;

const makePodcast = async (values: Partial<typeof podcasts.$inferInsert> = {}) => {
  const [row] = await db()
    .insert(podcasts)
    .values({ title: 'Inside the Deal', mediaType: 'direct', mediaUrl: '/uploads/podcast-images/a.mp3', ...values })
    .returning();
  return row!;
};
const episodeOf = async (id: string) => {
  const res = await visitor.get(`/api/podcasts/${id}/episode`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EpisodeResponse>().episode;
};

describe('an episode page', () => {
  it('answers the episode with its transcript, and plain show notes as paragraphs', async () => {
    const p = await makePodcast({
      description: 'A commercial closing, step by step.',
      showNotes: 'Topics: letters of intent & due diligence.\nAppraisals.\n\nThe closing table.',
      transcript: '[0:00] Camille: Welcome.\n\n[1:05] Carlos: Thanks.',
    });
    const episode = await episodeOf(p.id);
    expect(episode).toMatchObject({ id: p.id, title: 'Inside the Deal', mediaType: 'direct' });
    expect(episode.showNotesHtml).toBe(
      '<p>Topics: letters of intent &amp; due diligence.<br />Appraisals.</p><p>The closing table.</p>',
    );
    expect(transcriptLines(episode.transcript!)).toEqual([
      { seconds: 0, stamp: '0:00', text: 'Camille: Welcome.' },
      { seconds: 65, stamp: '1:05', text: 'Carlos: Thanks.' },
    ]);
  });

  it('keeps none of the XSS vectors in the show notes', async () => {
    for (const vector of XSS_VECTORS) {
      const p = await makePodcast({ showNotes: `<p>Notes</p>${vector}` });
      const { showNotesHtml } = await episodeOf(p.id);
      expect(unsafeParts(showNotesHtml ?? ''), vector).toEqual([]);
    }
  });

  it('links a guest to the one member of that name, and no one when the name is shared or unknown', async () => {
    const [solo, twinA, twinB] = await createMembers(db(), 3, 'guest');
    await db().update(profiles).set({ fullName: 'Olivia Hartley' }).where(eq(profiles.id, solo!.id));
    for (const twin of [twinA!, twinB!])
      await db().update(profiles).set({ fullName: 'Sam Twin' }).where(eq(profiles.id, twin.id));
    const p = await makePodcast({ guests: ['olivia hartley', 'Sam Twin', 'Nobody Here'] });
    expect((await episodeOf(p.id)).guestProfiles).toEqual([
      { name: 'olivia hartley', username: solo!.username },
      { name: 'Sam Twin', username: null },
      { name: 'Nobody Here', username: null },
    ]);
  });

  it('answers 404 with the spec message for a missing or malformed id, on the API and the page', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await visitor.get(`/api/podcasts/${id}/episode`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: PODCAST_NOT_FOUND } });
    }
  });

  it("reads the transcript's times in the forms people write them", () => {
    expect(transcriptLines('00:01:02 Intro\n(12:30) - Q&A\n1:2:3 not a time\n9:75 nor this\nNo time here')).toEqual([
      { seconds: 62, stamp: '00:01:02', text: 'Intro' },
      { seconds: 750, stamp: '12:30', text: 'Q&A' },
      { seconds: null, stamp: null, text: '1:2:3 not a time' },
      { seconds: null, stamp: null, text: '9:75 nor this' },
      { seconds: null, stamp: null, text: 'No time here' },
    ]);
  });

  it("answers HEAD and byte ranges for an episode's file, as podcast apps ask", async () => {
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));
    const url = await ctx.app.services.storage.put('podcast-images', 'episodes/range-test.mp3', bytes, 'audio/mpeg');
    const head = await ctx.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('4096');
    expect(head.headers['accept-ranges']).toBe('bytes');
    expect(head.headers['content-type']).toBe('audio/mpeg');
    const part = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=1000-1099' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 1000-1099/4096');
    expect(part.rawPayload.equals(bytes.subarray(1000, 1100))).toBe(true);
    const beyond = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=5000-6000' } });
    expect(beyond.statusCode).toBe(416);
  });

  it('lists every episode in the sitemap', async () => {
    const p = await makePodcast({ title: 'Sitemap episode' });
    const res = await visitor.get('/sitemap.xml');
    expect(res.body).toContain(`/podcasts/${p.id}</loc>`);
  });
});
