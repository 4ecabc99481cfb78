import { Link } from '../../lib/router';
import { ArrowRight, CalendarDays, Clock, MapPin, QrCode, Users } from 'lucide-react';
import type { MyEvent } from '../../../shared/events';
import { plural } from '../../../shared/plural';
import { Badge } from '../../components/badge';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { LoadError } from '../../components/load-error';
import { NO_EVENTS, ProfileSection } from '../../components/profile-sections';
import { Skeleton } from '../../components/skeleton';
import { TicketCode } from '../../components/ticket-code';
import { TextLink, textLinkClasses } from '../../components/text-link';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { formatDate, formatTimeRange } from '../../lib/site-dates';
import { useTicket } from '../../lib/ticket';
import { useMyEvents } from './my-events-api';

export const MY_EVENTS_LOAD_ERROR = 'Failed to load your events';

type Label = { label: string; tone: 'success' | 'neutral' | 'danger' };

/** Events to come say the registration; events over say whether the member came. */
function labelOf(event: MyEvent, past: boolean): Label {
  if (past && event.attendance === 'attended') return { label: 'Attended', tone: 'success' };
  if (past && event.attendance === 'missed') return { label: 'Did not check in', tone: 'neutral' };
  if (event.registration === 'attending') return { label: 'Attending', tone: 'success' };
  if (event.registration === 'maybe') return { label: 'Maybe', tone: 'neutral' };
  return { label: 'Waitlisted', tone: past ? 'neutral' : 'danger' };
}

/** The first event to come that the member attends (with a ticket), or none. */
export function nextEventOf(upcoming: MyEvent[] | undefined): MyEvent | undefined {
  return upcoming?.find((event) => event.registration === 'attending');
}

/** The member's own ticket in the card: its QR image and short code, in a box of a fixed size
 * from the first paint, so the card does not grow when the ticket arrives. */
function NextEventTicket({ event }: { event: MyEvent }) {
  const ticket = useTicket(event.id, true, `attending|${event.guests}`);
  const holder = ticket.data?.holders.find((one) => one.kind === 'member');
  return (
    <div className="min-h-40 w-32 shrink-0">
      {holder ? (
        <TicketCode holder={holder} size={128} />
      ) : (
        !ticket.isError && (
          <div role="status">
            <span className="sr-only">Loading your ticket</span>
            <Skeleton className="size-32" />
          </div>
        )
      )}
    </div>
  );
}

/**
 * "Your next event": the soonest event the member attends, with when, where and their ticket
 * (the ticket screen, features/ticket, shows the codes full screen). Nothing without one.
 */
export function NextEventCard() {
  const mine = useMyEvents();
  const next = nextEventOf(mine.data?.upcoming);
  if (!next) return null;
  const row = 'flex items-start gap-2.5 [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-link';
  return (
    <section aria-labelledby="next-event-heading">
      <Card className="border-l-4 border-l-link">
        <div className="flex flex-col gap-5 sm:flex-row sm:justify-between">
          <div className="min-w-0 space-y-4">
            <div className="min-w-0 space-y-2">
              <div className="flex flex-wrap items-center gap-2">
                <h2 id="next-event-heading" className="text-sm font-semibold tracking-wide text-fg-muted uppercase">
                  Your next event
                </h2>
                {next.status === 'ongoing' && <Badge tone="success">Happening now</Badge>}
              </div>
              <p className="text-xl font-semibold break-words text-fg">
                <Link to={paths.event(next.id)} className={cn(textLinkClasses, 'text-fg')}>
                  {next.name}
                </Link>
              </p>
              <ul className="space-y-1 text-sm text-fg">
                <li className={row}>
                  <CalendarDays aria-hidden="true" />
                  <time dateTime={next.startTime}>{formatDate(next.startTime)}</time>
                </li>
                <li className={row}>
                  <Clock aria-hidden="true" />
                  <span>{formatTimeRange(next.startTime, next.endTime)}</span>
                </li>
                {next.location && (
                  <li className={row}>
                    <MapPin aria-hidden="true" />
                    <span className="break-words">{next.location}</span>
                  </li>
                )}
                {next.guests > 0 && (
                  <li className={row}>
                    <Users aria-hidden="true" />
                    <span>You and {plural(next.guests, 'guest', 'guests')}</span>
                  </li>
                )}
              </ul>
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              <ButtonLink to={paths.eventTicket(next.id)}>
                <QrCode aria-hidden="true" />
                {next.guests > 0 ? 'Show tickets' : 'Show ticket'}
              </ButtonLink>
              <ButtonLink to={paths.event(next.id)} variant="secondary">
                Event details
              </ButtonLink>
            </div>
          </div>
          <NextEventTicket event={next} />
        </div>
      </Card>
    </section>
  );
}

function EventRows({ events, past }: { events: MyEvent[]; past: boolean }) {
  return (
    <ul className="divide-y divide-line">
      {events.map((event) => {
        const { label, tone } = labelOf(event, past);
        return (
          <li
            key={event.id}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0"
          >
            <div className="min-w-0">
              <Link to={paths.event(event.id)} className={cn(textLinkClasses, 'break-words')}>
                {event.name}
              </Link>
              <p className="text-sm text-fg-muted">
                <time dateTime={event.startTime}>{formatDate(event.startTime)}</time>
                {event.guests > 0 && ` · ${plural(event.guests, 'guest', 'guests')}`}
              </p>
            </div>
            <Badge tone={tone}>{label}</Badge>
          </li>
        );
      })}
    </ul>
  );
}

/** The dashboard's Event History: events to come, then those over, each under its own heading. */
export function EventHistory() {
  const mine = useMyEvents();
  const data = mine.data;
  let body;
  if (!data) {
    body = mine.isError ? (
      <LoadError title={MY_EVENTS_LOAD_ERROR} query={mine} />
    ) : (
      <div role="status" className="space-y-3">
        <span className="sr-only">Loading your events</span>
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-5 w-1/2" />
      </div>
    );
  } else if (data.upcoming.length + data.past.length === 0) {
    body = <p className="text-sm text-fg-muted">{NO_EVENTS}</p>;
  } else {
    const subheading = 'mb-3 text-sm font-semibold tracking-wide text-fg-muted uppercase';
    body = (
      <div className="space-y-6">
        {data.upcoming.length > 0 && (
          <section aria-labelledby="events-upcoming-heading">
            <h3 id="events-upcoming-heading" className={subheading}>
              Upcoming
            </h3>
            <EventRows events={data.upcoming} past={false} />
          </section>
        )}
        {data.past.length > 0 && (
          <section aria-labelledby="events-past-heading">
            <h3 id="events-past-heading" className={subheading}>
              Past
            </h3>
            <EventRows events={data.past} past />
          </section>
        )}
      </div>
    );
  }
  return (
    <ProfileSection
      id="events-heading"
      title="Event History"
      action={
        <TextLink to={paths.events} className="inline-flex items-center gap-1 text-sm">
          Browse events
          <ArrowRight className="size-4" aria-hidden="true" />
        </TextLink>
      }
    >
      {body}
    </ProfileSection>
  );
}
