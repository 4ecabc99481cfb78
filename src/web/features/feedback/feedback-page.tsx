import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from '../../lib/router';
import {
  FEEDBACK_CLOSED_MESSAGE,
  FEEDBACK_NOT_ATTENDED_MESSAGE,
  FEEDBACK_NOT_YET_MESSAGE,
  FEEDBACK_QUESTION,
  FEEDBACK_RATINGS,
  FEEDBACK_SAVED,
  INVALID_FEEDBACK_LINK_MESSAGE,
  type FeedbackState,
} from '../../../shared/feedback';
import { Alert } from '../../components/alert';
import { Card } from '../../components/card';
import { Skeleton } from '../../components/skeleton';
import { TextLink } from '../../components/text-link';
import { errorMessage } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFeedbackLink, useSaveFeedbackLink } from './api';
import { changeUntil, FeedbackForm } from './feedback-form';

const PAGE_TITLE = 'Rate the event';

/** The rating a mail link tapped (`rating=1..5`), or undefined for none or a mangled one. */
function tappedRating(value: string | null): number | undefined {
  const rating = Number(value);
  return (FEEDBACK_RATINGS as readonly number[]).includes(rating) ? rating : undefined;
}

/** Why this person cannot answer now, in the server's words, or null when they can. */
function closedReason(state: FeedbackState): string | null {
  if (!state.eligible) return FEEDBACK_NOT_ATTENDED_MESSAGE;
  if (state.open) return null;
  return Date.parse(state.closesAt) <= Date.now() ? FEEDBACK_CLOSED_MESSAGE : FEEDBACK_NOT_YET_MESSAGE;
}

/**
 * Where the morning-after mail's rating links lead (`/feedback?token=&rating=n`), signed in or
 * not: the tapped rating is recorded at once (the latest tap counts), then the comment and the
 * "show my name" choice can be added. Without a rating it shows the answer saved so far.
 */
export function FeedbackPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const rating = tappedRating(params.get('rating'));
  const tap = useSaveFeedbackLink();
  const save = useSaveFeedbackLink();
  // The tap is recorded once per visit (StrictMode runs effects twice in development).
  const tapped = useRef(false);
  useEffect(() => {
    if (token && rating && !tapped.current) {
      tapped.current = true;
      tap.mutate({ token, rating });
    }
  }, [token, rating, tap]);
  // Without a tap, or when the tap was refused: what the link names (the event, to lead back to).
  const link = useFeedbackLink(token, !rating || tap.isError);
  const state = save.data ?? tap.data ?? link.data;
  const [savedCount, setSavedCount] = useState(0);
  const saved = useRef<HTMLDivElement>(null);
  useDocumentTitle(state ? FEEDBACK_QUESTION(state.event.name) : PAGE_TITLE);

  // The Save button stays, but what it did is said above the form: focus goes there.
  useEffect(() => {
    if (savedCount > 0) saved.current?.focus();
  }, [savedCount]);

  const refusal = !token ? INVALID_FEEDBACK_LINK_MESSAGE : tap.isError ? errorMessage(tap.error) : null;
  const reason = state && (refusal ?? closedReason(state));
  const loading = !!token && !state && !refusal && !link.isError;

  return (
    <div className="px-4 py-12 sm:py-20">
      <div className="mx-auto w-full max-w-xl">
        <h1 className="text-center text-2xl font-semibold tracking-tight text-balance text-fg">
          {state ? FEEDBACK_QUESTION(state.event.name) : PAGE_TITLE}
        </h1>
        <Card className="mt-8 space-y-5">
          {loading ? (
            <div aria-busy="true">
              <span className="sr-only">Loading</span>
              <Skeleton className="h-6 w-full" />
              <Skeleton className="mt-4 h-24 w-full" />
            </div>
          ) : reason || !state ? (
            <>
              <Alert tone="error">{reason ?? (link.error ? errorMessage(link.error) : refusal)}</Alert>
              <p className="text-sm text-fg">
                {state ? (
                  <TextLink to={paths.event(state.event.id)}>Go to the event page</TextLink>
                ) : (
                  <TextLink to={paths.dashboard}>Go to your dashboard</TextLink>
                )}
              </p>
            </>
          ) : (
            <>
              {(tap.isSuccess || savedCount > 0) && (
                <div ref={saved} tabIndex={-1} className="rounded-lg focus:outline-none">
                  <Alert tone="success" key={savedCount}>
                    {FEEDBACK_SAVED}
                  </Alert>
                </div>
              )}
              <FeedbackForm
                answer={state.answer}
                save={(input) => save.mutateAsync({ ...input, token: token! })}
                onSaved={() => setSavedCount((n) => n + 1)}
              />
              <p className="text-sm text-fg-muted">
                {changeUntil(state.closesAt)} <TextLink to={paths.event(state.event.id)}>Go to the event page</TextLink>
              </p>
            </>
          )}
        </Card>
      </div>
    </div>
  );
}
