// Every URL of the web app in one place; screens and links import from here, never hard-code.

export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  resetPassword: '/reset-password',
  newPassword: '/new-password',
  devMailbox: '/dev/mailbox',
  unsubscribe: '/unsubscribe',
  /** Where a mail's rating link lands (`?token=&rating=`): the rating, a comment, no sign-in. */
  feedback: '/feedback',
  dashboard: '/dashboard',
  events: '/events',
  event: (eventId: string) => `/events/${encodeURIComponent(eventId)}`,
  eventTicket: (eventId: string) => `/events/${encodeURIComponent(eventId)}/ticket`,
  /** The door screen: admins and the event's door staff admit people by their ticket's code. */
  eventCheckIn: (eventId: string) => `/events/${encodeURIComponent(eventId)}/check-in`,
  /** An event series (issue 33): its schedule and dates. */
  series: (seriesId: string) => `/series/${encodeURIComponent(seriesId)}`,
  podcasts: '/podcasts',
  /** One episode's own page (issue 36). */
  podcast: (podcastId: string) => `/podcasts/${encodeURIComponent(podcastId)}`,
  /** The news archive (issue 35): the organisers' announcements, newest first. */
  news: '/news',
  newsArticle: (newsId: string) => `/news/${encodeURIComponent(newsId)}`,
  community: '/community',
  contact: '/contact',
  forums: '/forums',
  forumCreate: '/forums/create',
  forum: (forumId: string) => `/forums/${encodeURIComponent(forumId)}`,
  forumEdit: (forumId: string) => `/forums/${encodeURIComponent(forumId)}/edit`,
  forumPostCreate: (forumId: string) => `/forums/${encodeURIComponent(forumId)}/create`,
  forumPost: (forumId: string, postId: string) =>
    `/forums/${encodeURIComponent(forumId)}/${encodeURIComponent(postId)}`,
  /** The post at that reply: the post page opens the page of replies that holds it. */
  forumReply: (forumId: string, postId: string, replyId: string) =>
    `/forums/${encodeURIComponent(forumId)}/${encodeURIComponent(postId)}?reply=${encodeURIComponent(replyId)}`,
  /** The results page of the one search (the route); `search(q, type)` links to one query. */
  searchResults: '/search',
  search: (q?: string, type?: string) => {
    const params = new URLSearchParams();
    if (q) params.set('q', q);
    if (type && type !== 'all') params.set('type', type);
    return params.size ? `/search?${params}` : '/search';
  },
  messages: '/messages',
  /** Message someone: the compose form with the recipient filled in (visitors sign in first). */
  compose: (username: string) => `/messages?to=${encodeURIComponent(username)}`,
  /** One conversation: the other member's id (as the API names it) and the subject. */
  conversation: (otherId: string, subject: string) =>
    `/messages?${new URLSearchParams({ with: otherId, subject }).toString()}`,
  connections: '/connections',
  /** The member's own connect code, full screen, for another phone's camera. */
  connectCode: '/connect-code',
  /** Where a scanned connect code lands: whose it is, and a one-tap Connect. */
  connect: (token: string) => `/connect/${encodeURIComponent(token)}`,
  admin: '/admin',
  adminTab: (tab: string) => `/admin?tab=${encodeURIComponent(tab)}`,
  eventCreate: '/events/create',
  eventEdit: (eventId: string) => `/events/${encodeURIComponent(eventId)}/edit`,
  podcastCreate: '/podcasts/create',
  podcastEdit: (podcastId: string) => `/podcasts/${encodeURIComponent(podcastId)}/edit`,
  sponsorCreate: '/sponsors/create',
  sponsorEdit: (sponsorId: string) => `/sponsors/${encodeURIComponent(sponsorId)}/edit`,
  userCreate: '/users/create',
  userEdit: (userId: string) => `/users/${encodeURIComponent(userId)}/edit`,
  announcementCreate: '/admin/announcements/create',
  /** One announcement: its form while a draft, its progress once sent. */
  announcement: (announcementId: string) => `/admin/announcements/${encodeURIComponent(announcementId)}`,
  profile: (username: string) => `/user/${encodeURIComponent(username)}`,
} as const;
