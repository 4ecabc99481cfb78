import { ScanQrCode } from 'lucide-react';
import { Link } from '../lib/router';
import { useDoorDuties, useIsDoorStaff } from '../lib/door-duties';
import { paths } from '../lib/paths';
import { formatDateTime } from '../lib/site-dates';
import { buttonClasses } from './button';
import { Card } from './card';

// The way to the door screen for door staff and admins: a link on the event page and a short
// list on the dashboard. Nothing shows for other members.

/** "Check-in" on an event's page, for those who may open its door screen. */
export function DoorDutyLink({ eventId }: { eventId: string }) {
  if (!useIsDoorStaff(eventId)) return null;
  return (
    <Link to={paths.eventCheckIn(eventId)} className={buttonClasses('secondary', 'md')}>
      <ScanQrCode aria-hidden="true" />
      Check-in
    </Link>
  );
}

/** The dashboard's "Door duty": the events the member checks people in at, soonest first. */
export function DoorDutyList() {
  const duties = useDoorDuties();
  const events = duties.data?.events ?? [];
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="door-duty-heading">
      <Card>
        <h2 id="door-duty-heading" className="text-lg font-semibold text-fg">
          Door duty
        </h2>
        <ul className="mt-4 space-y-3">
          {events.slice(0, 5).map((event) => (
            <li key={event.id} className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0">
                <span className="block font-medium break-words text-fg">{event.name}</span>
                {/* In the community's time zone, as the dashboard writes its dates: "December 3, 2026 at 6:00 PM". */}
                <time dateTime={event.startTime} className="block text-sm text-fg-muted">
                  {formatDateTime(event.startTime)}
                </time>
              </span>
              <Link
                to={paths.eventCheckIn(event.id)}
                className={buttonClasses('secondary', 'sm')}
                aria-label={`Check-in for ${event.name}`}
              >
                <ScanQrCode aria-hidden="true" />
                Check-in
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
