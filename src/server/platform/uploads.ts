import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { HttpError, badRequest, tooLarge } from './errors';
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from './images';

// Reading an uploaded file (multipart field "file") for every upload route. The multipart
// parser throws plain errors for a body it cannot read (no closing boundary, a boundary that
// does not match the header, a multipart content type without one), which would reach the error
// handler as a 500: here they become the 400 that every other malformed body gets.

export const MALFORMED_MULTIPART =
  'The upload could not be read: the multipart/form-data body is incomplete or does not match its boundary.';

/** What a route takes other than an image of up to 10 MB (an episode's audio file). */
export interface UploadLimits {
  maxBytes: number;
  /** The 413's code and words. */
  tooLarge: { code: string; message: string };
  /** The 400's words when no file came. */
  noFile: string;
}

const IMAGE_LIMITS: UploadLimits = {
  maxBytes: MAX_IMAGE_BYTES,
  tooLarge: { code: 'IMAGE_TOO_LARGE', message: IMAGE_TOO_LARGE },
  noFile: 'Choose an image to upload.',
};

function asClientError(error: unknown, limits = IMAGE_LIMITS): unknown {
  if (error instanceof HttpError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (status === 413) return tooLarge(limits.tooLarge.code, limits.tooLarge.message);
  // The parser's own 4xx (too many parts or files, a forbidden field name) keep their words.
  if (status !== undefined && status >= 400 && status < 500) return error;
  return badRequest('MALFORMED_MULTIPART', MALFORMED_MULTIPART);
}

/** Reading the body, never what is done with it afterwards (storage errors stay 5xx). */
async function reading<T>(read: () => Promise<T>, limits?: UploadLimits): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw asClientError(error, limits);
  }
}

function requireMultipart(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('NOT_MULTIPART', 'Send the file as multipart/form-data.');
}

export interface UploadedFile {
  bytes: Buffer;
  /** The type the client claimed (nothing is trusted from it: storeImage decodes the bytes). */
  mimetype: string;
}

const read = async (part: MultipartFile, limits?: UploadLimits): Promise<UploadedFile> => ({
  bytes: await reading(() => part.toBuffer(), limits),
  mimetype: part.mimetype,
});

/** The first uploaded file, read whole; an image of up to 10 MB unless `limits` say otherwise. */
export async function uploadedFile(
  request: FastifyRequest,
  limits: UploadLimits = IMAGE_LIMITS,
): Promise<UploadedFile> {
  requireMultipart(request);
  const part = await reading(() => request.file({ limits: { fileSize: limits.maxBytes } }), limits);
  if (!part) throw badRequest('NO_FILE', limits.noFile);
  return read(part, limits);
}

/** Each uploaded file in turn, read whole; `handle` runs before the next is read. */
export async function eachUploadedFile(
  request: FastifyRequest,
  handle: (file: UploadedFile) => Promise<'next' | 'stop'>,
): Promise<number> {
  requireMultipart(request);
  const parts = request.files()[Symbol.asyncIterator]();
  let count = 0;
  for (;;) {
    const next = await reading(() => parts.next());
    if (next.done) break;
    count++;
    if ((await handle(await read(next.value))) === 'stop') break;
  }
  return count;
}
