import { z } from 'zod';
import { PASSWORD_MAX, emailField, usernameField } from './auth';
import { BIO_MAX, PERSON_NAME_MAX, PROFILE_LINE_MAX } from './limits';
import { SEARCH_QUERY_MAX_LENGTH } from './search-texts';

// The admin's user management (spec 2 sections 2, 5 and 8): one contract for the server
// routes and the Users tab and forms.

export const USERS_PAGE_SIZE = 10;
/** Spec 2 section 9: the minimum password length when an admin creates a user. */
export const ADMIN_PASSWORD_MIN = 6;

export const USER_NOT_FOUND = 'User Not Found';
export const USER_LOAD_FAILED = 'Failed to load user';
export const USER_UPDATE_FAILED = 'Failed to update user';
export const USER_CREATE_FAILED = 'Failed to create user';
export const FLAG_UPDATE_FAILED = {
  isAdmin: 'Failed to update admin status',
  isSponsor: 'Failed to update sponsor status',
  isPanelist: 'Failed to update panelist status',
} as const;

export const OWN_ADMIN_FLAG = 'You cannot remove your own admin status.';
export const LAST_ADMIN = 'The last admin cannot be demoted or deleted.';
export const DELETE_SELF = 'You cannot delete your own account here.';

/** A row of the admin's user list: the only answer in the product that carries an e-mail. */
export const adminUser = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string().nullable(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  isSponsor: z.boolean(),
  isPanelist: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUsersQuery = z.object({
  q: z.string().trim().max(SEARCH_QUERY_MAX_LENGTH).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

export const adminUsersResponse = z.object({
  users: z.array(adminUser),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponse>;

/** Everything the edit form shows; the e-mail stays in the list (the one answer that has it). */
export const adminUserDetail = adminUser.omit({ email: true }).extend({
  company: z.string().nullable(),
  position: z.string().nullable(),
  website: z.string().nullable(),
  bio: z.string().nullable(),
  instagramUrl: z.string().nullable(),
  facebookUrl: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  /** Whether the member signs in with a second step (an admin may reset it). */
  twoFactorEnabled: z.boolean(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;
/** An admin's read or write of one user. */
export const adminUserResponse = z.object({ user: adminUserDetail });
export type AdminUserResponse = z.infer<typeof adminUserResponse>;

export const userFlag = z.enum(['isAdmin', 'isSponsor', 'isPanelist']);
export type UserFlag = z.infer<typeof userFlag>;

/** One flag flipped to the value given. */
export const userFlagInput = z.object({ flag: userFlag, value: z.boolean() });

export const createUserInput = z.object({
  email: emailField,
  password: z
    .string()
    .min(1, 'Password is required')
    .min(ADMIN_PASSWORD_MIN, `Password must be at least ${ADMIN_PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  username: usernameField,
  fullName: z.string().trim().max(PERSON_NAME_MAX).default(''),
  isAdmin: z.boolean().default(false),
});
export type CreateUserInput = z.input<typeof createUserInput>;

/** An address with a scheme (https://...), or nothing. */
const optionalUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(300)
    .default('')
    .refine((v) => v === '' || isHttpUrl(v), message);

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export const updateUserInput = z.object({
  username: usernameField,
  fullName: z.string().trim().max(PERSON_NAME_MAX).default(''),
  company: z.string().trim().max(PROFILE_LINE_MAX).default(''),
  position: z.string().trim().max(PROFILE_LINE_MAX).default(''),
  website: optionalUrl('Website must be a valid URL'),
  bio: z.string().trim().max(BIO_MAX).default(''),
  instagramUrl: optionalUrl('Instagram must be a valid URL'),
  facebookUrl: optionalUrl('Facebook must be a valid URL'),
  linkedinUrl: optionalUrl('LinkedIn must be a valid URL'),
  isSponsor: z.boolean().default(false),
  isPanelist: z.boolean().default(false),
});
export type UpdateUserInput = z.input<typeof updateUserInput>;
