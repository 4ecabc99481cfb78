// The directory's constants and texts, without zod: the community page and a profile import
// these, so the validation library is not on their critical path. shared/members.ts re-exports
// them for everything else.

export const MEMBERS_PAGE_SIZE = 12;
export const MEMBERS_EMPTY = 'No members found matching your criteria.';
export const PROFILE_NOT_FOUND = 'Profile Not Found';
export const PROFILE_NOT_FOUND_TEXT = "The user profile you're looking for doesn't exist.";
