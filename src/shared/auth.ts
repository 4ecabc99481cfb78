import { z } from 'zod';
import { PERSON_NAME_MAX, USERNAME_MAX } from './limits';

// Auth contracts shared by the server routes and the web forms: one validation truth.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const USERNAME_PATTERN = new RegExp(`^[a-zA-Z0-9_.-]{3,${USERNAME_MAX}}$`);

export const USERNAME_TAKEN = 'Sorry, that username is already taken.';
export const RESET_EMAIL_SENT = 'Check your email for a link to reset your password.';
export const PASSWORD_UPDATED = 'Password updated successfully! Redirecting to login...';
export const INVALID_TOKEN = 'Invalid or missing access token.';
/** A valid reset link whose account was deleted since it was sent. */
export const RESET_USER_NOT_FOUND = 'User not found.';

export const emailField = z.string().trim().min(1, 'Email is required').email('Enter a valid email address');

export const passwordField = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const usernameField = z
  .string()
  .trim()
  .min(1, 'Username is required')
  .regex(USERNAME_PATTERN, 'Username must be 3 to 30 letters, digits, dots, dashes or underscores');

export const signInInput = z.object({
  email: emailField,
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX),
});
export type SignInInput = z.infer<typeof signInInput>;

export const registerInput = z.object({
  email: emailField,
  username: usernameField,
  fullName: z.string().trim().min(1, 'Full name is required').max(PERSON_NAME_MAX),
  password: passwordField,
});
export type RegisterInput = z.infer<typeof registerInput>;

export const resetRequestInput = z.object({ email: emailField });
export type ResetRequestInput = z.infer<typeof resetRequestInput>;

export const newPasswordInput = z.object({
  token: z.string().min(1, INVALID_TOKEN),
  password: passwordField,
});
export type NewPasswordInput = z.infer<typeof newPasswordInput>;

/** The signed-in member as the web app sees it (GET /api/me). */
export const me = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  fullName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  passwordResetRequired: z.boolean(),
  /** An admin or door staff member without two-step sign-in where the install requires it:
   * asked to set it up before their screens work. */
  twoFactorSetupRequired: z.boolean(),
  twoFactorEnabled: z.boolean(),
  unreadMessages: z.number().int(),
  pendingRequests: z.number().int(),
});
export type Me = z.infer<typeof me>;

export const meResponse = z.object({ user: me.nullable() });
export type MeResponse = z.infer<typeof meResponse>;
