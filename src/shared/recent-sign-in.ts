// Recent sign-in for the most sensitive admin actions (platform/recent-sign-in.ts on the server,
// components/recent-sign-in.tsx in the web app). No zod here: the words only.

/** How long a sign-in, or the password typed again, counts as recent. */
export const RECENT_SIGN_IN_MINUTES = 15;
export const RECENT_SIGN_IN_REQUIRED_CODE = 'RECENT_SIGN_IN_REQUIRED';
export const RECENT_SIGN_IN_REQUIRED_MESSAGE = `Confirm it’s you: enter your password again. You signed in more than ${RECENT_SIGN_IN_MINUTES} minutes ago.`;
export const CONFIRM_TITLE = 'Confirm it’s you';
export const CONFIRM_DESCRIPTION = `You signed in more than ${RECENT_SIGN_IN_MINUTES} minutes ago. Enter your password to go on.`;
