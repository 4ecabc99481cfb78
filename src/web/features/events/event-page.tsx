import { lazy, Suspense, useDeferredValue, useState, type ComponentType, type ReactNode } from 'react';
import { Link, useParams } from '../../lib/router';
import { ArrowLeft, CalendarDays, CalendarPlus, Clock, MapPin, Repeat, Tag, Users } from 'lucide-react';
import { DESCRIPTION_COLLAPSE_AT, EVENT_NOT_FOUND, EVENT_NOT_FOUND_TEXT } from '../../../shared/event-texts';
import type { EventDetailResponse, MyRegistration } from '../../../shared/events';
import { SERIES_TEXTS_UI, SERIES_UI_MESSAGES } from '../../../shared/series-texts';
import { Alert } from '../../components/alert';
import { youtubeId, vimeoId } from '../../../shared/video-links';
import { Badge } from '../../components/badge';
import { ButtonLink, buttonClasses } from '../../components/button';
import { textLinkClasses } from '../../components/text-link';
import { ClickToPlay } from '../../components/click-to-play';
import { DoorDutyLink } from '../../components/door-duty';
import { NotFound } from '../../components/not-found';
import { Skeleton } from '../../components/skeleton';
import { LoadError } from '../../components/load-error';
import { ApiRequestError } from '../../lib/api';
import { STATUS_LABELS, STATUS_TONES } from '../../lib/event-status';
import { paths } from '../../lib/paths';
import { plural } from '../../../shared/plural';
import { responsiveImage } from '../../lib/responsive-image';
import { useMe } from '../../lib/session';
import { formatLongDate, formatTimeRange } from '../../lib/site-dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { calendarPath, useEventDetail } from './api';
import { EventAttendees } from './event-attendees';
import { EventGallery } from './event-gallery';
import { EventSponsors } from './event-sponsors';
import type { GuestModalMode } from './guest-modal';
import { RegistrationPanel } from './registration-panel';

// The guest form (with its validation library and dialog) loads when a registration may need
// it, not with the page.
const loadGuestModal = () => import('./guest-modal');
const GuestModal = lazy(() => loadGuestModal().then((m) => ({ default: m.GuestModal })));

const page = 'mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12';
const sectionHeading = 'text-2xl font-semibold tracking-tight text-fg';

/**
 * The event's HTML content arrives sanitised by the server (platform/html.ts); it is styled
 * here since there is no typography plugin.
 */
