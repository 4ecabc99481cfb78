import { useId } from 'react';
import { PEOPLE_TO_MEET } from '../../../shared/people-to-meet-texts';
import { Alert } from '../../components/alert';
import { Card } from '../../components/card';
import { CheckboxField } from '../../components/checkbox-field';
import { Skeleton } from '../../components/skeleton';
import { LoadError } from '../../components/load-error';
import { errorMessage } from '../../lib/api';
import { usePeopleToMeetSetting, useSavePeopleToMeetSetting } from './offers-asks-api';

export const PEOPLE_TO_MEET_SETTING_LABEL = `Show me in ${PEOPLE_TO_MEET}`;
export const PEOPLE_TO_MEET_SETTING_HINT =
  'Other attendees of events you register for see you in People to meet on the event page, with what you offer and look for.';
const LOAD_ERROR = 'Failed to load this setting';

/** The dashboard's "Show me in People to meet", saved as soon as it changes. */
export function PeopleToMeetSetting() {
  const headingId = useId();
  const setting = usePeopleToMeetSetting();
  const save = useSavePeopleToMeetSetting();

  return (
    <section aria-labelledby={headingId}>
      <Card>
        <h2 id={headingId} className="text-lg font-semibold text-fg">
          {PEOPLE_TO_MEET}
        </h2>
        <div className="mt-4">
          {setting.data ? (
            <CheckboxField
              name="inPeopleToMeet"
              label={PEOPLE_TO_MEET_SETTING_LABEL}
              hint={PEOPLE_TO_MEET_SETTING_HINT}
              checked={setting.data.visible}
              onChange={(visible) => save.mutate({ visible })}
            />
          ) : setting.isError ? (
            <LoadError title={LOAD_ERROR} query={setting} />
          ) : (
            <Skeleton className="h-14 w-full" />
          )}
          {save.isError && (
            <Alert tone="error" className="mt-4">
              Your change was not saved: {errorMessage(save.error)}
            </Alert>
          )}
          <p role="status" className="mt-3 min-h-5 text-sm text-success-text">
            {save.isSuccess ? 'Saved' : ''}
          </p>
        </div>
      </Card>
    </section>
  );
}
