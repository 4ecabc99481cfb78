import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signingKeys } from '../db/schema';

const cache = new WeakMap<Db, Map<string, Buffer>>();

/** This install's secret for one purpose (`unsubscribe`, `tickets`), made on first use
 * (concurrent first uses agree on one): never a configured or shared secret, so nothing signed
 * by a default install can be forged from the code. */
export async function signingKey(db: Db, name: string): Promise<Buffer> {
  const known = cache.get(db)?.get(name);
  if (known) return known;
  await db
    .insert(signingKeys)
    .values({ name, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: signingKeys.name });
  const [row] = await db.select({ secret: signingKeys.secret }).from(signingKeys).where(eq(signingKeys.name, name));
  const key = Buffer.from(row!.secret, 'base64url');
  if (!cache.has(db)) cache.set(db, new Map());
  cache.get(db)!.set(name, key);
  return key;
}
