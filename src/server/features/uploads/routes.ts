import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, errorResponses } from '../../platform/errors';
import { NOT_AN_IMAGE, storeImage } from '../../platform/images';
import { uploadedFile } from '../../platform/uploads';
import { enforceRateLimit, type RateLimitRule } from '../../platform/rate-limit';

/** Images a member may upload from the editor: enough for a post with a gallery, not a flood. */
export const FORUM_IMAGE_RATE: RateLimitRule = { limit: 30, windowSeconds: 10 * 60 };
/** Longest side of an editor image once stored; larger images are scaled down. */
export const FORUM_IMAGE_MAX_SIZE = 1600;

export { IMAGE_TOO_LARGE, NOT_AN_IMAGE } from '../../platform/images';

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.services;

  app.post(
    '/uploads/forum-images',
    {
      config: { access: 'member' },
      schema: {
        tags: ['uploads'],
        summary:
          'Upload an image for the rich-text editor (multipart field "file"); re-encoded, stored in forum-images',
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ url: z.string() }), ...errorResponses(429) },
      },
    },
    async (request) => {
      await enforceRateLimit(db, `forum-image:${request.viewer.id}`, FORUM_IMAGE_RATE);
      const file = await uploadedFile(request);
      if (!file.mimetype.startsWith('image/')) throw new HttpError(415, 'NOT_AN_IMAGE', NOT_AN_IMAGE);
      // storeImage decodes the bytes whatever the type claimed (422 when they are no image),
      // caps size and pixels, and names the file by timestamp.
      const url = await storeImage(storage, 'forum-images', file.bytes, {
        folder: request.viewer.id,
        maxSize: FORUM_IMAGE_MAX_SIZE,
      });
      return { url };
    },
  );
};
