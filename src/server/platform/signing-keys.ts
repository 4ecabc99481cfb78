import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

const cache = new WeakMap<Db, Map<string, Buffer>>();

/** This install's secret for one purpose (`unsubscribe`, `tickets`), made on first use
 * (concurrent first uses agree on one): never a configured or shared secret, so nothing signed
 * by a default install can be forged from the code. */
export async function signingKey(db: Db, name: string): Promise<Buffer> {
  const known = cache.get(db)?.get(name);
  if (known) return known;
  await db.execute(sql`insert into signing_keys (name, secret)
    values (${name}, ${randomBytes(32).toString('base64url')}) on conflict (name) do nothing`);
  const result = await db.execute<{ secret: string }>(sql`select secret from signing_keys where name = ${name}`);
  const key = Buffer.from(result.rows[0]!.secret, 'base64url');
  if (!cache.has(db)) cache.set(db, new Map());
  cache.get(db)!.set(name, key);
  return key;
}
