import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { account, profiles, user } from '../../db/schema';
import { unprocessable } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { checkOwnPassword } from '../../platform/password-check';
import { assertStrongPassword, hashPassword } from '../../platform/passwords';
import { sendAccountNotice } from '../../platform/account-notice';
import { SAME_PASSWORD, type ChangePasswordInput } from '../../../shared/account';

/** A signed-in member's new password, after the one they have: the same strength rule as at
 * registration. The caller ends the other sessions. */
export async function changePassword(db: Db, userId: string, input: ChangePasswordInput): Promise<void> {
  await checkOwnPassword(db, userId, input.currentPassword, 'currentPassword');
  if (input.newPassword === input.currentPassword) throw unprocessable('SAME_PASSWORD', SAME_PASSWORD, 'newPassword');
  const [owner] = await db
    .select({ email: user.email, username: profiles.username, fullName: profiles.fullName })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  await assertStrongPassword(input.newPassword, owner ?? {}, 'newPassword');
  await db
    .update(account)
    .set({ password: await hashPassword(input.newPassword), updatedAt: sql`now()` })
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
}

/** Tells the member their password changed: the one warning an owner gets when someone else
 * did it. */
export async function sendPasswordChanged(db: Db, mailer: Mailer, userId: string, publicUrl: string) {
  await sendAccountNotice(
    db,
    mailer,
    userId,
    'Your Power Mixer password was changed',
    `The password of your Power Mixer account was just changed, and your other sessions were signed out.\n\nIf it was not you, reset your password at once: ${publicUrl}/reset-password`,
  );
}
