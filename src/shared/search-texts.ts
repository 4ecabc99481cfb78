// The words and limits of one search, without zod, for the header's quick search (on every page).

export const SEARCH_QUERY_MAX_LENGTH = 100;
/** Results per group in the quick search; the results page asks for more. */
export const QUICK_SEARCH_LIMIT = 5;
export const SEARCH_PAGE_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 50;
export const SEARCH_MAX_OFFSET = 200;

export const SEARCH_TYPES = ['events', 'members', 'podcasts', 'forums'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Each group's heading, in the order the groups are shown. */
export const SEARCH_GROUP_TITLES: Record<SearchType, string> = {
  events: 'Events',
  members: 'Members',
  podcasts: 'Podcasts',
  forums: 'Forum posts and replies',
};

export const SEARCH_LABEL = 'Search';
export const SEARCH_DIALOG_TITLE = 'Search Power Mixer';
export const SEARCH_PLACEHOLDER = 'Search events, members, podcasts and forums...';
export const SEARCH_FORUM_PLACEHOLDER = 'Search this forum...';
export const SEARCH_EMPTY_QUERY = 'Type something to search for.';
export const SEARCH_SEE_ALL = 'See all results';
export const SEARCH_SIGN_IN_FOR_FORUMS = 'Sign in to search the forums too.';
export const SEARCH_FAILED = 'Search failed. Please try again.';
export const SEARCH_FORUM_ONLY_FOR_MEMBERS = 'Sign in to search the forums.';
export const noSearchResults = (query: string) => `No results for “${query}”`;
export const searchResultsTitle = (query: string) => `Results for “${query}”`;
