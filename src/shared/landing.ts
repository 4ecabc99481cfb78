import { z } from 'zod';
import { eventCard, nextEvent } from './events';
import { podcast } from './podcasts';

/** Everything the landing page shows, in one cacheable answer. */
export const landingResponse = z.object({
  nextEvent: nextEvent.nullable(),
  events: z.array(eventCard),
  podcasts: z.array(podcast),
});
export type LandingResponse = z.infer<typeof landingResponse>;
