import { z } from 'zod';
import { PASSWORD_MAX } from './auth';

// Two-step sign-in (features/two-factor on both sides): the contracts. The words are in
// two-factor-texts.ts, which screens of the first load read without zod.

/** Six digits from the app, or a recovery code (ten letters and digits, a dash between). */
export const codeField = z
  .string()
  .trim()
  .min(1, 'Enter the code from your authenticator app')
  .max(20, 'Enter the six-digit code from your app, or a recovery code')
  .regex(
    /^(\d{3} ?\d{3}|[a-zA-Z0-9]{5}-?[a-zA-Z0-9]{5})$/,
    'Enter the six-digit code from your app, or a recovery code',
  );

export const currentPasswordField = z.string().min(1, 'Enter your password').max(PASSWORD_MAX);

export const passwordConfirmInput = z.object({ password: currentPasswordField });
export type PasswordConfirmInput = z.infer<typeof passwordConfirmInput>;

export const appCodeInput = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{3} ?\d{3}$/, 'Enter the six-digit code your app shows'),
});
export type AppCodeInput = z.infer<typeof appCodeInput>;

export const secondStepInput = z.object({ code: codeField });
export type SecondStepInput = z.infer<typeof secondStepInput>;

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().datetime().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** Whether this member must have it on to use the admin area or a door screen. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

export const twoFactorSetup = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  uri: z.string(),
  /** The QR code of `uri` as a PNG data URL. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
