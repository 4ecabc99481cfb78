// Two-step sign-in's words, for the server and screens alike (no zod here: the app's shell reads it).

export const RECOVERY_CODE_COUNT = 10;
export const TWO_FACTOR_TITLE = 'Two-step sign-in';

export const INCORRECT_PASSWORD = 'That password is not right.';
export const WRONG_CODE = 'That code is not right. Check the time on your phone, or use a recovery code.';
export const CODE_ALREADY_USED = 'That code was just used. Wait for the next one in your app.';
export const CHALLENGE_EXPIRED = 'Your sign-in has timed out. Please enter your email and password again.';
export const TWO_FACTOR_ALREADY_ON = 'Two-step sign-in is already on.';
export const NO_SETUP_STARTED = 'Start the setup again: scan a new code first.';
export const TWO_FACTOR_REQUIRED_MESSAGE =
  'Admins and door staff need two-step sign-in. Set it up on your profile page, then try again.';
export const TWO_FACTOR_REQUIRED_CODE = 'TWO_FACTOR_REQUIRED';
