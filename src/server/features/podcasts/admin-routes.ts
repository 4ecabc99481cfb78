import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  AUDIO_TOO_LARGE,
  MAX_AUDIO_BYTES,
  NOT_EPISODE_AUDIO,
  PODCAST_NOT_FOUND,
  podcastInput,
  podcastResponse,
  podcastThumbnailResponse,
} from '../../../shared/podcasts';
import type { Storage } from '../../platform/storage';
import { readEpisodeAudio } from './audio';
import { recordChanges } from '../../platform/audit';
import { invariant, notFound, errorResponses } from '../../platform/errors';
import { uploadedFile } from '../../platform/uploads';
import { storeImage } from '../../platform/images';
import { changedFields } from '../../platform/audit';
import { removeStoredImage } from '../../platform/images';
import {
  createPodcast,
  deletePodcast,
  findPodcastDetail,
  setPodcastAudio,
  setPodcastThumbnail,
  updatePodcast,
} from './admin-service';
import { idParams } from '../../platform/http';

const errors = errorResponses(400, 404);
const BUCKET = 'podcast-images';
const THUMBNAIL_FOLDER = 'thumbnails';
const missing = () => notFound(PODCAST_NOT_FOUND);
/** Episode audio shares the podcast bucket (its public prefix is already configured everywhere). */
const AUDIO_FOLDER = 'audio';
const AUDIO_LIMITS = {
  maxBytes: MAX_AUDIO_BYTES,
  tooLarge: { code: 'AUDIO_TOO_LARGE', message: AUDIO_TOO_LARGE },
  noFile: NOT_EPISODE_AUDIO,
};

/** Removes a media file this app stored (a typed URL elsewhere is left alone). */
async function removeStoredAudio(storage: Storage, url: string | null, log: FastifyBaseLogger) {
  const location = url ? storage.locate(url) : null;
  if (!location || location.bucket !== BUCKET || !location.key.startsWith(`${AUDIO_FOLDER}/`)) return;
  await storage.remove(location.bucket, location.key).catch((err) => log.warn({ err, url }, 'could not remove audio'));
}

/** The admin's podcast writes (spec 2). The public list (routes.ts) is cached and follows the
 * change stream by itself: nothing here touches a cache. */
export const podcastAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.services;

  app.get(
    '/podcasts/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['podcasts'],
        summary: 'One episode with every field, for its edit form',
        params: idParams,
        response: { 200: podcastResponse },
      },
    },
    async (request) => {
      const podcast = await findPodcastDetail(db, request.params.id);
      invariant(podcast, missing);
      return { podcast };
    },
  );

  app.post(
    '/podcasts',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['podcasts'],
        summary: 'Create an episode (guests and tags: comma-separated text or a list)',
        body: podcastInput,
        response: { 201: podcastResponse, ...errors },
      },
    },
    async (request, reply) => {
      const podcast = await createPodcast(db, request.body);
      request.auditTargetId = podcast.id;
      return reply.status(201).send({ podcast });
    },
  );

  app.put(
    '/podcasts/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['podcasts'],
        summary: "Replace an episode's fields (publishedAt left out: unchanged)",
        params: idParams,
        body: podcastInput,
        response: { 200: podcastResponse, ...errors },
      },
    },
    async (request) => {
      const before = await findPodcastDetail(db, request.params.id);
      invariant(before, missing);
      const podcast = await updatePodcast(db, before.id, request.body);
      invariant(podcast, missing);
      // A media URL typed over an uploaded file leaves that file unused.
      if (before.mediaUrl !== podcast.mediaUrl) await removeStoredAudio(storage, before.mediaUrl, request.log);
      const { transcript: _t, showNotes: _s, ...changes } = changedFields(before, podcast);
      recordChanges(request, changes);
      return { podcast };
    },
  );

  app.delete(
    '/podcasts/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['podcasts'],
        summary: 'Delete an episode and its stored thumbnail',
        params: idParams,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      const deleted = await deletePodcast(db, request.params.id);
      invariant(deleted, missing);
      await removeStoredImage(storage, BUCKET, deleted.thumbnailUrl, request.log);
      await removeStoredAudio(storage, deleted.mediaUrl, request.log);
      return { ok: true as const };
    },
  );

  app.post(
    '/podcasts/:id/thumbnail',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['podcasts'],
        summary: 'Upload the thumbnail (multipart field "file"; any real image, re-encoded); replaces the old one',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: podcastThumbnailResponse, ...errors },
      },
    },
    async (request) => {
      invariant(await findPodcastDetail(db, request.params.id), missing);
      const file = await uploadedFile(request);
      const url = await storeImage(storage, BUCKET, file.bytes, { folder: THUMBNAIL_FOLDER, maxSize: 1280 });
      const old = await setPodcastThumbnail(db, request.params.id, url);
      if (old === undefined) {
        // Deleted while the file was on its way: keep nothing.
        await removeStoredImage(storage, BUCKET, url, request.log);
        throw missing();
      }
      await removeStoredImage(storage, BUCKET, old, request.log);
      recordChanges(request, { thumbnailUrl: { before: old, after: url } });
      return { thumbnailUrl: url };
    },
  );

  app.delete(
    '/podcasts/:id/thumbnail',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['podcasts'],
        summary: 'Remove the thumbnail (the stored file too)',
        params: idParams,
        response: { 200: podcastThumbnailResponse },
      },
    },
    async (request) => {
      const old = await setPodcastThumbnail(db, request.params.id, null);
      invariant(old !== undefined, missing);
      await removeStoredImage(storage, BUCKET, old, request.log);
      recordChanges(request, { thumbnailUrl: { before: old, after: null } });
      return { thumbnailUrl: null };
    },
  );

  app.post(
    '/podcasts/:id/audio',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['podcasts'],
        summary:
          'Upload the audio file (multipart field "file"; MP3 or M4A up to 100 MB, stored as sent): it becomes the Direct media, its duration read from the file',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: podcastResponse, ...errorResponses(400, 404, 413, 422) },
      },
    },
    async (request) => {
      invariant(await findPodcastDetail(db, request.params.id), missing);
      const file = await uploadedFile(request, AUDIO_LIMITS);
      const audio = await readEpisodeAudio(file.bytes);
      const key = `${AUDIO_FOLDER}/${randomUUID()}.${audio.extension}`;
      const url = await storage.put(BUCKET, key, file.bytes, audio.mime);
      const stored = { url, bytes: file.bytes.length, mime: audio.mime, durationSeconds: audio.durationSeconds };
      const old = await setPodcastAudio(db, request.params.id, stored);
      if (old === undefined) {
        await removeStoredAudio(storage, url, request.log);
        throw missing();
      }
      if (old !== url) await removeStoredAudio(storage, old, request.log);
      recordChanges(request, { mediaUrl: { before: old, after: url } });
      const podcast = await findPodcastDetail(db, request.params.id);
      invariant(podcast, missing);
      return { podcast };
    },
  );

  app.delete(
    '/podcasts/:id/audio',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['podcasts'],
        summary: 'Remove the uploaded audio file (the stored file too); the episode shows as coming soon',
        params: idParams,
        response: { 200: podcastResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      const old = await setPodcastAudio(db, request.params.id, null);
      if (old === undefined) throw missing();
      await removeStoredAudio(storage, old, request.log);
      recordChanges(request, { mediaUrl: { before: old, after: null } });
      const podcast = await findPodcastDetail(db, request.params.id);
      invariant(podcast, missing);
      return { podcast };
    },
  );
};
