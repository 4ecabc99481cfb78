import { z } from 'zod';
import { USERNAME_LOOKUP_MAX } from './limits';

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
