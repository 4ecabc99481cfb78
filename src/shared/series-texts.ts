// Event series (issue 33): the texts, in a module without zod, so the event page and the series
// page (which validate nothing) can use them without loading it. Re-exported by series.ts.

export const SERIES_NOT_FOUND = 'Series not found';

export const SERIES_TEXTS_UI = {
  repeats: 'Repeats',
  doesNotRepeat: 'Does not repeat',
  applyTo: 'Apply changes to',
  thisDate: 'This date only',
  following: 'This and following dates',
  all: 'All future dates',
  cancelDate: 'Cancel this date',
  endSeries: 'End series',
  cancelled: 'Cancelled',
  registerEvery: 'Register for every date',
  leaveSeries: 'Leave the series',
  subscribe: 'Subscribe',
  partOfSeries: 'Part of a series',
  upcomingDates: 'Upcoming dates',
  pastDates: 'Past dates',
} as const;

/** The web app's further texts for series: messages after an action, confirmations, states. */
export const SERIES_UI_MESSAGES = {
  startFirst: 'Choose the start time first: the monthly day comes from it.',
  scheduleIncomplete: 'Fill in the fields above to see the schedule.',
  seriesCreated: (dates: number) => `Series created with ${dates === 1 ? '1 date' : `${dates} dates`}.`,
  seriesUpdated: (updated: number, kept: number) =>
    `Series updated: ${updated === 1 ? '1 date' : `${updated} dates`} changed` +
    (kept > 0 ? `, ${kept === 1 ? '1 date' : `${kept} dates`} with registrations kept as they were.` : '.'),
  dateCancelled: (notified: number) =>
    `Date cancelled. ${notified === 1 ? '1 registrant was' : `${notified} registrants were`} sent a cancellation e-mail.`,
  seriesEnded: (removed: number, cancelled: number) =>
    `Series ended: ${removed === 1 ? '1 date' : `${removed} dates`} removed, ${cancelled === 1 ? '1 date' : `${cancelled} dates`} with registrations cancelled.`,
  cancelConfirm:
    'The date stays on the calendar, shown as cancelled. Everyone registered gets a cancellation e-mail and their registrations are removed.',
  endConfirm:
    'No new dates will be made. Dates to come without registrations are removed; those with registrations are cancelled, and their registrants get a cancellation e-mail.',
  keepDate: 'Keep this date',
  keepSeries: 'Keep the series',
  cancelFailed: 'Failed to cancel the date',
  endFailed: 'Failed to end the series',
  createFailed: 'Failed to create series',
  updateFailed: 'Failed to update series',
  seriesLoadFailed: 'Failed to load the series',
  cancelledTitle: 'This date is cancelled',
  cancelledText: 'Its registrants were told, and it is closed to registration.',
  endedBadge: 'Ended',
  loadFailed: 'Failed to load the series',
  notFoundText: 'The series you are looking for does not exist or has been removed.',
  noUpcoming: 'No dates to come.',
  noPast: 'No past dates yet.',
  joined: 'You are registered for every date of this series. New dates will register you too.',
  notJoined: 'Register once and every date to come is yours: a seat, or a place on the waitlist when a date is full.',
  joinedStatus: (attending: number, waitlisted: number) =>
    `Registered for every date: ${attending === 1 ? '1 date' : `${attending} dates`}` +
    (waitlisted > 0 ? `, waitlisted for ${waitlisted === 1 ? '1 date' : `${waitlisted} dates`}.` : '.'),
  leftStatus: (left: number) =>
    `You left the series${left > 0 ? ` and ${left === 1 ? '1 date' : `${left} dates`} to come` : ''}.`,
  joinFailed: 'Failed to register for the series',
  leaveFailed: 'Failed to leave the series',
  signInToJoin: 'Sign in to register for every date',
  ended: 'This series has ended: no new dates will be made.',
  eventCancelledTitle: 'This date has been cancelled',
  eventCancelledText: 'It is closed to registration. Everyone who was registered has been told by e-mail.',
  seriesDates: 'See every date',
  recap: 'Recap',
  gallery: 'Gallery',
} as const;
