import { useId, useLayoutEffect } from 'react';
import { CalendarPlus, Copy } from 'lucide-react';
import {
  CALENDAR_FEED_LOAD_ERROR,
  CALENDAR_FEED_REGENERATE_ERROR,
  CALENDAR_FEED_TITLE,
} from '../../../shared/calendar-feed';
import { Alert } from '../../components/alert';
import { Button, buttonClasses } from '../../components/button';
import { Card } from '../../components/card';
import { Skeleton } from '../../components/skeleton';
import { TextareaField } from '../../components/textarea-field';
import { LoadError } from '../../components/load-error';
import { errorMessage } from '../../lib/api';
import { useCalendarFeed, useRegenerateCalendarFeed } from './calendar-feed-api';
import { RegenerateDialog, useAnnouncement } from './regenerate';

export const COPY_LABEL = 'Copy address';
export const SUBSCRIBE_LABEL = 'Subscribe';
export const REGENERATE_LABEL = 'Get a new address';

/** The member's private calendar address: copy it, open it in a calendar app, or replace it. */
export function CalendarFeed() {
  const feed = useCalendarFeed();
  const regenerate = useRegenerateCalendarFeed();
  const { status, announce } = useAnnouncement();
  const fieldId = useId();
  const url = feed.data?.url;

  // The address field is as tall as its text, so the whole address reads at 320 px too (a
  // one-line field cuts it off sideways). Measured here: CSS field-sizing is not yet standard.
  useLayoutEffect(() => {
    const field = document.getElementById(fieldId);
    if (!field || !url) return;
    // Again whenever its width changes (not its height: that is ours).
    let width = -1;
    const observer = new ResizeObserver(() => {
      if (field.clientWidth === width) return;
      width = field.clientWidth;
      field.style.height = 'auto';
      field.style.height = `${field.scrollHeight + field.offsetHeight - field.clientHeight}px`;
    });
    observer.observe(field);
    return () => observer.disconnect();
  }, [fieldId, url]);

  const handleCopy = async () => {
    const url = feed.data?.url;
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      announce('Copied');
    } catch {
      // No clipboard (an insecure page, a refused permission): leave the address selected instead.
      const input = document.getElementById(fieldId) as HTMLTextAreaElement | null;
      input?.focus();
      input?.select();
      announce('Could not copy: the address is selected, copy it with your keyboard.');
    }
  };

  return (
    <section aria-labelledby="calendar-feed-heading">
      <Card>
        <h2 id="calendar-feed-heading" className="text-lg font-semibold text-fg">
          {CALENDAR_FEED_TITLE}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          Subscribe to this private address and the events you register for appear in your calendar app and update
          themselves.
        </p>
        {feed.data ? (
          <div className="mt-4 space-y-3">
            <TextareaField
              id={fieldId}
              label="Your calendar address"
              name="calendarFeedUrl"
              hint="Keep it to yourself: anyone with the address can see your events."
              value={feed.data.url}
              readOnly
              rows={2}
              spellCheck={false}
              style={{ resize: 'none', wordBreak: 'break-all' }}
              onFocus={(event) => event.currentTarget.select()}
            />
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={() => void handleCopy()}>
                <Copy aria-hidden="true" />
                {COPY_LABEL}
              </Button>
              <a href={feed.data.webcalUrl} className={buttonClasses('secondary', 'sm')}>
                <CalendarPlus aria-hidden="true" />
                {SUBSCRIBE_LABEL}
              </a>
              <RegenerateDialog
                label={REGENERATE_LABEL}
                description="The current address stops working at once: calendars subscribed to it stop updating until you subscribe to the new one."
                regenerate={regenerate}
                onRegenerated={() => announce('New address ready. The old one no longer works.')}
              />
            </div>
          </div>
        ) : feed.isError ? (
          <LoadError title={CALENDAR_FEED_LOAD_ERROR} query={feed} className="mt-4" />
        ) : (
          <div className="mt-4 space-y-3">
            <span className="sr-only">Loading your calendar address</span>
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-10 w-full" />
          </div>
        )}
        {regenerate.isError && (
          <Alert tone="error" title={CALENDAR_FEED_REGENERATE_ERROR} className="mt-3">
            {errorMessage(regenerate.error)}
          </Alert>
        )}
        <p role="status" className="mt-2 min-h-5 text-sm text-fg-muted empty:mt-0 empty:min-h-0">
          {status}
        </p>
      </Card>
    </section>
  );
}
