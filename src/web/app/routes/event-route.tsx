import { lazy } from 'react';
import { EventPage } from '../../features/events/event-page';
import { PeopleToMeetSection } from '../../features/people-to-meet/people-to-meet-section';
import { TicketSection } from '../../features/ticket/ticket-section';

// The event page with what other features put on it, as slots: the member's ticket, People to
// meet, and the rating box of an ended date. This module loads with the event page, so the
// composition (and the rating box's own lazy import) costs the site's first load nothing.

const FeedbackBox = lazy(() =>
  import('../../features/feedback/feedback-box').then((m) => ({ default: m.FeedbackBox })),
);

export function EventRoute() {
  return <EventPage ticket={TicketSection} people={PeopleToMeetSection} feedback={FeedbackBox} />;
}
