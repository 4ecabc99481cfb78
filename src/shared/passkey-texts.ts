import type { z } from 'zod';
import type { passkeySummary } from './passkeys';

// Passkeys' words and the list's shape, for the server and screens alike (no zod here: the
// sign-in page and the dashboard read it without the contracts in passkeys.ts).

export const PASSKEYS_TITLE = 'Passkeys';
export const ADD_PASSKEY_LABEL = 'Add a passkey';
export const SIGN_IN_WITH_PASSKEY_LABEL = 'Use a passkey';
export const PASSKEY_REFUSED = 'That passkey could not be checked. Please try again.';
export const PASSKEY_UNKNOWN = 'This passkey is not registered here. Sign in with your email and password.';
export const PASSKEY_TAKEN = 'This passkey is already added to your account.';
export const PASSKEY_NOT_FOUND = 'Passkey not found.';
export const PASSKEY_CANCELLED = 'No passkey was used.';

/** One of the member's passkeys, as the dashboard lists it. Type-only imports: no zod reaches
 * the screens that read this file. */
export type PasskeySummary = z.infer<typeof passkeySummary>;
