import { z } from 'zod';
import { eventCard, nextEvent } from './events';
import { podcast } from './podcasts';

/** The hero's video (HERO_VIDEO_URL): a host's embed (YouTube no-cookie, Vimeo) or a video file. */
export const heroVideo = z.object({
  kind: z.enum(['embed', 'file']),
  src: z.string(),
});
export type HeroVideo = z.infer<typeof heroVideo>;

/** Everything the landing page shows, in one cacheable answer. */
export const landingResponse = z.object({
  /** Null when none is configured: the hero then shows the next event's image. */
  heroVideo: heroVideo.nullable(),
  nextEvent: nextEvent.nullable(),
  events: z.array(eventCard),
  podcasts: z.array(podcast),
});
export type LandingResponse = z.infer<typeof landingResponse>;
