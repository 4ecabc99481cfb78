import { useId, useState } from 'react';
import {
  FEEDBACK_COMMENT_LABEL,
  FEEDBACK_RATINGS,
  FEEDBACK_SHOW_NAME_LABEL,
  RATING_WORDS,
  feedbackInput,
  type FeedbackAnswer,
  type FeedbackInput,
} from '../../../shared/feedback';
import { FEEDBACK_COMMENT_MAX } from '../../../shared/limits';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { TextareaField } from '../../components/textarea-field';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/site-dates';
import { useForm } from '../../lib/form';

const RATING_LEGEND = 'Your rating';
const SAVE_LABEL = 'Save';

/** "4 Very good": how a rating reads on its control and in a saved answer. */
export const ratingText = (rating: number) =>
  `${rating} ${RATING_WORDS[rating as keyof typeof RATING_WORDS] ?? ''}`.trim();

export const changeUntil = (closesAt: string) => `You can change your answer until ${formatDate(closesAt)}.`;

/**
 * The rating (a radio group: arrow keys move between the five), the optional comment and the
 * "show my name" choice, checked with the shared schema and saved by `save` (the event page's
 * route or the mail link's). The link page and the event page's box both use it.
 */
export function FeedbackForm({
  answer,
  rating: initialRating,
  save,
  onSaved,
  onCancel,
}: {
  answer: FeedbackAnswer | null;
  /** The rating to start from when it differs from the saved one (the mail link's tap). */
  rating?: number;
  save: (input: FeedbackInput) => Promise<unknown>;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [rating, setRating] = useState<number | undefined>(initialRating ?? answer?.rating);
  const [comment, setComment] = useState(answer?.comment ?? '');
  const [showName, setShowName] = useState(answer?.showName ?? false);
  const { errors, formError, submitting, handleSubmit, handleInput, clearError } = useForm({
    schema: feedbackInput,
    // No rating chosen yet reaches the schema as it is, which answers "Choose a rating from 1 to 5."
    values: () => ({ rating: rating as number, comment, showName }),
    submit: async (input) => {
      await save(input);
      onSaved?.();
    },
    // The server's own words: closed, did not come, cancelled.
    failure: (error) => errorMessage(error),
  });
  const ratingError = errors.rating;

  return (
    <form noValidate onSubmit={handleSubmit} onInput={handleInput} className="space-y-5">
      <fieldset aria-describedby={ratingError ? `${id}-rating-error` : undefined} className="min-w-0">
        <legend className="text-sm font-medium text-fg">{RATING_LEGEND}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {FEEDBACK_RATINGS.map((value) => (
            <label
              key={value}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm text-fg',
                'has-[:checked]:border-brand has-[:checked]:bg-surface-2 has-[:checked]:font-semibold',
                ratingError ? 'border-danger dark:border-danger-text' : 'border-line-strong',
              )}
            >
              <input
                type="radio"
                name="rating"
                value={value}
                checked={rating === value}
                onChange={() => {
                  setRating(value);
                  clearError('rating');
                }}
                className="size-6 shrink-0 accent-brand"
              />
              {ratingText(value)}
            </label>
          ))}
        </div>
        {ratingError && (
          <p id={`${id}-rating-error`} className="mt-1.5 text-sm font-medium text-danger-text">
            {ratingError}
          </p>
        )}
      </fieldset>
      <TextareaField
        label={FEEDBACK_COMMENT_LABEL}
        name="comment"
        hint="Optional."
        maxLength={FEEDBACK_COMMENT_MAX}
        rows={3}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        error={errors.comment}
      />
      <CheckboxField
        label={FEEDBACK_SHOW_NAME_LABEL}
        name="showName"
        checked={showName}
        onChange={setShowName}
        hint="Unless you tick this, the organisers see your answer without your name."
      />
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={submitting}>
          {SAVE_LABEL}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
