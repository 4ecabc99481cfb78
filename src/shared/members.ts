import { z } from 'zod';
import { USERNAME_PATTERN } from './auth';
import { metAt } from './connect-codes';
import { OFFER_OR_ASK_MAX_LENGTH } from './people-to-meet-texts';
import { BIO_MAX, PERSON_NAME_MAX, PROFILE_LINE_MAX, SKILL_NAME_MAX, SOCIAL_HANDLE_MAX, WEBSITE_MAX } from './limits';
import { SEARCH_QUERY_MAX_LENGTH } from './search-texts';

export * from './member-texts';

export const SOCIAL_HOSTS = {
  instagram: 'https://instagram.com/',
  facebook: 'https://facebook.com/',
  linkedin: 'https://linkedin.com/in/',
} as const;

export const memberCard = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  company: z.string().nullable(),
  position: z.string().nullable(),
  isSponsor: z.boolean(),
  isPanelist: z.boolean(),
  skills: z.array(z.string()),
  /** What the member offers and looks for (up to 3 each). */
  offers: z.array(z.string()),
  asks: z.array(z.string()),
});
export type MemberCard = z.infer<typeof memberCard>;

export const membersQuery = z.object({
  q: z.string().trim().max(SEARCH_QUERY_MAX_LENGTH).optional(),
  event: z.string().max(64).optional(),
  skill: z.string().max(64).optional(),
  /** Members who offer / look for all of these words (stemmed, trade synonyms folded). */
  offers: z.string().trim().max(OFFER_OR_ASK_MAX_LENGTH).optional(),
  asks: z.string().trim().max(OFFER_OR_ASK_MAX_LENGTH).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type MembersQuery = z.infer<typeof membersQuery>;

export const membersResponse = z.object({
  members: z.array(memberCard),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MembersResponse = z.infer<typeof membersResponse>;

export const skill = z.object({ id: z.string(), name: z.string(), category: z.string().nullable() });
export type Skill = z.infer<typeof skill>;
/** Every skill there is (the picker's list). */
export const skillsResponse = z.object({ skills: z.array(skill) });
export type SkillsResponse = z.infer<typeof skillsResponse>;
/** A skill added to a profile. */
export const skillResponse = z.object({ skill });
export type SkillResponse = z.infer<typeof skillResponse>;

export const memberFilters = z.object({
  events: z.array(z.object({ id: z.string(), name: z.string(), startTime: z.string() })),
  skills: z.array(skill),
});
export type MemberFilters = z.infer<typeof memberFilters>;

export const personSummary = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type PersonSummary = z.infer<typeof personSummary>;

/** How the viewer stands with the profile's member; decides the profile's buttons. */
export const relation = z.object({
  state: z.enum(['visitor', 'self', 'none', 'pending-outgoing', 'pending-incoming', 'connected']),
  connectionId: z.string().nullable(),
  /** Connected, and both had checked in to this event when they did: "met at {event}". */
  metAt: metAt.nullable(),
});
export type Relation = z.infer<typeof relation>;

export const profileDetail = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  company: z.string().nullable(),
  position: z.string().nullable(),
  website: z.string().nullable(),
  instagramUrl: z.string().nullable(),
  facebookUrl: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  isSponsor: z.boolean(),
  isPanelist: z.boolean(),
  createdAt: z.string(),
});
export type ProfileDetail = z.infer<typeof profileDetail>;

export const profileEvent = z.object({
  id: z.string(),
  name: z.string(),
  startTime: z.string(),
  status: z.string(),
  attendeeStatus: z.string(),
});

export const profileResponse = z.object({
  profile: profileDetail,
  skills: z.array(skill),
  offers: z.array(z.string()),
  asks: z.array(z.string()),
  events: z.array(profileEvent),
  connections: z.array(personSummary.extend({ metAt: metAt.nullable() })),
  stats: z.object({ skills: z.number().int(), eventsAttended: z.number().int(), connections: z.number().int() }),
  relation,
});
export type ProfileResponse = z.infer<typeof profileResponse>;

/** Social fields are typed as the bare username; a pasted profile address is accepted too. */
const SOCIAL_HANDLE = new RegExp(`^[A-Za-z0-9_.-]{1,${SOCIAL_HANDLE_MAX}}$`);
const socialHandle = z
  .string()
  .trim()
  .max(200)
  .transform((v) =>
    v
      .replace(/^https?:\/\/(www\.)?[^/]+\/(in\/)?/i, '')
      .replace(/^@/, '')
      .replace(/\/+$/, ''),
  )
  .refine((v) => v === '' || SOCIAL_HANDLE.test(v), 'Enter the username only');

export const profileUpdateInput = z.object({
  username: z
    .string()
    .trim()
    .regex(USERNAME_PATTERN, 'Username must be 3 to 30 letters, digits, dots, dashes or underscores'),
  fullName: z.string().trim().max(PERSON_NAME_MAX).default(''),
  bio: z.string().trim().max(BIO_MAX).default(''),
  company: z.string().trim().max(PROFILE_LINE_MAX).default(''),
  position: z.string().trim().max(PROFILE_LINE_MAX).default(''),
  website: z
    .string()
    .trim()
    .max(WEBSITE_MAX)
    .default('')
    .refine(
      (v) => v === '' || /^(https?:\/\/)?[a-z0-9-]+(\.[a-z0-9-]+)+([/?#].*)?$/i.test(v),
      'Enter a website address like example.com',
    ),
  instagram: socialHandle.default(''),
  facebook: socialHandle.default(''),
  linkedin: socialHandle.default(''),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateInput>;

/** The username part of a stored social address, for the edit form. */
export function socialHandleOf(url: string | null | undefined): string {
  if (!url) return '';
  return url.replace(/^https?:\/\/(www\.)?[^/]+\/(in\/)?/i, '').replace(/\/+$/, '');
}

export const addSkillInput = z.union([
  z.object({ skillId: z.string().uuid() }),
  z.object({
    name: z.string().trim().min(1, 'Skill name is required').max(SKILL_NAME_MAX),
    category: z.string().trim().max(SKILL_NAME_MAX).optional(),
  }),
]);
export type AddSkillInput = z.infer<typeof addSkillInput>;
