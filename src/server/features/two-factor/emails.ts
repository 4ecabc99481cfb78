import type { Db } from '../../db/client';
import { sendAccountNotice } from '../../platform/account-notice';
import type { Mailer } from '../../platform/mail';

export type TwoFactorNotice = 'turned-off' | 'reset-by-admin';

const TEXTS: Record<TwoFactorNotice, { subject: string; body: string }> = {
  'turned-off': {
    subject: 'Two-step sign-in is off on your Power Mixer account',
    body: 'Two-step sign-in was just turned off on your Power Mixer account, and your other sessions were signed out. Your password alone now signs you in.\n\nIf it was not you, reset your password at once and turn two-step sign-in on again from your profile page.',
  },
  'reset-by-admin': {
    subject: 'An organiser reset two-step sign-in on your Power Mixer account',
    body: 'An organiser of Power Mixer reset two-step sign-in on your account, as asked when an authenticator app and the recovery codes are lost. Your sessions were signed out, and your password alone now signs you in.\n\nSet it up again from your profile page, with your new phone. If you did not ask for this, reply to this e-mail.',
  },
};

/** A change to how the member signs in, told to them by e-mail (transactional: it always goes). */
export async function sendTwoFactorNotice(db: Db, mailer: Mailer, userId: string, notice: TwoFactorNotice) {
  const { subject, body } = TEXTS[notice];
  await sendAccountNotice(db, mailer, userId, subject, body);
}
