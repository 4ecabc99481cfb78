// Every URL of the web app in one place; screens and links import from here, never hard-code.

export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  resetPassword: '/reset-password',
  newPassword: '/new-password',
  devMailbox: '/dev/mailbox',
  dashboard: '/dashboard',
  events: '/events',
  event: (eventId: string) => `/events/${encodeURIComponent(eventId)}`,
  podcasts: '/podcasts',
  community: '/community',
  contact: '/contact',
  forums: '/forums',
  messages: '/messages',
  connections: '/connections',
  admin: '/admin',
  profile: (username: string) => `/user/${encodeURIComponent(username)}`,
} as const;
