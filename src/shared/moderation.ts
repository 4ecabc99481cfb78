import { z } from 'zod';

// Moderation beyond the spec (issue 11): members report posts, replies and direct messages;
// admins resolve reports by removing the content or dismissing them; members block members.

export const REPORT_TARGET_TYPES = ['post', 'reply', 'message'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export const REPORT_STATUSES = ['open', 'removed', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_REASON_MAX = 1000;
export const REPORTS_PAGE_SIZE = 20;

// Texts (the admin list says 'Failed to load reports' / 'No reports found' itself).
export const REPORT_RESOLVE_ERROR = 'Failed to resolve report';
export const REPORT_SUBMIT_ERROR = 'Failed to submit report';
export const REPORT_SUBMITTED = 'Thank you. An admin will review your report.';
export const REPORT_REASON_REQUIRED = 'Reason is required';
export const REPORT_REASON_TOO_LONG = `Reason must be at most ${REPORT_REASON_MAX} characters`;
export const REPORT_OWN_CONTENT = 'You cannot report your own content.';
export const REPORT_ALREADY_RESOLVED = 'This report has already been resolved.';
export const REPORT_NOT_FOUND = 'Report not found';
export const REPORTED_CONTENT_NOT_FOUND: Record<ReportTargetType, string> = {
  post: 'Post not found',
  reply: 'Reply not found',
  message: 'Message not found',
};
export const BLOCKED_BY_RECIPIENT_MESSAGE = 'This member is not accepting messages from you.';
export const BLOCKED_BY_RECIPIENT_CONNECTION = 'This member is not accepting connection requests from you.';
export const YOU_BLOCKED_MESSAGE = 'You have blocked this member. Unblock them to send a message.';
export const YOU_BLOCKED_CONNECTION = 'You have blocked this member. Unblock them to ask to connect.';
export const BLOCK_SELF = 'You cannot block yourself.';
export const BLOCK_ERROR = 'Failed to update block';

/** What a member types when reporting; the same schema checks the dialog and the API. */
export const reportReason = z
  .string()
  .trim()
  .min(1, REPORT_REASON_REQUIRED)
  .max(REPORT_REASON_MAX, REPORT_REASON_TOO_LONG);

export const reportInput = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.uuid(),
  reason: reportReason,
});
export type ReportInput = z.input<typeof reportInput>;

export const reportReceipt = z.object({ id: z.string(), status: z.enum(REPORT_STATUSES) });
export type ReportReceipt = z.infer<typeof reportReceipt>;

const person = z.object({ id: z.string(), username: z.string() });

/** Where the reported item lives, for a link to it (null for a direct message or deleted content). */
export const reportLocation = z.object({
  forumId: z.string(),
  postId: z.string(),
  replyId: z.string().nullable(),
});

export const adminReport = z.object({
  id: z.string(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  reason: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  reporter: person.nullable(),
  resolvedBy: person.nullable(),
  /** The author of the reported content; null when unknown, gone, or the content is deleted. */
  author: person.nullable(),
  /** A post's title, or a message's subject. */
  title: z.string().nullable(),
  /** Plain text from the start of the content; null when the content no longer exists. */
  excerpt: z.string().nullable(),
  location: reportLocation.nullable(),
  /** Open reports from all members on the same item. */
  openReports: z.number().int(),
});
export type AdminReport = z.infer<typeof adminReport>;

export const reportsQuery = z.object({
  status: z.enum(REPORT_STATUSES).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const reportsResponse = z.object({
  reports: z.array(adminReport),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReportsResponse = z.infer<typeof reportsResponse>;

export const RESOLVE_ACTIONS = ['remove', 'dismiss'] as const;
export const resolveReportInput = z.object({ action: z.enum(RESOLVE_ACTIONS) });
export type ResolveReportInput = z.infer<typeof resolveReportInput>;
export const resolveReportResponse = z.object({
  status: z.enum(REPORT_STATUSES),
  /** Reports closed by this decision (removing content closes every open report on it). */
  resolved: z.number().int(),
});
export type ResolveReportResponse = z.infer<typeof resolveReportResponse>;

export const blockedMember = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedMember = z.infer<typeof blockedMember>;
export const blocksResponse = z.object({ blocks: z.array(blockedMember) });
export type BlocksResponse = z.infer<typeof blocksResponse>;
export const blockState = z.object({ blocked: z.boolean() });
export type BlockState = z.infer<typeof blockState>;
