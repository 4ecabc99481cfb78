import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { profiles } from '../db/schema';
import { removeImage, storeImage } from './images';
import type { Storage } from './storage';

/**
 * A member's avatar replaced by `bytes` (any real image, re-encoded and cropped square) or
 * removed (null), for the member themselves and for an admin alike. The old file goes once the
 * profile no longer points at it; files we do not own (seeded elsewhere) are left alone.
 * Resolves to the new URL, or undefined when there is no such member.
 */
export async function replaceAvatar(
  deps: { db: Db; storage: Storage; log: FastifyBaseLogger },
  userId: string,
  bytes: Buffer | null,
): Promise<string | null | undefined> {
  const [old] = await deps.db.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, userId));
  if (!old) return undefined;
  const url = bytes
    ? await storeImage(deps.storage, 'avatars', bytes, { folder: userId, maxSize: 400, square: true })
    : null;
  await deps.db.update(profiles).set({ avatarUrl: url }).where(eq(profiles.id, userId));
  const location = old.avatarUrl ? deps.storage.locate(old.avatarUrl) : null;
  if (location && location.bucket === 'avatars') {
    await removeImage(deps.storage, location.bucket, location.key).catch((err: unknown) =>
      deps.log.warn({ err, url: old.avatarUrl }, 'could not remove old avatar'),
    );
  }
  return url;
}
