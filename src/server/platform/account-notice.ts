import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { profiles, user } from '../db/schema';
import type { Mailer } from './mail';
import { TRANSACTIONAL_FOOTER } from './unsubscribe';

/** Tells a member by e-mail of a change to how they sign in (a new browser, a new password, a
 * passkey, two-step sign-in): transactional, so it always goes, and it greets them by the name
 * they go by now. `body` is the text between the greeting and the signature. */
export async function sendAccountNotice(db: Db, mailer: Mailer, userId: string, subject: string, body: string) {
  const [row] = await db
    .select({ email: user.email, fullName: profiles.fullName, username: profiles.username })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  if (!row) return;
  const name = row.fullName?.trim() || row.username;
  await mailer.send({
    to: row.email,
    subject,
    text: `${name ? `Hello ${name}` : 'Hello'},\n\n${body}\n\nPower Mixer\n\n--\n${TRANSACTIONAL_FOOTER}`,
  });
}
