import { useState } from 'react';
import { Link, useParams } from '../../lib/router';
import { ArrowLeft, CalendarDays, CalendarPlus, Clock, Images, MapPin, PlayCircle, Repeat, Users } from 'lucide-react';
import type { SeriesDate } from '../../../shared/series';
import { SERIES_NOT_FOUND, SERIES_TEXTS_UI, SERIES_UI_MESSAGES } from '../../../shared/series-texts';
import { plural } from '../../../shared/plural';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button, ButtonLink, buttonClasses } from '../../components/button';
import { LoadError } from '../../components/load-error';
import { NotFound } from '../../components/not-found';
import { Skeleton } from '../../components/skeleton';
import { textLinkClasses } from '../../components/text-link';
import { ApiRequestError } from '../../lib/api';
import { withServerReason } from '../../lib/form';
import { paths } from '../../lib/paths';
import { rememberRedirect } from '../../lib/redirect-after-login';
import { useMe } from '../../lib/session';
import { formatLongDate, formatTimeRange } from '../../lib/site-dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { seriesCalendarPath, useSeries, useSeriesRegistration } from './api';

// /series/:id (issue 33): the schedule in words, the dates to come (each with its own page and
// Register Now), past dates with their recaps and galleries, a calendar feed of the series, and
// "Register for every date" for members.

const page = 'mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12';
const sectionHeading = 'text-2xl font-semibold tracking-tight text-fg';
const meta = 'flex items-start gap-2 text-sm text-fg-muted [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0';

function BackLink() {
  return (
    <Link
      to={paths.events}
      className="inline-flex min-h-6 items-center gap-1.5 rounded-md text-sm font-medium text-fg-muted hover:text-fg"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Events
    </Link>
  );
}

export function SeriesPage() {
  const { seriesId = '' } = useParams();
  const query = useSeries(seriesId);
  const notFound = query.error instanceof ApiRequestError && query.error.status === 404;
  useDocumentTitle(query.data?.series.name ?? (notFound ? SERIES_NOT_FOUND : 'Event series'));

  if (notFound) {
    return (
      <NotFound title={SERIES_NOT_FOUND} text={SERIES_UI_MESSAGES.notFoundText}>
        <ButtonLink to={paths.events}>
          <ArrowLeft aria-hidden="true" />
          Back to Events
        </ButtonLink>
      </NotFound>
    );
  }
  if (query.isError) {
    return (
      <div className={page}>
        <BackLink />
        <h1 className="mt-6 text-3xl font-semibold tracking-tight text-fg">Event series</h1>
        <LoadError title={SERIES_UI_MESSAGES.loadFailed} query={query} className="mt-6" retryLabel="Try again" />
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className={page} role="status">
        <span className="sr-only">Loading the series</span>
        <Skeleton className="h-5 w-32" />
        <Skeleton className="mt-6 h-10 w-3/4" />
        <Skeleton className="mt-4 h-5 w-1/2" />
        <Skeleton className="mt-10 h-24 w-full" />
        <Skeleton className="mt-4 h-24 w-full" />
      </div>
    );
  }

  const { series, joined } = query.data;
  return (
    <div className={page}>
      <BackLink />
      <h1 className="mt-6 text-3xl font-semibold tracking-tight text-balance text-fg sm:text-4xl">{series.name}</h1>
      <p className="mt-3 flex items-center gap-2 text-lg font-medium text-fg">
        <Repeat className="size-5 shrink-0 text-link" aria-hidden="true" />
        {series.schedule}
      </p>
      {series.summary && <p className="mt-3 text-lg text-fg-muted">{series.summary}</p>}
      {series.location && (
        <p className={`mt-3 ${meta} text-base`}>
          <MapPin aria-hidden="true" />
          {series.location}
        </p>
      )}
      {series.ended && <Alert className="mt-6" title={SERIES_UI_MESSAGES.ended} />}

      <div className="mt-8 flex flex-wrap items-start gap-4">
        {!series.ended && <SeriesRegistration seriesId={series.id} joined={joined} />}
        <a href={seriesCalendarPath(series.id)} download className={buttonClasses('secondary')}>
          <CalendarPlus aria-hidden="true" />
          {SERIES_TEXTS_UI.subscribe}
          <span className="sr-only"> to the calendar of {series.name}</span>
        </a>
      </div>

      <section aria-labelledby="series-upcoming" className="mt-12 border-t border-line pt-10">
        <h2 id="series-upcoming" className={sectionHeading}>
          {SERIES_TEXTS_UI.upcomingDates}
        </h2>
        {series.upcoming.length > 0 ? (
          <ul className="mt-6 space-y-4">
            {series.upcoming.map((date) => (
              <DateRow key={date.id} date={date} />
            ))}
          </ul>
        ) : (
          <p className="mt-6 text-fg-muted">{SERIES_UI_MESSAGES.noUpcoming}</p>
        )}
      </section>

      <section aria-labelledby="series-past" className="mt-12 border-t border-line pt-10">
        <h2 id="series-past" className={sectionHeading}>
          {SERIES_TEXTS_UI.pastDates}
        </h2>
        {series.past.length > 0 ? (
          <ul className="mt-6 space-y-4">
            {series.past.map((date) => (
              <DateRow key={date.id} date={date} past />
            ))}
          </ul>
        ) : (
          <p className="mt-6 text-fg-muted">{SERIES_UI_MESSAGES.noPast}</p>
        )}
      </section>
    </div>
  );
}

