import type { ReactNode } from 'react';
import { ArrowRight, CalendarDays, CircleCheck, Clock, Mail, MapPin, Users } from 'lucide-react';
import { Link } from '../../lib/router';
import type { NextEvent } from '../../../shared/events';
import type { LandingResponse } from '../../../shared/landing';
import type { Podcast } from '../../../shared/podcasts';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { ButtonLink } from '../../components/button';
import { CARD_SIZES, EventCard, EventCardSkeleton } from '../../components/event-card';
import { InstagramIcon } from '../../components/social-icons';
import { textLinkClasses } from '../../components/text-link';
import { paths } from '../../lib/paths';
import { site } from '../../lib/site';
import { formatDate, formatLongDate, formatTimeRange } from '../../lib/site-dates';
import { IntroductionForm } from './introduction-form';
import { CoverImage, container, eyebrow, sectionTitle, teaserGrid, teaserPictures, teaserSection } from './landing-ui';

// The landing page below the hero: next-event teaser, event cards, podcast, benefits,
// introductions. Loaded as the visitor scrolls towards it (see WhenNear in home-page.tsx), so
// the first load stays small; the data comes with the page's one request.

const benefits = [
  ['Exclusive Network', "Charlotte's agents, lenders, investors and builders in one room."],
  ['Strategic Partnerships', 'Find referral partners and collaborators who grow with you.'],
  ['Priority Event Access', 'Register early for mixers, workshops and galas.'],
  ['Industry Insights', 'Panels and podcast interviews with market leaders.'],
  ['Targeted Networking', 'Search members by skill and ask us for introductions.'],
  ['Growth Resources', 'Workshops, forums and a community that shares what works.'],
] as const;

/** The next event: name, description, date, time, place, capacity, its images. */
function NextEventTeaser({ next }: { next: NextEvent | null }) {
  const detail = 'flex items-start gap-3 text-fg [&_svg]:mt-0.5 [&_svg]:size-5 [&_svg]:shrink-0 [&_svg]:text-link';
  return (
    <section aria-labelledby="next-event-title" className={teaserSection}>
      <div className={teaserGrid}>
        <div>
          <p className={eyebrow}>Next Event</p>
          <h2 id="next-event-title" className={`mt-3 ${sectionTitle}`}>
            {next?.name ?? 'No upcoming events scheduled'}
          </h2>
          <p className="mt-4 text-lg text-pretty text-fg-muted">
            {next?.description || next?.summary || 'Business Professionals & Industry Leaders'}
          </p>
          <ul className="mt-6 space-y-3">
            <li className={detail}>
              <CalendarDays aria-hidden="true" />
              <span>{next ? formatLongDate(next.startTime) : 'To be announced'}</span>
            </li>
            {next && (
              <li className={detail}>
                <Clock aria-hidden="true" />
                <span>{formatTimeRange(next.startTime, next.endTime)}</span>
              </li>
            )}
            <li className={detail}>
              <MapPin aria-hidden="true" />
              <span>{next?.location || 'To be announced'}</span>
            </li>
            {/* 'Limited to N attendees' */}
            {next?.maxAttendees != null && (
              <li className={detail}>
                <Users aria-hidden="true" />
                <span>Limited to {next.maxAttendees} attendees</span>
              </li>
            )}
          </ul>
          {next && (
            <ButtonLink to={paths.event(next.id)} size="lg" className="mt-8">
              Register Now
              <ArrowRight aria-hidden="true" />
            </ButtonLink>
          )}
        </div>
        <div className={teaserPictures}>
          <CoverImage
            src={next?.imageUrl}
            sizes="(min-width: 1024px) 480px, calc(100vw - 2rem)"
            className="aspect-video w-full rounded-2xl shadow-lg ring-1 ring-line"
          />
          {/* The gallery's first picture on the event's own; an event without a gallery shows just
              its image (an empty frame over it would look like something failed to load). */}
          {(!next || next.firstGalleryUrl) && (
            <CoverImage
              src={next?.firstGalleryUrl}
              sizes="(min-width: 1024px) 200px, 40vw"
              className="absolute right-0 bottom-0 hidden aspect-[3/2] w-2/5 rounded-2xl border-4 border-surface shadow-xl sm:block"
            />
          )}
        </div>
      </div>
    </section>
  );
}

