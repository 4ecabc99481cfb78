import { z } from 'zod';
import { MAX_OFFERS_OR_ASKS, OFFER_OR_ASK_MAX_LENGTH } from './people-to-meet-texts';

// "In the room": what members offer and look for, the event page's People to meet, scan to
// connect and the morning-after e-mail (server: features/people-to-meet, features/members).

export * from './people-to-meet-texts';

const item = z
  .string()
  .trim()
  .min(2, 'Write at least 2 characters.')
  .max(OFFER_OR_ASK_MAX_LENGTH, `Keep each one under ${OFFER_OR_ASK_MAX_LENGTH} characters.`);

/** PUT /api/me/offers-asks: the whole lists, in order; the same words twice count once. */
export const offersAsksInput = z
  .object({
    offers: z.array(item).max(MAX_OFFERS_OR_ASKS, `Up to ${MAX_OFFERS_OR_ASKS} offers.`),
    asks: z.array(item).max(MAX_OFFERS_OR_ASKS, `Up to ${MAX_OFFERS_OR_ASKS} asks.`),
  })
  .strict();
export type OffersAsksInput = z.infer<typeof offersAsksInput>;

export const offersAsks = z.object({ offers: z.array(z.string()), asks: z.array(z.string()) });
export type OffersAsks = z.infer<typeof offersAsks>;

/** GET|PUT /api/me/people-to-meet: whether others see the member in People to meet. */
export const peopleToMeetSetting = z.object({ visible: z.boolean() }).strict();
export type PeopleToMeetSetting = z.infer<typeof peopleToMeetSetting>;

export const personToMeet = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  company: z.string().nullable(),
  position: z.string().nullable(),
  /** Why, in words, strongest first ("looking for a lender; you offer commercial lending"). */
  reasons: z.array(z.string()),
  relation: z.enum(['none', 'pending-outgoing', 'pending-incoming', 'connected']),
  connectionId: z.string().nullable(),
});
export type PersonToMeet = z.infer<typeof personToMeet>;

export const peopleToMeetResponse = z.object({
  people: z.array(personToMeet),
  /** Everyone ranked, of whom `people` is the first page. */
  total: z.number().int(),
  /** False when the viewer has no offers or asks yet: the screen invites them to add some. */
  viewerHasOffersOrAsks: z.boolean(),
});
export type PeopleToMeetResponse = z.infer<typeof peopleToMeetResponse>;
