import type { EventStatus } from '../../shared/events';

// How an event's status reads, on its card and its page. Type-only import from src/shared: the
// landing page's event cards use this module and stay free of zod.

export const STATUS_LABELS: Record<EventStatus, string> = {
  upcoming: 'Upcoming',
  ongoing: 'Ongoing',
  completed: 'Completed',
};

/** Upcoming green, ongoing blue, anything else grey. */
export const STATUS_TONES = { upcoming: 'success', ongoing: 'brand', completed: 'neutral' } as const;
