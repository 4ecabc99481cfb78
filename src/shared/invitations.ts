import { z } from 'zod';
import { EMAIL_MAX } from './limits';
import { plural } from './plural';

// Invitations (issue 35): an organiser uploads a list they already have (a CSV file), sees each
// row's problem, and sends each person a signed link that opens registration with their name and
// e-mail filled in. The list is not kept; the invitations are (who, when, joined or not).
// Server: features/invitations; web: features/admin/invitations-tab.tsx and the register page.

/** Rows one file may hold. */
export const INVITATION_ROWS_MAX = 10_000;
/** The file as text (10,000 rows of a name, an address, a company and a position fit easily). */
export const INVITATION_CSV_MAX = 3_000_000;
/** How long an invitation's link opens registration, from when it was (last) sent. */
export const INVITATION_VALID_DAYS = 30;
/** Times one invitation may be sent: once, and again once. */
export const INVITATION_SENDS_MAX = 2;
export const INVITATIONS_PAGE_SIZE = 25;

// ---------- the file ----------

export const CSV_FILE_LABEL = 'CSV file';
export const CSV_FILE_HINT =
  'The first line names the columns: Name and E-mail, with Company and Position when present (other columns are ignored). Commas or semicolons, UTF-8, up to 10,000 rows.';
export const CSV_CHOOSE_FILE = 'Choose a CSV file.';
export const CSV_TOO_LARGE = 'The file is too large: keep it to 10,000 rows (3 MB).';
export const CSV_EMPTY = 'The file is empty.';
export const CSV_NOT_UTF8 =
  'The file is not UTF-8 text: some characters cannot be read. Save it as "CSV UTF-8" and choose it again.';
export const CSV_NO_ROWS = 'The file has a header line but no rows.';
export const CSV_TOO_MANY_ROWS = `The file has more than ${INVITATION_ROWS_MAX.toLocaleString('en-US')} rows. Split it and import each part.`;
/** The first line is not a header we can read; `found` is what it holds. */
export const csvNoHeader = (found: string[]) =>
  `The first line must name the columns: Name (or First name and Last name) and E-mail, with Company and Position when present. It reads: ${
    found.filter(Boolean).join(', ').slice(0, 200) || 'nothing'
  }.`;
export const csvUnclosedQuote = (line: number) =>
  `Line ${line}: a quoted value is never closed, so the rest of the file would be read as part of it. Check the quotes on that line.`;

// ---------- each row's problem ----------

export const PROBLEM_NAME_MISSING = 'Name is missing';
export const PROBLEM_EMAIL_MISSING = 'E-mail is missing';
export const PROBLEM_NOT_EMAIL = 'Not an e-mail address';
export const problemDuplicate = (line: number) => `Duplicate of line ${line}`;
export const problemTooLong = (what: string, max: number) => `${what} is longer than ${max} characters`;
export const problemExtraFields = (found: number, expected: number) =>
  `${found} values where the header has ${expected} (a comma or semicolon inside a value needs quotes)`;
export const PROBLEM_BAD_QUOTES = 'A quoted value has text after its closing quote';
/** Rows that are skipped whatever is chosen: these people need no invitation. */
export const PROBLEM_MEMBER = 'Already a member';
export const PROBLEM_INVITED = 'Already invited';

/** Whether an address reads as one (the same rule as the registration form's). */
export const isEmailAddress = (value: string) => value.length <= EMAIL_MAX && z.email().safeParse(value).success;

// ---------- requests ----------

// Not `safeText`: the server's text rule (platform/text-input.ts) checks every string before
// validation, and a pattern run over a 3 MB string costs more than it says.
const csv = z.string().min(1, CSV_CHOOSE_FILE).max(INVITATION_CSV_MAX, CSV_TOO_LARGE);

/** POST /api/admin/invitations/preview: the file's text, read by the browser. */
export const invitationsPreviewInput = z.object({ csv });
export type InvitationsPreviewInput = z.infer<typeof invitationsPreviewInput>;

/** POST /api/admin/invitations: the same text (nothing of the preview is kept), and whether the
 * rows with problems are left out rather than stopping the import. */
export const invitationsSendInput = z.object({
  csv,
  skipProblems: z.boolean().optional(),
});
export type InvitationsSendInput = z.infer<typeof invitationsSendInput>;

export const invitationsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** GET /api/invitations/:token (no sign-in). */
export const invitationTokenParams = z.object({ token: z.string().max(100) });

// ---------- answers ----------

