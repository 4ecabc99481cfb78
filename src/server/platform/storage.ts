import { constants } from 'node:fs';
import { access, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { HttpError } from './errors';

/** The buckets the spec names; each is a folder locally or a key prefix in S3. */
export const BUCKETS = ['avatars', 'event-images', 'podcast-images', 'sponsor-images', 'forum-images'] as const;
export type Bucket = (typeof BUCKETS)[number];

export interface Storage {
  /** Stores bytes at bucket/key and returns the public URL. */
  put(bucket: Bucket, key: string, body: Buffer, contentType: string): Promise<string>;
  /** Removes bucket/key; removing a missing file is not an error. */
  remove(bucket: Bucket, key: string): Promise<void>;
  /** The bucket and key behind one of our public URLs, or null if it is not ours. */
  locate(url: string): { bucket: Bucket; key: string } | null;
  /** Resolves when the store can be written to (readiness); rejects with why not. */
  check(): Promise<void>;
}

const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9/_.-]*$/;

function assertKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}

function locateUnder(prefix: string, url: string) {
  if (!url.startsWith(prefix)) return null;
  const rest = url.slice(prefix.length);
  const slash = rest.indexOf('/');
  const bucket = rest.slice(0, slash) as Bucket;
  const key = rest.slice(slash + 1);
  if (slash < 0 || !BUCKETS.includes(bucket) || !SAFE_KEY.test(key) || key.includes('..')) return null;
  return { bucket, key };
}

/** Files under DATA_DIR/uploads, served by the app under /uploads. */
export function localStorage(root: string): Storage {
  return {
    async put(bucket, key, body) {
      assertKey(key);
      const file = path.join(root, bucket, key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename would be atomic; a partial file is harmless here because the
      // URL is only stored after put() resolves.
      await writeFile(file, body);
      return `/uploads/${bucket}/${key}`;
    },
    async remove(bucket, key) {
      assertKey(key);
      await rm(path.join(root, bucket, key), { force: true });
    },
    locate: (url) => locateUnder('/uploads/', url),
    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}

export const STORAGE_UNAVAILABLE_MESSAGE = 'Image storage is unavailable right now. Please try again in a moment.';

/** An upload the store refused or never answered (down, unreachable, bucket missing, credentials
 * refused) is a 503 the person can retry, not a 500; the store's own error stays in `cause`. */
function storageUnavailable(cause: unknown): HttpError {
  return Object.assign(new HttpError(503, 'STORAGE_UNAVAILABLE', STORAGE_UNAVAILABLE_MESSAGE), { cause });
}

/** S3-compatible object storage (AWS, MinIO, R2...) when S3_BUCKET is set. `timeoutMs` bounds
 * each call, the SDK's own retries included, so an upload never hangs on a store that does not answer. */
export function s3Storage(config: Config, { timeoutMs = 20_000 }: { timeoutMs?: number } = {}): Storage {
  const client = new S3Client({
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: Boolean(config.S3_ENDPOINT),
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
  const bucketName = config.S3_BUCKET!;
  const publicBase = (
    config.S3_PUBLIC_URL ??
    (config.S3_ENDPOINT
      ? `${config.S3_ENDPOINT}/${bucketName}`
      : `https://${bucketName}.s3.${config.S3_REGION}.amazonaws.com`)
  ).replace(/\/$/, '');
  return {
    async put(bucket, key, body, contentType) {
      assertKey(key);
      await client
        .send(
          new PutObjectCommand({
            Bucket: bucketName,
            Key: `${bucket}/${key}`,
            Body: body,
            ContentType: contentType,
            CacheControl: 'public, max-age=31536000, immutable',
          }),
          { abortSignal: AbortSignal.timeout(timeoutMs) },
        )
        .catch((error: unknown) => {
          throw storageUnavailable(error);
        });
      return `${publicBase}/${bucket}/${key}`;
    },
    async remove(bucket, key) {
      assertKey(key);
      await client
        .send(new DeleteObjectCommand({ Bucket: bucketName, Key: `${bucket}/${key}` }), {
          abortSignal: AbortSignal.timeout(timeoutMs),
        })
        .catch((error: unknown) => {
          throw storageUnavailable(error);
        });
    },
    locate: (url) => locateUnder(`${publicBase}/`, url),
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucketName }), { abortSignal: AbortSignal.timeout(2_000) });
    },
  };
}

export function createStorage(config: Config): Storage {
  return config.S3_BUCKET ? s3Storage(config) : localStorage(path.resolve(config.DATA_DIR, 'uploads'));
}
