import { useId, useState } from 'react';
import type { NotificationPreferences as Preferences } from '../../../shared/notifications';
import { Alert } from '../../components/alert';
import { Card } from '../../components/card';
import { CheckboxField } from '../../components/checkbox-field';
import { Skeleton } from '../../components/skeleton';
import { LoadError } from '../../components/load-error';
import { errorMessage } from '../../lib/api';
import { useNotificationPreferences, useSaveNotificationPreferences } from './notifications-api';

export const NOTIFICATION_PREFERENCES_LOAD_ERROR = 'Failed to load your e-mail choices';

const CHOICES: { key: keyof Preferences; label: string; hint: string }[] = [
  { key: 'eventReminders', label: 'Event reminders', hint: 'Before an event you registered for starts.' },
  {
    key: 'messages',
    label: 'New messages',
    hint: 'When a member writes to you while you are away, at most one e-mail an hour per conversation.',
  },
  { key: 'connectionRequests', label: 'Connection requests', hint: 'When a member asks to connect with you.' },
  {
    key: 'forumReplies',
    label: 'Replies to my forum posts',
    hint: 'When someone replies to a discussion you started.',
  },
  {
    key: 'morningAfter',
    label: 'The morning after an event I came to',
    hint: 'At 9 AM the next day: the people you connected with there, and those you were matched with but did not meet.',
  },
  {
    key: 'feedback',
    label: 'Feedback',
    hint: 'After an event you came to: five links to rate it, in the morning-after e-mail or on their own.',
  },
  {
    key: 'communityNews',
    label: 'Community news',
    hint: 'Announcements from the organisers: season dates, sponsors, new episodes. A few a season.',
  },
];

/** The dashboard's "E-mail notifications": each kind on or off, saved as soon as it changes. */
export function NotificationPreferences() {
  const headingId = useId();
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  // The choice shows at once, in the click's own render: the cache's optimistic copy lands only
  // after the mutation's first await, and until then React puts the controlled box back.
  const [shown, setShown] = useState<Preferences | undefined>();
  const data = shown ?? preferences.data;
  const change = (next: Preferences) => {
    setShown(next);
    save.mutate(next, { onSettled: () => setShown(undefined) });
  };

  return (
    <section aria-labelledby={headingId}>
      <Card>
        <h2 id={headingId} className="text-lg font-semibold text-fg">
          E-mail notifications
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          What we e-mail you about. Account and registration e-mails are always sent.
        </p>
        <div className="mt-4">
          {data ? (
            <fieldset className="space-y-4">
              <legend className="sr-only">E-mail me about</legend>
              {CHOICES.map((choice) => (
                <CheckboxField
                  key={choice.key}
                  name={choice.key}
                  label={choice.label}
                  hint={choice.hint}
                  checked={data[choice.key]}
                  onChange={(checked) => change({ ...data, [choice.key]: checked })}
                />
              ))}
            </fieldset>
          ) : preferences.isError ? (
            <LoadError title={NOTIFICATION_PREFERENCES_LOAD_ERROR} query={preferences} />
          ) : (
            <div className="space-y-4" aria-hidden="true">
              {CHOICES.map((choice) => (
                <Skeleton key={choice.key} className="h-10 w-full" />
              ))}
            </div>
          )}
          {save.isError && (
            <Alert tone="error" className="mt-4">
              Your change was not saved: {errorMessage(save.error)}
            </Alert>
          )}
          {/* Always present, so screen readers announce the change of its words. */}
          <p role="status" className="mt-3 min-h-5 text-sm text-success-text">
            {save.isSuccess ? 'Saved' : ''}
          </p>
        </div>
      </Card>
    </section>
  );
}
