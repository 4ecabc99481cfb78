// Text limits that the server's schemas check and the web's fields cap (an input's maxLength is
// its schema's max), for fields several features share. A feature's own limits sit in its shared
// file (POST_TITLE_MAX in forums.ts). No zod here: the landing page's form imports these without
// loading it.

/** A person's name: a member's full name, a guest's, whoever writes through the contact forms. */
export const PERSON_NAME_MAX = 120;
/** An e-mail address (the longest path SMTP carries). */
export const EMAIL_MAX = 254;
/** The longest username (USERNAME_PATTERN). */
export const USERNAME_MAX = 30;
/** A username typed to find someone: room past the longest, so a slip is "not found", not refused. */
export const USERNAME_LOOKUP_MAX = 60;

/** A member's company or position. */
export const PROFILE_LINE_MAX = 120;
export const BIO_MAX = 2000;
/** The website as typed (without https://, added on save). */
export const WEBSITE_MAX = 200;
/** A social profile's username (a pasted address may be longer: the username is taken from it). */
export const SOCIAL_HANDLE_MAX = 100;
/** A skill's name and its category. */
export const SKILL_NAME_MAX = 60;

/** The subject of a member's message, of an e-mail to an event's attendees, of a contact message. */
export const SUBJECT_MAX = 200;
/** A member's message, or an organiser's e-mail to an event's attendees. */
export const MESSAGE_MAX = 10_000;

/** The contact form. */
export const CONTACT_PHONE_MAX = 40;
export const CONTACT_MESSAGE_MAX = 5000;
/** The landing page's "Who do you want to connect with?". */
export const WANTS_TO_MEET_MAX = 1000;

/** A comment with an event's rating ("What would make the next one better?"). */
export const FEEDBACK_COMMENT_MAX = 1000;
