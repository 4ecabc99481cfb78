// The news archive (issue 35): its texts, in a module without zod, so the archive's pages (which
// validate nothing) can use them without loading it. Re-exported by announcements.ts.

export const NEWS_TEXTS = {
  title: 'News',
  intro: 'Announcements from the organisers: season dates, sponsors, episodes and more.',
  empty: 'No news yet.',
  membersOnly: 'Members only',
  feed: 'RSS feed',
  back: 'All news',
  signInToRead: 'This announcement is for members. Sign in to read it.',
};

export const NEWS_NOT_FOUND = 'This announcement does not exist or has not been published.';
export const NEWS_MEMBERS_ONLY = 'NEWS_MEMBERS_ONLY';
