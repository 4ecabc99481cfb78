import { z } from 'zod';
import { USERNAME_LOOKUP_MAX } from './limits';
import { PASSWORD_MAX, passwordField } from './auth';

// A member's own account: deleting it (after typing their username) and downloading first
// everything the product holds about them.

export const DELETE_ACCOUNT_TITLE = 'Delete account';
export const DOWNLOAD_DATA_LABEL = 'Download my data';
export const USERNAME_MISMATCH = 'Type your username exactly to confirm.';
export const DELETE_ACCOUNT_FAILED = 'Failed to delete account';

export const deleteAccountInput = z.object({
  username: z.string().trim().min(1, 'Type your username to confirm').max(USERNAME_LOOKUP_MAX),
});

/** The file name of the data export (the date is the day it was made). */
export const exportFileName = (username: string, date: Date) =>
  `power-mixer-${username.toLowerCase().replace(/[^a-z0-9]+/g, '_')}-${date.toISOString().slice(0, 10)}.json`;

export const CHANGE_PASSWORD_TITLE = 'Password';
export const PASSWORD_CHANGED = 'Your password is changed. Your other sessions were signed out.';
export const SAME_PASSWORD = 'Choose a password different from the one you have.';

/** Changing the password while signed in: the one you have, then the new one. */
export const changePasswordInput = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX),
  newPassword: passwordField,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;