const prose = [
  'max-w-3xl text-fg-muted leading-relaxed',
  '[&_h1]:mt-8 [&_h1]:text-2xl [&_h1]:font-semibold [&_h1]:text-fg',
  '[&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-fg',
  '[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-fg',
  '[&_h4]:mt-4 [&_h4]:font-semibold [&_h4]:text-fg',
  '[&>:first-child]:mt-0 [&_p]:mt-3 [&_strong]:font-semibold [&_strong]:text-fg',
  '[&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1',
  '[&_a]:font-medium [&_a]:text-link [&_a]:underline [&_a]:underline-offset-4',
  '[&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_img]:mt-4 [&_img]:rounded-lg [&_hr]:my-6 [&_hr]:border-line',
].join(' ');

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-t border-line pt-10">
      <h2 id={id} className={sectionHeading}>
        {title}
      </h2>
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** What the route puts beside the registration panel (the member's ticket, features/ticket). */
/** `version` changes with the registration (status, guests), so the ticket follows it. */
export type TicketSlot = ComponentType<{ eventId: string; attending: boolean; version: string }>;
/** A section for a member registered (attending or maybe): People to meet, features/people-to-meet. */
export type PeopleSlot = ComponentType<{ eventId: string; registered: boolean }>;
/** The rating box of an ended event (features/feedback), loaded by the route only when shown. */
export type FeedbackSlot = ComponentType<{ eventId: string; endTime: string }>;

export function EventPage({
  ticket,
  people,
  feedback,
}: {
  ticket?: TicketSlot;
  people?: PeopleSlot;
  feedback?: FeedbackSlot;
}) {
  const { eventId = '' } = useParams();
  const detail = useEventDetail(eventId);
  const notFound = detail.error instanceof ApiRequestError && detail.error.status === 404;
  // The page renders at transition priority, in slices the browser can interrupt (see
  // events-page.tsx).
  const data = useDeferredValue(detail.data);
  useDocumentTitle(detail.data?.event.name ?? (notFound ? EVENT_NOT_FOUND : 'Event'));

  if (notFound) {
    return (
      <NotFound title={EVENT_NOT_FOUND} text={EVENT_NOT_FOUND_TEXT}>
        <ButtonLink to={paths.events}>
          <ArrowLeft aria-hidden="true" />
          Back to Events
        </ButtonLink>
      </NotFound>
    );
  }

  if (detail.isError) {
    return (
      <div className={page}>
        <BackLink />
        <h1 className="mt-6 text-3xl font-semibold tracking-tight text-fg">Event</h1>
        <LoadError title="Failed to load event details" query={detail} className="mt-6" retryLabel="Try again" />
      </div>
    );
  }

  if (!data) return <EventSkeleton />;
  return <EventView key={data.event.id} {...data} Ticket={ticket} People={people} Feedback={feedback} />;
}

function BackLink() {
  return (
    <Link
      to={paths.events}
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-fg-muted hover:text-fg"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Events
    </Link>
  );
}

function EventSkeleton() {
  return (
    <div className={page} role="status">
      <span className="sr-only">Loading event</span>
      <Skeleton className="h-5 w-32" />
      <div className="mt-6 grid gap-10 lg:grid-cols-[1.2fr_1fr]">
        <div className="space-y-4">
          <Skeleton className="h-6 w-24 rounded-full" />
          <Skeleton className="h-10 w-4/5" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-12 w-64" />
        </div>
        <Skeleton className="aspect-video w-full rounded-2xl" />
      </div>
    </div>
  );
}

/** The description's first 120 characters, cut back to the last whole word. */
function collapsed(text: string): string {
  const head = text.slice(0, DESCRIPTION_COLLAPSE_AT + 1);
  const lastSpace = head.search(/\s\S*$/);
  const cut = /\s/.test(text[DESCRIPTION_COLLAPSE_AT] ?? ' ') ? DESCRIPTION_COLLAPSE_AT : lastSpace;
  return text.slice(0, cut > 0 ? cut : DESCRIPTION_COLLAPSE_AT).replace(/[\s,;:.!?–-]+$/, '');
}

/** Content that opens with its own "About this event" heading would repeat the section's. */
function withoutRepeatedTitle(html: string): string {
  return html.replace(/^\s*<h[1-6][^>]*>\s*about this event\s*<\/h[1-6]>/i, '');
}

function Description({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const long = text.length > DESCRIPTION_COLLAPSE_AT;
  const shown = long && !expanded ? `${collapsed(text)}…` : text;
  return (
    <div className="mt-4">
      <p id="event-description" className="whitespace-pre-line text-fg">
        {shown}
      </p>
      {long && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls="event-description"
          onClick={() => setExpanded(!expanded)}
          className="mt-1 rounded-sm text-sm font-medium text-link underline-offset-4 hover:underline"
        >
          {expanded ? 'Show Less' : 'Show More'}
        </button>
      )}
    </div>
  );
}

function recapEmbed(url: string | null): string | null {
  const youtube = youtubeId(url);
  if (youtube) return `https://www.youtube-nocookie.com/embed/${youtube}`;
  const vimeo = vimeoId(url);
  return vimeo ? `https://player.vimeo.com/video/${vimeo}` : null;
}

function EventView({
  event,
  registration,
  Ticket,
  People,
  Feedback,
}: EventDetailResponse & { Ticket?: TicketSlot; People?: PeopleSlot; Feedback?: FeedbackSlot }) {
  const { me } = useMe();
  // Only a member on an ended date is asked how it was: nobody else loads the box or asks the server.
  const [now] = useState(Date.now);
  const askFeedback = !!me && !event.cancelled && Date.parse(event.endTime) <= now;
  // Which guest dialog is open: the spec's right after registering, or "Add guests" later.
  const [guestDialog, setGuestDialog] = useState<GuestModalMode | null>(null);
  // The registration just made, until the page's refresh brings it (the dialog opens before).
  const [registered, setRegistered] = useState<MyRegistration | null>(null);
  const attending = registration?.status === 'attending' ? registration : registered;
  const recap = recapEmbed(event.recapVideoUrl);
  const detailRow = 'flex items-start gap-3 [&_svg]:mt-0.5 [&_svg]:size-5 [&_svg]:shrink-0 [&_svg]:text-link';
  const seatsLeft = event.maxAttendees != null ? Math.max(0, event.maxAttendees - event.seatsTaken) : null;

  return (
    <div className={page}>
      <BackLink />

      <div className="mt-6 grid gap-10 lg:grid-cols-[1.2fr_1fr]">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            {event.cancelled ? (
              <Badge tone="danger">{SERIES_TEXTS_UI.cancelled}</Badge>
            ) : (
              <Badge tone={STATUS_TONES[event.status]}>{STATUS_LABELS[event.status]}</Badge>
            )}
            {event.category && (
              <Badge>
                <Tag className="size-3" aria-hidden="true" />
                {event.category}
              </Badge>
            )}
          </div>
          <h1 className="mt-4 text-3xl font-semibold tracking-tight text-balance text-fg sm:text-4xl">{event.name}</h1>
          {event.series && (
            <p className="mt-3 flex flex-wrap items-center gap-2 text-fg">
              <Repeat className="size-4 shrink-0 text-link" aria-hidden="true" />
              {SERIES_TEXTS_UI.partOfSeries}:
              <Link
                to={paths.series(event.series.id)}
                className={`${textLinkClasses} inline-flex min-h-6 items-center`}
              >
                {event.series.schedule}
              </Link>
            </p>
          )}
          {event.cancelled && (
            <Alert tone="error" title={SERIES_UI_MESSAGES.eventCancelledTitle} className="mt-4 text-base">
              {SERIES_UI_MESSAGES.eventCancelledText}
            </Alert>
          )}
          {event.summary && <p className="mt-3 text-lg text-fg-muted">{event.summary}</p>}
          {event.description && <Description text={event.description} />}

          <ul className="mt-6 space-y-3 text-fg">
            <li className={detailRow}>
              <CalendarDays aria-hidden="true" />
              <span>{formatLongDate(event.startTime)}</span>
            </li>
            <li className={detailRow}>
              <Clock aria-hidden="true" />
              <span>{formatTimeRange(event.startTime, event.endTime)}</span>
            </li>
            {event.location && (
              <li className={detailRow}>
                <MapPin aria-hidden="true" />
                <span>{event.location}</span>
              </li>
            )}
            <li className={detailRow}>
              <Users aria-hidden="true" />
              <span>
                {/* The attendee count, then '(max N)' when the event has a limit. */}
                {plural(event.attendeeCount, 'attendee', 'attendees')}
                {event.guestCount > 0 && ` + ${plural(event.guestCount, 'guest', 'guests')}`}
                {event.maxAttendees != null && ` (max ${event.maxAttendees})`}
                {event.status === 'upcoming' && seatsLeft != null && (
                  <span className="text-fg-muted">
                    {' '}
                    · {seatsLeft === 0 ? 'Full: waitlist open' : `${plural(seatsLeft, 'seat', 'seats')} left`}
                  </span>
                )}
              </span>
            </li>
          </ul>

          <div className="mt-8 space-y-4">
            {/* A cancelled date takes no registrations: nothing to register for or add to a calendar. */}
            {!event.cancelled && (
              <RegistrationPanel
                event={event}
                registration={registration}
                // Opened only once its code is here: a modal still loading would leave focus nowhere
                // when the refresh replaces Register Now.
                onAttending={async (fresh) => {
                  await loadGuestModal();
                  setRegistered(fresh);
                  setGuestDialog('registered');
                }}
                onManageGuests={() => setGuestDialog(registration?.guests.length ? 'edit' : 'add')}
              />
            )}
            {event.status !== 'completed' && !event.cancelled && (
              <a href={calendarPath(event.id)} download className={buttonClasses('ghost', 'sm', '-ml-3')}>
                <CalendarPlus aria-hidden="true" />
                Add to calendar
              </a>
            )}
            {Ticket && (
              <Ticket
                eventId={event.id}
                attending={registration?.status === 'attending'}
                version={registration ? `${registration.status}|${JSON.stringify(registration.guests)}` : ''}
              />
            )}
            <DoorDutyLink eventId={event.id} />
            {Feedback && askFeedback && (
              <Suspense fallback={null}>
                <Feedback eventId={event.id} endTime={event.endTime} />
              </Suspense>
            )}
          </div>
        </div>

        <div>
          {event.imageUrl ? (
            <img
              {...responsiveImage(event.imageUrl)}
              // The second column from lg (1.2fr 1fr of the 72rem container), else the page's width.
              sizes="(min-width: 1024px) 484px, calc(100vw - 2rem)"
              alt=""
              fetchPriority="high"
              className="aspect-video w-full rounded-2xl bg-surface-2 object-cover shadow-lg ring-1 ring-line"
            />
          ) : (
            <div
              aria-hidden="true"
              className="flex aspect-video w-full items-center justify-center rounded-2xl bg-gradient-to-br from-indigo-500/30 via-surface-2 to-sky-500/25 text-fg-muted"
            >
              <CalendarDays className="size-12" />
            </div>
          )}
        </div>
      </div>

      <div className="mt-12 space-y-12">
        {event.content && (
          <Section id="event-content" title="About This Event">
            {/* The one place raw HTML is rendered: sanitised on the server when it was written. */}
            <div className={prose} dangerouslySetInnerHTML={{ __html: withoutRepeatedTitle(event.content) }} />
          </Section>
        )}

        {(recap || event.recapDescription) && (
          <Section id="event-recap" title="Event Recap">
            <div className="grid gap-6 lg:grid-cols-[1.4fr_1fr]">
              {recap && (
                <ClickToPlay src={recap} title={`${event.name}: event recap`} poster={event.recapThumbnailUrl} />
              )}
              {event.recapDescription && <p className="whitespace-pre-line text-fg-muted">{event.recapDescription}</p>}
            </div>
          </Section>
        )}

        {event.panelistsUrls.length + event.galleryUrls.length > 0 && (
          <Section id="event-gallery" title="Event Gallery">
            <div className="max-w-4xl">
              <EventGallery
                eventName={event.name}
                panelistsUrls={event.panelistsUrls}
                galleryUrls={event.galleryUrls}
              />
            </div>
          </Section>
        )}

        {event.sponsors.length > 0 && (
          <Section id="event-sponsors" title="Event Sponsors">
            <EventSponsors sponsors={event.sponsors} />
          </Section>
        )}

        {People && (
          <People
            eventId={event.id}
            registered={registration?.status === 'attending' || registration?.status === 'maybe'}
          />
        )}

        <Section id="event-attendees" title="Event Attendees">
          <EventAttendees
            eventId={event.id}
            attendees={event.attendees}
            counts={event.attendeeCounts}
            viewerId={me?.id ?? null}
          />
        </Section>
      </div>

      {registration?.status === 'attending' || guestDialog ? (
        <Suspense fallback={null}>
          <GuestModal
            open={guestDialog !== null}
            onOpenChange={(open) => {
              if (!open) setGuestDialog(null);
            }}
            mode={guestDialog ?? 'add'}
            eventId={event.id}
            current={registration?.guests ?? []}
            allowed={attending?.guestsAllowed ?? 0}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