export const previewRow = z.object({
  /** The file's line the row starts on (the header is line 1). */
  line: z.number().int(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  position: z.string(),
  problem: z.string().nullable(),
  /** The problem stops the import unless the rows with problems are skipped (the others, a
   * member or someone invited before, are always skipped). */
  blocking: z.boolean(),
});
export type PreviewRow = z.infer<typeof previewRow>;

export const invitationsPreviewResponse = z.object({
  rows: z.array(previewRow),
  counts: z.object({
    total: z.number().int(),
    /** Rows that would be invited now. */
    ready: z.number().int(),
    /** Rows with a problem of any kind. */
    problems: z.number().int(),
    /** Of those, rows whose problem stops the import unless skipped. */
    blocking: z.number().int(),
  }),
});
export type InvitationsPreviewResponse = z.infer<typeof invitationsPreviewResponse>;

export const invitationsSendResponse = z.object({
  invited: z.number().int(),
  /** Members, people invited before and (when chosen) rows with problems. */
  skipped: z.number().int(),
});
export type InvitationsSendResponse = z.infer<typeof invitationsSendResponse>;

export const INVITATION_STATUSES = ['pending', 'joined', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
export const INVITATION_STATUS_WORDS: Record<InvitationStatus, string> = {
  pending: 'Pending',
  joined: 'Joined',
  expired: 'Expired',
  revoked: 'Revoked',
};

export const invitation = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  position: z.string().nullable(),
  invitedAt: z.string(),
  sentAt: z.string(),
  sendCount: z.number().int(),
  expiresAt: z.string(),
  status: z.enum(INVITATION_STATUSES),
  joinedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitation>;

export const invitationTotals = z.object({
  invited: z.number().int(),
  joined: z.number().int(),
  pending: z.number().int(),
  expired: z.number().int(),
  revoked: z.number().int(),
});
export type InvitationTotals = z.infer<typeof invitationTotals>;

export const invitationsResponse = z.object({
  invitations: z.array(invitation),
  totals: invitationTotals,
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type InvitationsResponse = z.infer<typeof invitationsResponse>;

export const invitationResponse = z.object({ invitation });
export type InvitationResponse = z.infer<typeof invitationResponse>;

/** What an invitation's link fills the registration form with. */
export const invitationLinkResponse = z.object({
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  position: z.string().nullable(),
});
export type InvitationLinkResponse = z.infer<typeof invitationLinkResponse>;

// ---------- refusals ----------

export const INVALID_CSV = 'INVALID_CSV';
export const INVITATION_ROWS_REFUSED = 'INVITATION_ROWS_REFUSED';
export const invitationRowsRefused = (rows: number) =>
  `Nothing was sent: ${plural(rows, 'row')} ${rows === 1 ? 'has a problem' : 'have problems'}. Fix ${
    rows === 1 ? 'it' : 'them'
  } in the file, or choose to skip the rows with problems.`;

export const INVITATION_NOT_FOUND = 'Invitation not found';
export const INVITATION_JOINED = 'INVITATION_JOINED';
export const INVITATION_JOINED_MESSAGE = 'This person has already joined.';
export const INVITATION_REVOKED = 'INVITATION_REVOKED';
export const INVITATION_REVOKED_MESSAGE = 'This invitation was revoked.';
export const INVITATION_RESENT = 'INVITATION_RESENT';
export const INVITATION_RESENT_MESSAGE =
  'This invitation has already been sent again once; it cannot be sent a third time.';

export const INVALID_INVITATION_LINK = 'INVALID_INVITATION_LINK';
export const INVALID_INVITATION_LINK_MESSAGE =
  'This invitation link is not valid. It may have been copied incompletely: open it from the e-mail again, or register without it.';
export const INVITATION_EXPIRED = 'INVITATION_EXPIRED';
export const INVITATION_EXPIRED_MESSAGE =
  'This invitation has expired. Ask the organisers to send it again, or register without it.';
export const INVITATION_WITHDRAWN = 'INVITATION_WITHDRAWN';
export const INVITATION_WITHDRAWN_MESSAGE =
  'This invitation was withdrawn by the organisers. You can still register without it.';
export const INVITATION_USED_MESSAGE =
  'This invitation has been used: there is an account with its e-mail address. Sign in instead.';

// ---------- screens ----------

export const INVITATIONS_INTRO = `Invite people from a list you already have. Each gets an e-mail with a link, valid for ${INVITATION_VALID_DAYS} days, that opens registration with their name and e-mail filled in. The list itself is not kept: only who was invited, when, and whether they joined.`;
export const PREVIEW_BUTTON = 'Preview';
export const SKIP_PROBLEMS_LABEL = 'Skip the rows with problems and invite the others';
export const sendInvitationsButton = (ready: number) => `Send ${plural(ready, 'invitation')}`;
export const invitationsSent = (invited: number, skipped: number) =>
  `${plural(invited, 'invitation')} sent${skipped ? `; ${plural(skipped, 'row')} skipped` : ''}.`;
export const invitationTotalsText = (totals: Pick<InvitationTotals, 'invited' | 'joined'>) =>
  `${totals.invited.toLocaleString('en-US')} invited, ${totals.joined.toLocaleString('en-US')} joined`;
export const REVOKE_BUTTON = 'Revoke';
export const SEND_AGAIN_BUTTON = 'Send again';
export const INVITATION_REVOKED_NOTICE = 'Invitation revoked.';
export const INVITATION_SENT_AGAIN_NOTICE = 'Invitation sent again.';

/** The registration page opened from an invitation's link. */
export const INVITED_LINE = 'You were invited to join. Check your details, then choose a username and a password.';