/** Up to 3 events, newest start first, with a link to all of them. */
function EventsSection({ landing, failed }: { landing: LandingResponse | undefined; failed: boolean }) {
  return (
    <section aria-labelledby="events-title" className="py-16 sm:py-20">
      <div className={container}>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className={eyebrow}>Events</p>
            <h2 id="events-title" className={`mt-2 ${sectionTitle}`}>
              Mixers, workshops and galas
            </h2>
          </div>
          <ButtonLink to={paths.events} variant="secondary">
            View All
            <span className="sr-only"> events</span>
            <ArrowRight aria-hidden="true" />
          </ButtonLink>
        </div>
        <div className="mt-8">
          {failed ? (
            <Alert tone="error">Failed to load events</Alert>
          ) : !landing ? (
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" role="status">
              <span className="sr-only">Loading events</span>
              <EventCardSkeleton />
              <EventCardSkeleton />
              <EventCardSkeleton />
            </div>
          ) : landing.events.length > 0 ? (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {landing.events.map((event) => (
                <li key={event.id} className="flex [&>article]:flex-1">
                  <EventCard event={event} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="rounded-xl border border-dashed border-line px-6 py-10 text-center text-fg-muted">
              No events found
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * Everything below the hero, in the spec's order. `teaserSkeleton` (from the first load) stands
 * in for the teaser while the data loads.
 */
export function BelowFold({
  landing,
  failed,
  teaserSkeleton,
}: {
  landing: LandingResponse | undefined;
  failed: boolean;
  teaserSkeleton: ReactNode;
}) {
  const podcasts = landing?.podcasts ?? [];
  return (
    <>
      {landing || failed ? <NextEventTeaser next={landing?.nextEvent ?? null} /> : teaserSkeleton}
      <EventsSection landing={landing} failed={failed} />
      {podcasts.length > 0 && <PodcastSection podcasts={podcasts} />}
      <Benefits />
      <ConnectSection />
    </>
  );
}

/** Mirrors shared/podcasts.ts isComingSoon (not imported: that module brings zod along). */
const comingSoon = (p: Podcast) => p.videoUrl === 'coming' || (p.mediaType === 'direct' ? !p.mediaUrl : !p.videoUrl);

function PodcastSection({ podcasts }: { podcasts: Podcast[] }) {
  return (
    <section aria-labelledby="podcast-title" className="border-y border-line bg-surface py-16 sm:py-20">
      <div className={container}>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className={eyebrow}>Podcast</p>
            <h2 id="podcast-title" className={`mt-2 ${sectionTitle}`}>
              <Link to={paths.podcasts} className="rounded-sm hover:text-link">
                The Power Mixer Podcast
              </Link>
            </h2>
            <p className="mt-3 max-w-2xl text-fg-muted">
              Conversations with the founders, brokers and leaders building Charlotte.
            </p>
          </div>
          <ButtonLink to={paths.podcasts} variant="secondary">
            View All Episodes
            <ArrowRight aria-hidden="true" />
          </ButtonLink>
        </div>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {podcasts.map((p) => {
            const coming = comingSoon(p);
            return (
              <li
                key={p.id}
                className="relative flex flex-col overflow-hidden rounded-xl border border-line bg-canvas shadow-sm transition-shadow hover:shadow-md"
              >
                <div className="relative aspect-video">
                  <CoverImage src={p.thumbnailUrl} sizes={CARD_SIZES} className="size-full" />
                  {coming && (
                    <Badge tone="brand" className="absolute top-3 left-3 shadow-sm">
                      Coming soon
                    </Badge>
                  )}
                </div>
                <div className="flex flex-1 flex-col gap-2 p-5">
                  <h3 className="leading-snug font-semibold text-fg">
                    {coming ? (
                      p.title
                    ) : (
                      // An episode that is out opens the podcast page; the whole card is the link.
                      <Link
                        to={paths.podcasts}
                        className="rounded-sm after:absolute after:inset-0 after:content-[''] hover:text-link"
                      >
                        {p.title}
                      </Link>
                    )}
                  </h3>
                  <p className="text-sm text-fg-muted">
                    <time dateTime={p.publishedAt}>{formatDate(p.publishedAt)}</time>
                    {p.guests.length > 0 && <> · With {p.guests.join(', ')}</>}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

function Benefits() {
  return (
    <section aria-labelledby="benefits-title" className="py-16 sm:py-20">
      <div className={container}>
        <p className={eyebrow}>Membership</p>
        <h2 id="benefits-title" className={`mt-2 max-w-2xl ${sectionTitle}`}>
          Why professionals join Power Mixer
        </h2>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {benefits.map(([title, text]) => (
            <li key={title} className="flex gap-4 rounded-xl border border-line bg-surface p-6 shadow-sm">
              <CircleCheck className="size-6 shrink-0 text-link" aria-hidden="true" />
              <div>
                <h3 className="font-semibold text-fg">{title}</h3>
                <p className="mt-1 text-sm text-fg-muted">{text}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-wrap items-center gap-3">
          <ButtonLink to={paths.register} size="lg">
            Join Now
          </ButtonLink>
          <ButtonLink to={paths.contact} size="lg" variant="secondary">
            Learn More
          </ButtonLink>
          <p className="text-sm text-fg-muted sm:ml-2">
            Already a member?{' '}
            <Link to={paths.login} className={textLinkClasses}>
              Sign in
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}

function ConnectSection() {
  return (
    <section aria-labelledby="connect-title" className="border-t border-line bg-surface py-16 sm:py-20">
      <div className={`${container} grid gap-10 lg:grid-cols-[1fr_1.4fr]`}>
        <div>
          <p className={eyebrow}>Introductions</p>
          <h2 id="connect-title" className={`mt-2 ${sectionTitle}`}>
            Who do you want to meet?
          </h2>
          <p className="mt-4 text-fg-muted">
            Tell us who you would like to connect with (a lender, a builder, an investor) and we will introduce you at
            the next mixer or by e-mail.
          </p>
          <ul className="mt-6 space-y-3 text-sm">
            <li className="flex items-center gap-3">
              <Mail className="size-5 shrink-0 text-link" aria-hidden="true" />
              <a href={`mailto:${site.email}`} className={textLinkClasses}>
                {site.email}
              </a>
            </li>
            <li className="flex items-center gap-3">
              <InstagramIcon className="size-5 shrink-0 text-link" />
              <a href={site.instagram} target="_blank" rel="noopener noreferrer" className={textLinkClasses}>
                Follow us on Instagram
              </a>
            </li>
          </ul>
        </div>
        <IntroductionForm />
      </div>
    </section>
  );
}
