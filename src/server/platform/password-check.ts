import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account } from '../db/schema';
import { INCORRECT_PASSWORD } from '../../shared/two-factor-texts';
import { unprocessable } from './errors';
import { verifyPassword } from './passwords';
import { admitAccountCheck, passedAccountCheck } from './sign-in-guard';

/** Refused (422 on `field`) unless `password` is the signed-in member's own, and held back per
 * account after repeated wrong ones like a sign-in (platform/sign-in-guard.ts): a session left
 * open does not let anyone guess the password through these forms. */
export async function checkOwnPassword(db: Db, userId: string, password: string, field = 'password'): Promise<void> {
  const key = `password-check:${userId}`;
  await admitAccountCheck(db, key);
  const [row] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  if (!row?.hash || !(await verifyPassword(row.hash, password)))
    throw unprocessable('INCORRECT_PASSWORD', INCORRECT_PASSWORD, field);
  await passedAccountCheck(db, key);
}
