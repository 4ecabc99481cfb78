import { STATUS_WORDS, type AdminAnnouncement, type AnnouncementStatus } from '../../../shared/announcements';
import { Badge } from '../../components/badge';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/site-dates';

// What the Announcements tab and an announcement's page both show: its status, when, and how
// far its sending has come.

const STATUS_TONE: Record<AnnouncementStatus, 'neutral' | 'brand' | 'success' | 'danger'> = {
  draft: 'neutral',
  scheduled: 'brand',
  sending: 'brand',
  sent: 'success',
  cancelled: 'neutral',
};

export function StatusBadge({ status }: { status: AnnouncementStatus }) {
  return <Badge tone={STATUS_TONE[status]}>{STATUS_WORDS[status]}</Badge>;
}

/** "Goes out May 16, 2026 at 6:00 PM", on the community's clock. */
export function whenWords(a: Pick<AdminAnnouncement, 'status' | 'sendAt' | 'startedAt' | 'finishedAt' | 'updatedAt'>) {
  const at = (iso: string | null) => formatDateTime(iso ?? a.updatedAt);
  switch (a.status) {
    case 'draft':
      return `Saved ${at(a.updatedAt)}`;
    case 'scheduled':
      return `Goes out ${at(a.sendAt)}`;
    case 'sending':
      return `Started ${at(a.startedAt ?? a.sendAt)}`;
    case 'sent':
      return `Sent ${at(a.finishedAt ?? a.startedAt)}`;
    case 'cancelled':
      return `Cancelled ${at(a.updatedAt)}`;
  }
}

/** "40 of 120 sent, 2 failed, 1 unsubscribed"; while the recipients are still being listed, the
 * count so far. */
export function progressWords({ progress: p, listing }: Pick<AdminAnnouncement, 'progress' | 'listing'>) {
  if (listing)
    return `Listing recipients: ${p.recipients.toLocaleString('en-US')} so far, ${p.sent.toLocaleString('en-US')} sent`;
  return `${p.sent.toLocaleString('en-US')} of ${p.recipients.toLocaleString('en-US')} sent, ${p.failed.toLocaleString('en-US')} failed, ${p.unsubscribed.toLocaleString('en-US')} unsubscribed`;
}

/** The mails dealt with (sent or failed) out of all, as a bar while sending: named by `label`.
 * Without a value (the browser's busy bar) while the recipients are still being listed. */
export function ProgressBar({
  announcement,
  label,
  className,
}: {
  announcement: Pick<AdminAnnouncement, 'progress' | 'listing'>;
  label: string;
  className?: string;
}) {
  const { recipients, queued } = announcement.progress;
  return (
    <progress
      aria-label={label}
      max={Math.max(recipients, 1)}
      value={announcement.listing ? undefined : Math.max(recipients - queued, 0)}
      // The bar in the brand's colour, as the browser draws it.
      className={cn('h-3 w-full accent-brand', className)}
    />
  );
}
