import { useEffect, useRef, useState } from 'react';
import { FEEDBACK_QUESTION, FEEDBACK_SAVED, FEEDBACK_WINDOW_DAYS, type FeedbackAnswer } from '../../../shared/feedback';
import { Alert } from '../../components/alert';
import { buttonClasses } from '../../components/button';
import { useEventFeedback, useSaveEventFeedback } from './api';
import { changeUntil, FeedbackForm, ratingText } from './feedback-form';

const DAY_MS = 86_400_000;
const CHANGE_ANSWER = 'Change your answer';

/**
 * "How was {event}?" on an ended event's page, for a signed-in member (the route composes it into
 * the event page, app/routes/site-routes.tsx, and the page loads it only then). It asks the
 * server only within the rating window, counted from the event's end here, and shows itself only
 * to those who came, while the window is open: the form, then the answer with a way to change it.
 */
export function FeedbackBox({ eventId, endTime }: { eventId: string; endTime: string }) {
  const [now] = useState(() => Date.now());
  const end = Date.parse(endTime);
  const inWindow = end <= now && now < end + FEEDBACK_WINDOW_DAYS * DAY_MS;
  const query = useEventFeedback(eventId, inWindow);
  const save = useSaveEventFeedback(eventId);
  const [editing, setEditing] = useState(false);
  const [justSaved, setJustSaved] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const change = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<'summary' | 'change' | null>(null);

  // The form goes away on Save or Cancel: focus moves to what replaces it.
  useEffect(() => {
    if (editing) return;
    if (focusAfter.current === 'summary') summary.current?.focus();
    if (focusAfter.current === 'change') change.current?.focus();
    focusAfter.current = null;
  }, [editing, justSaved]);

  const state = query.data;
  if (!inWindow || !state || !state.eligible || !state.open) return null;
  const answer = state.answer;
  const headingId = `feedback-${eventId}`;

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-line bg-surface p-5 shadow-sm">
      <h2 id={headingId} className="text-xl font-semibold tracking-tight text-fg">
        {FEEDBACK_QUESTION(state.event.name)}
      </h2>
      <div className="mt-4">
        {answer && !editing ? (
          <div ref={summary} tabIndex={-1} className="space-y-3 rounded-lg focus:outline-none">
            {justSaved && <Alert tone="success">{FEEDBACK_SAVED}</Alert>}
            <SavedAnswer answer={answer} />
            <p className="text-sm text-fg-muted">{changeUntil(state.closesAt)}</p>
            <button
              ref={change}
              type="button"
              className={buttonClasses('secondary')}
              onClick={() => {
                setJustSaved(false);
                setEditing(true);
              }}
            >
              {CHANGE_ANSWER}
            </button>
          </div>
        ) : (
          <FeedbackForm
            answer={answer}
            save={(input) => save.mutateAsync(input)}
            onSaved={() => {
              focusAfter.current = 'summary';
              setJustSaved(true);
              setEditing(false);
            }}
            onCancel={
              answer
                ? () => {
                    focusAfter.current = 'change';
                    setEditing(false);
                  }
                : undefined
            }
          />
        )}
      </div>
    </section>
  );
}

function SavedAnswer({ answer }: { answer: FeedbackAnswer }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-medium text-fg-muted">Your rating</dt>
      <dd className="text-fg">{ratingText(answer.rating)}</dd>
      {answer.comment && (
        <>
          <dt className="font-medium text-fg-muted">Your comment</dt>
          <dd className="whitespace-pre-line break-words text-fg">{answer.comment}</dd>
        </>
      )}
      <dt className="font-medium text-fg-muted">Your name</dt>
      <dd className="text-fg">{answer.showName ? 'Shown to the organisers' : 'Not shown to the organisers'}</dd>
    </dl>
  );
}
