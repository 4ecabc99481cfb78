import { Link } from '../../lib/router';
import {
  ATTENDEES_PER_GROUP,
  ATTENDEE_GROUP_LABELS,
  ATTENDEE_STATUSES,
  type AttendeeStatus,
} from '../../../shared/event-texts';
import type { Attendee } from '../../../shared/events';
import { plural } from '../../../shared/plural';
import { Avatar } from '../../components/avatar';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Alert } from '../../components/alert';
import { Spinner } from '../../components/spinner';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { useEventAttendees } from './api';

/** Attending, maybe, and the waitlist (the third status, shown in red). */
export const STATUS_BADGE_TONES = { attending: 'success', maybe: 'neutral', waitlisted: 'danger' } as const;

const registeredPeople = (n: number) => plural(n, 'registered person', 'registered people');

type Counts = Record<AttendeeStatus, number>;

function groupsOf(attendees: Attendee[], counts?: Counts) {
  return ATTENDEE_STATUSES.map((status) => {
    const members = attendees.filter((a) => a.status === status);
    return { status, members, count: counts ? counts[status] : members.length };
  }).filter((group) => group.count > 0);
}

function Person({ attendee, highlight }: { attendee: Attendee; highlight: boolean }) {
  const { user } = attendee;
  const name = user.fullName || user.username;
  return (
    <Link
      to={paths.profile(user.username)}
      className={cn(
        'flex min-w-0 items-center gap-3 rounded-lg p-2 transition-colors hover:bg-surface-2',
        highlight && 'bg-info-soft',
      )}
    >
      <Avatar name={name} src={user.avatarUrl} size="sm" />
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-fg">
          {name}
          {highlight && <span className="text-fg-muted"> (you)</span>}
        </span>
        <span className="block truncate text-xs text-fg-muted">@{user.username}</span>
      </span>
    </Link>
  );
}

function GroupHeading({ status, count, as: Heading }: { status: AttendeeStatus; count: number; as: 'h3' | 'h4' }) {
  return (
    <Heading
      className={cn(
        'flex items-center gap-2 text-sm font-semibold',
        status === 'waitlisted' ? 'text-danger-text' : 'text-fg',
      )}
    >
      {ATTENDEE_GROUP_LABELS[status]}
      <Badge tone={STATUS_BADGE_TONES[status]}>{count}</Badge>
    </Heading>
  );
}

/** Grouped by status with counts, the first 8 of each; "View All" loads and lists everyone. */
export function EventAttendees({
  eventId,
  attendees,
  counts,
  viewerId,
}: {
  eventId: string;
  /** The first ATTENDEES_PER_GROUP of each status, as the event page delivers them. */
  attendees: Attendee[];
  counts: Counts;
  viewerId: string | null;
}) {
  const groups = groupsOf(attendees, counts);
  const total = counts.attending + counts.maybe + counts.waitlisted;
  if (groups.length === 0) {
    return <p className="text-sm text-fg-muted">No one has registered yet. Be the first!</p>;
  }
  return (
    <div className="space-y-6">
      {groups.map(({ status, members, count }) => (
        <div
          key={status}
          className={cn(
            'rounded-xl border bg-surface p-4 shadow-sm',
            status === 'waitlisted' ? 'border-danger/40' : 'border-line',
          )}
        >
          <GroupHeading status={status} count={count} as="h3" />
          <ul className="mt-3 grid gap-1 sm:grid-cols-2 lg:grid-cols-4">
            {members.slice(0, ATTENDEES_PER_GROUP).map((attendee) => (
              <li key={attendee.id} className="min-w-0">
                <Person attendee={attendee} highlight={attendee.user.id === viewerId} />
              </li>
            ))}
          </ul>
          {count > ATTENDEES_PER_GROUP && (
            <p className="mt-2 text-xs text-fg-muted">and {count - ATTENDEES_PER_GROUP} more</p>
          )}
        </div>
      ))}
      <Dialog
        title="All Attendees"
        description={registeredPeople(total)}
        trigger={<Button variant="secondary">View All</Button>}
      >
        <AllAttendees eventId={eventId} viewerId={viewerId} />
      </Dialog>
    </div>
  );
}

/** Mounted only while the dialog is open, so the full list is fetched only when asked for. */
function AllAttendees({ eventId, viewerId }: { eventId: string; viewerId: string | null }) {
  const { data, isPending, isError } = useEventAttendees(eventId);
  if (isPending) return <Spinner label="Loading attendees" />;
  if (isError) return <Alert tone="error">Failed to load event details</Alert>;
  return (
    <div className="space-y-6">
      {groupsOf(data.attendees).map(({ status, members }) => (
        <section key={status} aria-label={ATTENDEE_GROUP_LABELS[status]}>
          <GroupHeading status={status} count={members.length} as="h3" />
          <ul className="mt-2 space-y-1">
            {members.map((attendee) => (
              <li key={attendee.id}>
                <Person attendee={attendee} highlight={attendee.user.id === viewerId} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
