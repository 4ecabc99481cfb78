import { useQuery } from '@tanstack/react-query';
import type { LandingResponse } from '../../../shared/landing';
import { lazy, Suspense } from 'react';
import { api } from '../../lib/api';
import { responsiveImage } from '../../lib/responsive-image';
import { Bone } from './landing-ui';

const frame = 'aspect-video w-full rounded-xl shadow-xl ring-1 ring-line';
// Only with HERO_VIDEO_URL: the landing page's first load does without the player's code.
const ClickToPlay = lazy(() => import('../../components/click-to-play').then((m) => ({ default: m.ClickToPlay })));
const VIDEO_TITLE = 'Power Mixer community highlights';

/**
 * The hero's picture: the community's own video when HERO_VIDEO_URL names one (nothing loads
 * from its host until the visitor presses play), otherwise the next event's image (or the
 * newest event's). Never a borrowed sample video. Shares the landing query with the page.
 */
export function HeroMedia() {
  const landing = useQuery({ queryKey: ['landing'], queryFn: () => api.get<LandingResponse>('/api/landing') });
  if (landing.isPending) return <Bone className={frame} />;

  const image = landing.data?.nextEvent?.imageUrl ?? landing.data?.events.find((e) => e.imageUrl)?.imageUrl ?? null;
  const video = landing.data?.heroVideo;
  if (video?.kind === 'embed') {
    return (
      <Suspense fallback={<Bone className={frame} />}>
        <ClickToPlay src={video.src} title={VIDEO_TITLE} poster={image} className="shadow-xl ring-1 ring-line" />
      </Suspense>
    );
  }
  if (video?.kind === 'file') {
    return (
      // A highlight reel has no dialogue to caption; the page's text says what the community does.
      // eslint-disable-next-line jsx-a11y/media-has-caption
      <video
        controls
        playsInline
        preload="none"
        src={video.src}
        poster={image ?? undefined}
        aria-label={VIDEO_TITLE}
        className={`${frame} bg-black object-cover`}
      />
    );
  }
  if (!image) return null;
  // Decorative: the event's name is written beside it, with its own link.
  return (
    <img
      {...responsiveImage(image)}
      // The hero's column: the container less its padding on a phone, half of it from lg.
      sizes="(min-width: 1024px) 504px, calc(100vw - 2rem)"
      alt=""
      width={1200}
      height={675}
      fetchPriority="high"
      className={`${frame} bg-surface-2 object-cover`}
    />
  );
}
