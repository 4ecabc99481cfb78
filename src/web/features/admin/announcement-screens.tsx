import { lazy, Suspense } from 'react';
import { PageSpinner } from '../../components/spinner';

// The announcement screens' routes (issue 35) load this small module, which loads the screens.
// Every chunk a route's screen needs is named in the shell that every visit loads (to fetch them
// side by side); the form's (the rich-text editor, the shared contract and the pieces it shares
// with the Announcements tab) are named here instead, one step later, for admins only.

const load = () => import('./announcement-form-page');
const Create = lazy(() => load().then((m) => ({ default: m.AnnouncementCreatePage })));
const One = lazy(() => load().then((m) => ({ default: m.AnnouncementPage })));

/** /admin/announcements/create */
export function AnnouncementCreateScreen() {
  return (
    <Suspense fallback={<PageSpinner label="Loading the form" />}>
      <Create />
    </Suspense>
  );
}

/** /admin/announcements/:announcementId */
export function AnnouncementScreen() {
  return (
    <Suspense fallback={<PageSpinner label="Loading the announcement" />}>
      <One />
    </Suspense>
  );
}
