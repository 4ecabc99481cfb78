import { z } from 'zod';
import { SPONSOR_LEVELS, sponsor } from './events';
import { safeText } from './text';

// Sponsors (spec 2 sections 3, 5 and 9): the admin's list, form and API share these.

export { SPONSOR_LEVELS };
export type SponsorLevel = (typeof SPONSOR_LEVELS)[number];
export const DEFAULT_SPONSOR_LEVEL: SponsorLevel = 'Event Sponsor';

export const SPONSOR_NAME_MAX = 120;
export const SPONSOR_INFO_MAX = 2000;
export const SPONSOR_NOT_FOUND = 'Sponsor not found';
export const WEBSITE_NOT_URL = 'Website must be a URL starting with http:// or https://';

/** An absolute http(s) address with a host name: what a link on the site may point to. */
export function isHttpUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/** Empty text means "none": stored as null. */
export const emptyToNull = (value: string) => (value === '' ? null : value);

/** The create and edit form, and the body of POST and PUT /api/sponsors. The logo is set by its
 * own upload route. */
export const sponsorInput = z.object({
  name: safeText
    .trim()
    .min(1, 'Name is required')
    .max(SPONSOR_NAME_MAX, `Name must be ${SPONSOR_NAME_MAX} characters or fewer`),
  level: z.enum(SPONSOR_LEVELS, { message: 'Level must be Title Sponsor or Event Sponsor' }).default('Event Sponsor'),
  info: safeText
    .trim()
    .max(SPONSOR_INFO_MAX, `Info must be ${SPONSOR_INFO_MAX.toLocaleString('en-US')} characters or fewer`)
    .default('')
    .transform(emptyToNull),
  website: safeText
    .trim()
    .max(500, 'Website must be 500 characters or fewer')
    .default('')
    .refine((v) => v === '' || isHttpUrl(v), WEBSITE_NOT_URL)
    .transform(emptyToNull),
});
export type SponsorInput = z.input<typeof sponsorInput>;

export const sponsorResponse = z.object({ sponsor });
export type SponsorResponse = z.infer<typeof sponsorResponse>;
export const sponsorsResponse = z.object({ sponsors: z.array(sponsor) });
export type SponsorsResponse = z.infer<typeof sponsorsResponse>;
export const sponsorLogoResponse = z.object({ logoUrl: z.string().nullable() });
export type SponsorLogoResponse = z.infer<typeof sponsorLogoResponse>;
