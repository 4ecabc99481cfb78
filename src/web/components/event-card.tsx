import { CalendarDays, Clock, MapPin, Repeat, Users } from 'lucide-react';
import { Link } from '../lib/router';
import type { EventCard as EventCardData } from '../../shared/events';
import { SERIES_TEXTS_UI } from '../../shared/series-texts';
import { STATUS_LABELS, STATUS_TONES } from '../lib/event-status';
import { paths } from '../lib/paths';
import { plural } from '../../shared/plural';
import { responsiveImage } from '../lib/responsive-image';
import { formatLongDate, formatTimeRange } from '../lib/site-dates';
import { useSignInFirst } from '../lib/use-sign-in-first';
import { Badge } from './badge';
import { Button, ButtonLink } from './button';
import { Skeleton } from './skeleton';

/** A card's width in the three-column grid (lg), two columns (sm) or alone on a phone. */
export const CARD_SIZES = '(min-width: 1024px) 352px, (min-width: 640px) 50vw, calc(100vw - 2rem)';

const meta = 'flex items-start gap-2 text-sm text-fg-muted [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0';

/** An event in a grid: image, status, name, date and time, place, attendee count, summary, action. */
export function EventCard({
  event,
  headingLevel: Heading = 'h3',
  priority = false,
}: {
  event: EventCardData;
  headingLevel?: 'h2' | 'h3';
  /** Above the fold: load at once and ahead of other pictures. */
  priority?: boolean;
}) {
  const signInFirst = useSignInFirst();
  const to = paths.event(event.id);

  return (
    <article className="relative flex flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-sm transition-shadow hover:shadow-md">
      <div className="aspect-video bg-surface-2">
        {event.imageUrl ? (
          <img
            {...responsiveImage(event.imageUrl)}
            sizes={CARD_SIZES}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex size-full items-center justify-center bg-gradient-to-br from-indigo-500/25 via-surface-2 to-sky-500/20 text-fg-muted"
          >
            <CalendarDays className="size-10" />
          </div>
        )}
      </div>

      <div className="flex flex-1 flex-col gap-3 p-5">
        <p className="flex flex-wrap items-center gap-2 text-xs font-medium text-fg-muted">
          {event.cancelled ? (
            <Badge tone="danger">{SERIES_TEXTS_UI.cancelled}</Badge>
          ) : (
            <Badge tone={STATUS_TONES[event.status]}>{STATUS_LABELS[event.status]}</Badge>
          )}
          {event.category}
        </p>
        <Heading className="text-lg leading-snug font-semibold text-fg">
          {/* The whole card is clickable through this link's overlay; the action button sits above it. */}
          <Link to={to} className="rounded-sm after:absolute after:inset-0 after:content-[''] hover:text-link">
            {event.name}
          </Link>
        </Heading>
        {/* A date of a series: the list shows its next date once, so say it repeats (issue 33). */}
        {event.series && (
          <p className="flex items-center gap-1.5 text-xs font-medium text-link">
            <Repeat className="size-3.5 shrink-0" aria-hidden="true" />
            <span>
              <span className="sr-only">{SERIES_TEXTS_UI.partOfSeries}: </span>
              {event.series.schedule}
            </span>
          </p>
        )}
        <ul className="space-y-1.5">
          <li className={meta}>
            <CalendarDays aria-hidden="true" />
            <span>{formatLongDate(event.startTime)}</span>
          </li>
          <li className={meta}>
            <Clock aria-hidden="true" />
            <span>{formatTimeRange(event.startTime, event.endTime)}</span>
          </li>
          {event.location && (
            <li className={meta}>
              <MapPin aria-hidden="true" />
              <span>{event.location}</span>
            </li>
          )}
          <li className={meta}>
            <Users aria-hidden="true" />
            <span>{plural(event.attendeeCount, 'attendee', 'attendees')}</span>
          </li>
        </ul>
        {event.summary && <p className="line-clamp-3 text-sm text-fg-muted">{event.summary}</p>}

        {event.status !== 'ongoing' && !event.cancelled && (
          <div className="relative z-10 mt-auto pt-2">
            {event.status === 'upcoming' ? (
              <ButtonLink
                to={to}
                className="w-full"
                onClick={(click) => {
                  if (signInFirst(to)) click.preventDefault();
                }}
              >
                Register Now<span className="sr-only">: {event.name}</span>
              </ButtonLink>
            ) : (
              <Button variant="secondary" disabled className="w-full">
                Registration Closed
              </Button>
            )}
          </div>
        )}
      </div>
    </article>
  );
}

export function EventCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
      <Skeleton className="aspect-video rounded-none" />
      <div className="space-y-3 p-5">
        <Skeleton className="h-5 w-24 rounded-full" />
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-3/5" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    </div>
  );
}
