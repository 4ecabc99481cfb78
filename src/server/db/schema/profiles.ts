import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { tsvector, weightedDocument } from './search-vector';

export const profiles = pgTable(
  'profiles',
  {
    // Same id as the auth user: deleting the account deletes the profile.
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    fullName: text('full_name'),
    avatarUrl: text('avatar_url'),
    bio: text('bio'),
    company: text('company'),
    position: text('position'),
    website: text('website'),
    instagramUrl: text('instagram_url'),
    facebookUrl: text('facebook_url'),
    linkedinUrl: text('linkedin_url'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isSponsor: boolean('is_sponsor').notNull().default(false),
    isPanelist: boolean('is_panelist').notNull().default(false),
    passwordResetRequired: boolean('password_reset_required').notNull().default(false),
    // The dashboard's "Show me in People to meet".
    inPeopleToMeet: boolean('in_people_to_meet').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // One search (features/search): names, then the job, then the bio. Never the e-mail.
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(() =>
        weightedDocument({ A: ['username', 'full_name'], B: ['position', 'company'], C: ['bio'] }),
      ),
  },
  (t) => [
    index('profiles_search_vector_idx').using('gin', t.searchVector),
    // Usernames are unique ignoring case: 'Ana' and 'ana' are the same member.
    uniqueIndex('profiles_username_lower_idx').on(sql`lower(${t.username})`),
    // Directory search ("username or full name contains") at 100,000 members.
    index('profiles_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    index('profiles_full_name_trgm_idx').using('gin', sql`lower(coalesce(${t.fullName}, '')) gin_trgm_ops`),
    // New members per month in the organisers' insights, counted by index ranges.
    index('profiles_created_idx').on(t.createdAt),
  ],
);