/** One date: when, where, how many come; its page (Register Now there), or its recap and gallery. */
function DateRow({ date, past = false }: { date: SeriesDate; past?: boolean }) {
  const to = paths.event(date.id);
  const day = formatLongDate(date.startTime);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1.5">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold text-fg">
          <Link to={to} className={textLinkClasses}>
            {day}
          </Link>
          {date.cancelled && <Badge tone="danger">{SERIES_TEXTS_UI.cancelled}</Badge>}
        </h3>
        <ul className="flex flex-wrap gap-x-5 gap-y-1">
          <li className={meta}>
            <Clock aria-hidden="true" />
            <span>{formatTimeRange(date.startTime, date.endTime)}</span>
          </li>
          {date.location && (
            <li className={meta}>
              <MapPin aria-hidden="true" />
              <span>{date.location}</span>
            </li>
          )}
          {!date.cancelled && (
            <li className={meta}>
              <Users aria-hidden="true" />
              <span>
                {plural(date.attendeeCount, 'attendee', 'attendees')}
                {date.maxAttendees != null && ` (max ${date.maxAttendees})`}
              </span>
            </li>
          )}
        </ul>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {past ? (
          <>
            {date.hasRecap && (
              <ButtonLink to={`${to}#event-recap`} variant="secondary" size="sm">
                <PlayCircle aria-hidden="true" />
                {SERIES_UI_MESSAGES.recap}
                <span className="sr-only">: {day}</span>
              </ButtonLink>
            )}
            {date.galleryCount > 0 && (
              <ButtonLink to={`${to}#event-gallery`} variant="secondary" size="sm">
                <Images aria-hidden="true" />
                {SERIES_UI_MESSAGES.gallery} ({date.galleryCount})<span className="sr-only">: {day}</span>
              </ButtonLink>
            )}
          </>
        ) : date.cancelled ? null : date.status === 'upcoming' ? (
          <ButtonLink to={to} size="sm">
            <CalendarDays aria-hidden="true" />
            Register Now<span className="sr-only">: {day}</span>
          </ButtonLink>
        ) : null}
      </div>
    </li>
  );
}

/** "Register for every date" or "Leave the series" for a member; a sign-in link for a visitor. */
function SeriesRegistration({ seriesId, joined }: { seriesId: string; joined: boolean | null }) {
  const { me } = useMe();
  const change = useSeriesRegistration(seriesId);
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  if (!me || joined === null) {
    return (
      <ButtonLink to={paths.login} onClick={() => rememberRedirect(paths.series(seriesId))}>
        {SERIES_UI_MESSAGES.signInToJoin}
      </ButtonLink>
    );
  }

  async function toggle() {
    setStatus(null);
    try {
      const result = await change.mutateAsync(!joined);
      setStatus({
        tone: 'success',
        text: result.joined
          ? SERIES_UI_MESSAGES.joinedStatus(result.attending, result.waitlisted)
          : SERIES_UI_MESSAGES.leftStatus(result.left),
      });
    } catch (error) {
      setStatus({
        tone: 'error',
        text: withServerReason(joined ? SERIES_UI_MESSAGES.leaveFailed : SERIES_UI_MESSAGES.joinFailed, error),
      });
    }
  }

  return (
    <div className="max-w-xl space-y-3">
      <p className="text-sm text-fg-muted">{joined ? SERIES_UI_MESSAGES.joined : SERIES_UI_MESSAGES.notJoined}</p>
      {/* One button whose words change: focus stays on it after the change. */}
      <Button variant={joined ? 'secondary' : 'primary'} loading={change.isPending} onClick={() => void toggle()}>
        {joined ? SERIES_TEXTS_UI.leaveSeries : SERIES_TEXTS_UI.registerEvery}
      </Button>
      <div role="status">
        {status && (
          <p
            className={
              status.tone === 'error' ? 'text-sm font-medium text-danger-text' : 'text-sm font-medium text-success-text'
            }
          >
            {status.text}
          </p>
        )}
      </div>
    </div>
  );
}
