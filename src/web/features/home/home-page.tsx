import { lazy, useDeferredValue } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { NextEvent } from '../../../shared/events';
import type { LandingResponse } from '../../../shared/landing';
import { ButtonLink, buttonClasses } from '../../components/button';
import { api } from '../../lib/api';
import { paths } from '../../lib/paths';
import { site } from '../../lib/site';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Countdown } from './countdown';
import { HeroMedia } from './hero-media';
import { Bone, container, teaserGrid, teaserPictures, teaserSection } from './landing-ui';
import { WhenNear } from './when-near';

// The landing page: one request (GET /api/landing) feeds every section, in the spec's order.
// The first load stays light (its JS and CSS have a budget: tests/e2e/weight.spec.ts): no zod
// (type-only imports from src/shared), no video host until the visitor presses play, and the
// code of everything below the hero (teaser, event cards, podcast, benefits, introductions) is
// one chunk that loads once the visitor scrolls towards it or does anything at all (see WhenNear).
const BelowFold = lazy(() => import('./below-fold').then((m) => ({ default: m.BelowFold })));

/**
 * The "Next event" line (1.25rem), its gap (0.75rem) and the countdown (countdown.tsx: 4.875rem,
 * 5.375rem from sm): the loading placeholder has exactly this height.
 */
const nextEventHeight = 'min-h-[6.875rem] sm:min-h-[7.375rem]';

export function HomePage() {
  useDocumentTitle();
  const landing = useQuery({ queryKey: ['landing'], queryFn: () => api.get<LandingResponse>('/api/landing') });
  // Rendered at transition priority, in slices the browser can interrupt (see events-page.tsx).
  const data = useDeferredValue(landing.data);

  return (
    <>
      <Hero next={data?.nextEvent ?? null} loading={!data && !landing.isError} />
      {/* Until the code below arrives: the teaser's skeleton, and room for the rest (no jump). */}
      <WhenNear
        fallback={
          <>
            <TeaserSkeleton />
            <div className="min-h-[130rem]" />
          </>
        }
      >
        <BelowFold landing={data} failed={landing.isError} teaserSkeleton={<TeaserSkeleton />} />
      </WhenNear>
    </>
  );
}

function Hero({ next, loading }: { next: NextEvent | null; loading: boolean }) {
  return (
    <div className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 -top-24 -z-10 h-[40rem] bg-[radial-gradient(ellipse_at_top,var(--glow),transparent_65%)]"
      />
      <section
        aria-labelledby="hero-title"
        className={`${container} grid items-center gap-12 pt-14 pb-16 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:pb-24`}
      >
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-line bg-surface px-3 py-1 text-xs font-medium text-fg-muted">
            <span className="size-1.5 rounded-full bg-brand" aria-hidden="true" />
            {site.city}, North Carolina
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-semibold tracking-tight text-balance text-fg sm:text-5xl lg:text-6xl"
          >
            Where Charlotte&apos;s professionals connect.
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-fg-muted">
            Power Mixer brings real-estate professionals, entrepreneurs and industry leaders together for mixer events,
            conversations on our podcast, and a member community that keeps the connections going.
          </p>

          {/* While loading, the countdown's and the Register button's exact room is held, so
              nothing below them moves when they arrive. */}
          {loading ? (
            <Bone className={`mt-8 max-w-md rounded-xl ${nextEventHeight}`} />
          ) : (
            next && (
              <div className={`mt-8 space-y-3 ${nextEventHeight}`}>
                <p className="text-sm font-medium text-fg-muted">
                  Next event: <span className="text-fg">{next.name}</span>
                </p>
                <Countdown to={next.startTime} eventName={next.name} />
              </div>
            )
          )}

          <div className="mt-8 flex flex-wrap items-center gap-3">
            {loading ? (
              <span aria-hidden="true" className={buttonClasses('ghost', 'lg', 'animate-pulse bg-surface-2')}>
                <span className="invisible">Register Today!</span>
              </span>
            ) : (
              next && (
                <ButtonLink to={paths.event(next.id)} size="lg">
                  Register Today!
                </ButtonLink>
              )
            )}
            <ButtonLink to={paths.register} size="lg" variant={next || loading ? 'secondary' : 'primary'}>
              Join the Community
            </ButtonLink>
          </div>
        </div>

        <HeroMedia />
      </section>
    </div>
  );
}

/** The teaser's place while its code or the data loads. */
function TeaserSkeleton() {
  return (
    <section aria-label="Next Event" className={teaserSection}>
      <div className={teaserGrid}>
        <div className="space-y-4" role="status">
          <span className="sr-only">Loading the next event</span>
          <Bone className="h-5 w-28" />
          <Bone className="h-10 w-4/5" />
          <Bone className="h-20 w-full" />
          <Bone className="h-28 w-full" />
          <Bone className="h-12 w-40" />
        </div>
        <div className={teaserPictures}>
          <Bone className="aspect-video w-full rounded-2xl" />
        </div>
      </div>
    </section>
  );
}
