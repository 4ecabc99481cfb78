import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../../shared/errors';
import { HttpError, badRequest } from '../../platform/errors';
import { MAX_IMAGE_BYTES, storeImage } from '../../platform/images';
import { enforceRateLimit, type RateLimitRule } from '../../platform/rate-limit';
import { requireMember } from '../../platform/viewer';

/** Images a member may upload from the editor: enough for a post with a gallery, not a flood. */
export const FORUM_IMAGE_RATE: RateLimitRule = { limit: 30, windowSeconds: 10 * 60 };
/** Longest side of an editor image once stored; larger images are scaled down. */
export const FORUM_IMAGE_MAX_SIZE = 1600;

export const NOT_AN_IMAGE = 'Please choose an image file (JPEG, PNG, WebP, GIF or AVIF).';
export const IMAGE_TOO_LARGE = `Images must be ${MAX_IMAGE_BYTES / 1024 / 1024} MB or smaller.`;

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
        response: {
          200: z.object({ url: z.string() }),
          400: apiError,
          401: apiError,
          413: apiError,
          415: apiError,
          422: apiError,
          429: apiError,
        },
      },
    },
    async (request) => {
      const viewer = await requireMember(request);
      await enforceRateLimit(db, `forum-image:${viewer.id}`, FORUM_IMAGE_RATE);
      if (!request.isMultipart()) throw badRequest('NOT_MULTIPART', 'Send the image as multipart/form-data.');
      const file = await request.file();
      if (!file) throw badRequest('NO_FILE', 'Choose an image to upload.');
      if (!file.mimetype.startsWith('image/')) {
        file.file.resume();
        throw new HttpError(415, 'NOT_AN_IMAGE', NOT_AN_IMAGE);
      }
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 413) {
          throw new HttpError(413, 'IMAGE_TOO_LARGE', IMAGE_TOO_LARGE);
        }
        throw error;
      }
      // storeImage decodes the bytes whatever the type claimed (422 when they are no image),
      // caps size and pixels, and names the file by timestamp.
      const url = await storeImage(storage, 'forum-images', bytes, {
        folder: viewer.id,
        maxSize: FORUM_IMAGE_MAX_SIZE,
      });
      return { url };
    },
  );
};
