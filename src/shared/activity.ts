import { z } from 'zod';

// The admin's Activity tab: the audit log of admin writes, newest first.

export const ACTIVITY_PAGE_SIZE = 25;

export const activityQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const activityEntry = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  action: z.string(),
  method: z.string(),
  path: z.string(),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })).nullable(),
  eventName: z.string().nullable().describe('The event the write was about, when its path names one that still exists'),
  createdAt: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

export const activityResponse = z.object({
  entries: z.array(activityEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ActivityResponse = z.infer<typeof activityResponse>;

/** What each admin write did, in words (keyed by the route's operation id); others fall back to
 * the operation id read as words. */
export const ACTIVITY_ACTIONS: Record<string, string> = {
  postAdminEvents: 'Created event',
  putAdminEventsById: 'Updated event',
  deleteAdminEventsById: 'Deleted event',
  postAdminEventsByIdEmail: 'E-mailed the attendees of',
  postAdminEventsByIdGallery: 'Added gallery images to',
  deleteAdminEventsByIdGallery: 'Removed a gallery image from',
  postAdminEventImages: 'Uploaded an event image',
  deleteAdminEventImages: 'Removed an event image',
  postAdminUsers: 'Created user',
  putAdminUsersById: 'Updated user',
  patchAdminUsersByIdFlags: 'Changed the flags of',
  postAdminUsersByIdAvatar: 'Replaced the avatar of',
  deleteAdminUsersByIdAvatar: 'Removed the avatar of',
  deleteAdminUsersById: 'Deleted user',
  postAdminOutboxByIdRetry: 'Retried the delivery of',
  postAdminReportsByIdResolve: 'Resolved a report',
  postForums: 'Created forum',
  patchForumsByForumId: 'Updated forum',
  deleteForumsByForumId: 'Deleted forum',
  deleteForumsByForumIdPostsByPostId: 'Deleted post',
  deleteForumsByForumIdPostsByPostIdRepliesByReplyId: 'Deleted reply',
  postPodcasts: 'Created podcast',
  putPodcastsById: 'Updated podcast',
  deletePodcastsById: 'Deleted podcast',
  postPodcastsByIdThumbnail: 'Uploaded the thumbnail of',
  deletePodcastsByIdThumbnail: 'Removed the thumbnail of',
  postSponsors: 'Created sponsor',
  putSponsorsById: 'Updated sponsor',
  deleteSponsorsById: 'Deleted sponsor',
  postSponsorsByIdLogo: 'Uploaded the logo of',
  deleteSponsorsByIdLogo: 'Removed the logo of',
  postEventsByIdCheckIns: 'Checked in',
  deleteEventsByIdCheckInsByCheckInId: 'Undid the check-in of',
  putAdminEventsByIdDoorStaff: 'Set the door staff of',
  postAdminInvitations: 'Sent invitations',
  postAdminInvitationsByIdRevoke: 'Revoked the invitation of',
  postAdminInvitationsByIdResend: 'Sent again the invitation of',
};

type Admission = { name?: unknown; kind?: unknown; device?: unknown };
const admissionOf = (value: unknown): Admission | null =>
  value && typeof value === 'object' ? (value as Admission) : null;

/** A door admission or its undo in words: who (a guest with the member who brought them) and at
 * which event. Null for any other write. */
export function checkInActivityText(entry: Pick<ActivityEntry, 'action' | 'targetLabel' | 'changes' | 'eventName'>) {
  const verb =
    entry.action === 'postEventsByIdCheckIns'
      ? 'Checked in'
      : entry.action === 'deleteEventsByIdCheckInsByCheckInId'
        ? 'Undid the check-in of'
        : null;
  if (!verb) return null;
  const change = entry.changes?.checkedIn;
  const who = admissionOf(change?.after) ?? admissionOf(change?.before);
  const name = typeof who?.name === 'string' ? who.name : (entry.targetLabel ?? 'someone');
  const host = who?.kind === 'guest' && entry.targetLabel ? ` (guest of ${entry.targetLabel})` : '';
  const at = entry.eventName ? ` at ${entry.eventName}` : '';
  const device = typeof who?.device === 'string' ? ` (device: ${who.device})` : '';
  return `${verb} ${name}${host}${at}${device}`;
}
