import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { HttpError, badRequest, tooLarge } from './errors';
import { IMAGE_TOO_LARGE } from './images';

// Reading an uploaded file (multipart field "file") for every upload route. The multipart
// parser throws plain errors for a body it cannot read (no closing boundary, a boundary that
// does not match the header, a multipart content type without one), which would reach the error
// handler as a 500: here they become the 400 that every other malformed body gets.

export const MALFORMED_MULTIPART =
  'The upload could not be read: the multipart/form-data body is incomplete or does not match its boundary.';

function asClientError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (status === 413) return tooLarge('IMAGE_TOO_LARGE', IMAGE_TOO_LARGE);
  // The parser's own 4xx (too many parts or files, a forbidden field name) keep their words.
  if (status !== undefined && status >= 400 && status < 500) return error;
  return badRequest('MALFORMED_MULTIPART', MALFORMED_MULTIPART);
}

/** Reading the body, never what is done with it afterwards (storage errors stay 5xx). */
async function reading<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw asClientError(error);
  }
}

function requireMultipart(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('NOT_MULTIPART', 'Send the image as multipart/form-data.');
}

export interface UploadedFile {
  bytes: Buffer;
  /** The type the client claimed (nothing is trusted from it: storeImage decodes the bytes). */
  mimetype: string;
}

const read = async (part: MultipartFile): Promise<UploadedFile> => ({
  bytes: await reading(() => part.toBuffer()),
  mimetype: part.mimetype,
});

/** The first uploaded file, read whole. */
export async function uploadedFile(request: FastifyRequest): Promise<UploadedFile> {
  requireMultipart(request);
  const part = await reading(() => request.file());
  if (!part) throw badRequest('NO_FILE', 'Choose an image to upload.');
  return read(part);
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
