import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from '../../lib/router';
import { ArrowLeft, ChevronLeft, ChevronRight } from 'lucide-react';
import { TICKET_NOT_FOUND, TICKET_TITLE, formatShortCode } from '../../../shared/check-in-texts';
import { PageSpinner } from '../../components/spinner';
import { ApiRequestError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useWakeLock } from '../../lib/use-wake-lock';
import { keepForOffline } from '../../lib/service-worker';
import { useDocumentTitle } from '../../lib/use-document-title';
import { qrImageSource, ticketPath, useTicket } from '../../lib/ticket';
import { checkedInText, formatStart } from './api';

// The ticket full screen, for the door: alone on the screen (the route leaves out the site's
// header and footer), dark on white whatever the theme (a scanner reads it best, and a dark page
// would dim the phone), the code as wide as the phone and its short code under it, one holder at
// a time, all of it on one phone screen. Back to the event by its link or Escape. Kept for
// offline use once it has loaded (lib/service-worker.ts).

const button =
  'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg border border-neutral-400 bg-white px-4 ' +
  'text-sm font-medium text-neutral-900 hover:bg-neutral-100 disabled:cursor-not-allowed disabled:opacity-50 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 [&_svg]:size-4';

export function TicketPage() {
  const { eventId = '' } = useParams();
  const navigate = useNavigate();
  const ticket = useTicket(eventId);
  const [index, setIndex] = useState(0);
  const data = ticket.data;
  useDocumentTitle(data ? `${TICKET_TITLE}: ${data.event.name}` : TICKET_TITLE);
  useWakeLock(Boolean(data));
  useEffect(() => {
    if (data) void keepForOffline(['/api/me', ticketPath(eventId)]).catch(() => undefined);
  }, [data, eventId]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) void navigate(paths.event(eventId), { replace: true });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navigate, eventId]);

  const back = (
    <Link to={paths.event(eventId)} replace className={button} aria-keyshortcuts="Escape">
      <ArrowLeft aria-hidden="true" />
      Back to the event
    </Link>
  );

  let body;
  if (ticket.isPending) body = <PageSpinner />;
  else if (!data) {
    const missing = ticket.error instanceof ApiRequestError && ticket.error.status === 404;
    body = (
      <p className="mt-6 text-neutral-800" role="alert">
        {missing ? TICKET_NOT_FOUND : 'Your ticket could not be loaded. Check your connection and try again.'}
      </p>
    );
  } else {
    const shown = Math.min(index, data.holders.length - 1);
    const holder = data.holders[shown]!;
    const many = data.holders.length > 1;
    body = (
      <>
        <p className="mt-1 text-lg leading-snug font-semibold text-neutral-900">{data.event.name}</p>
        <p className="text-neutral-800">{formatStart(data.event.startTime)}</p>
        {data.event.location && <p className="text-neutral-800">{data.event.location}</p>}
        <figure className="mt-3">
          {/* As wide as the phone, leaving room for the rest on one screen of a short phone. */}
          <img
            src={qrImageSource(holder.qrSvg)}
            alt={`Check-in code for ${holder.name}`}
            width={358}
            height={358}
            className="mx-auto block aspect-square h-auto w-full max-w-[min(100%,calc(100dvh-27rem))] min-w-48"
          />
          <figcaption className="mt-1 text-center" aria-live="polite">
            {/* What the door types by hand when its scanner cannot read the image. */}
            {/* A ticket kept offline from before short codes came has none. */}
            {holder.shortCode && (
              <span className="block font-mono text-3xl font-bold tracking-widest text-neutral-900">
                <span className="sr-only">Code </span>
                {formatShortCode(holder.shortCode)}
              </span>
            )}
            <span className="mt-2 block text-2xl font-semibold text-neutral-900">{holder.name}</span>
            <span className="block text-neutral-800">
              {holder.kind === 'guest' ? 'Guest' : 'Member'}
              {many && ` · ticket ${shown + 1} of ${data.holders.length}`} · {checkedInText(holder.checkedInAt)}
            </span>
          </figcaption>
        </figure>
        {many && (
          <div className="mt-3 flex justify-between gap-3">
            <button type="button" className={button} disabled={shown === 0} onClick={() => setIndex(shown - 1)}>
              <ChevronLeft aria-hidden="true" />
              Previous
            </button>
            <button
              type="button"
              className={button}
              disabled={shown === data.holders.length - 1}
              onClick={() => setIndex(shown + 1)}
            >
              Next
              <ChevronRight aria-hidden="true" />
            </button>
          </div>
        )}
        <p className="mt-3 text-center text-sm text-neutral-800">
          Turn your screen brightness up if the door&rsquo;s scanner cannot read it.
        </p>
      </>
    );
  }

  return (
    <div className="min-h-dvh bg-white text-neutral-900" style={{ colorScheme: 'light' }}>
      <div className="mx-auto max-w-xl px-4 py-3 sm:py-8">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{TICKET_TITLE}</h1>
          {back}
        </div>
        {body}
      </div>
    </div>
  );
}
