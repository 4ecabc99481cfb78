import { useId, useState, type FormEvent } from 'react';
import { RotateCw } from 'lucide-react';
import {
  ASKS_LABEL,
  MAX_OFFERS_OR_ASKS,
  OFFERS_LABEL,
  OFFER_OR_ASK_MAX_LENGTH,
  offersAsksInput,
  type OffersAsks,
} from '../../../shared/people-to-meet';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Skeleton } from '../../components/skeleton';
import { TextField } from '../../components/text-field';
import { ApiRequestError, errorMessage } from '../../lib/api';
import type { Owner } from './api';
import { useOffersAsks, useSaveOffersAsks } from './offers-asks-api';

export const OFFERS_ASKS_LOAD_ERROR = 'Failed to load your offers and asks';
export const OFFERS_ASKS_SAVE_ERROR = 'Your offers and asks were not saved';

type Kind = 'offers' | 'asks';
type Lists = Record<Kind, string[]>;
/** Errors by field name: `offers.0` .. `asks.2`. */
type FieldErrors = Record<string, string>;

const KINDS: { kind: Kind; label: string; hint: string; examples: string[] }[] = [
  {
    kind: 'offers',
    label: OFFERS_LABEL,
    hint: 'What you can help others with.',
    examples: ['commercial lending', 'SBA loans', 'introductions to local banks'],
  },
  {
    kind: 'asks',
    label: ASKS_LABEL,
    hint: 'Who or what you want to meet.',
    examples: ['a general contractor', 'an accountant', 'architects for restaurant build-outs'],
  },
];

/** Three boxes per list, the saved items first. */
const boxesOf = (saved: OffersAsks): Lists => ({
  offers: Array.from({ length: MAX_OFFERS_OR_ASKS }, (_, i) => saved.offers[i] ?? ''),
  asks: Array.from({ length: MAX_OFFERS_OR_ASKS }, (_, i) => saved.asks[i] ?? ''),
});

/** The filled boxes of one list, with the box each item came from (to put errors back on it). */
function filled(boxes: string[]) {
  return boxes.map((text, box) => ({ text: text.trim(), box })).filter((item) => item.text !== '');
}

/** The dashboard's "Offers and asks": up to 3 short items each, saved together. */
export function OffersAsksEditor({ owner }: { owner: Owner }) {
  const headingId = useId();
  const saved = useOffersAsks();

  return (
    <section aria-labelledby={headingId}>
      <Card>
        <h2 id={headingId} className="text-lg font-semibold text-fg">
          Offers and asks
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          Up to {MAX_OFFERS_OR_ASKS} short items each. They show on your profile and directory card, and suggest People
          to meet at events you register for.
        </p>
        <div className="mt-4">
          {saved.data ? (
            <OffersAsksForm owner={owner} saved={saved.data} />
          ) : saved.isError ? (
            <Alert tone="error" title={OFFERS_ASKS_LOAD_ERROR}>
              <Button
                variant="secondary"
                size="sm"
                className="mt-2"
                loading={saved.isFetching}
                onClick={() => void saved.refetch()}
              >
                {!saved.isFetching && <RotateCw aria-hidden="true" />}
                Retry
              </Button>
            </Alert>
          ) : (
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-hidden="true">
              {KINDS.map(({ kind }) => (
                <Skeleton key={kind} className="h-48 w-full" />
              ))}
            </div>
          )}
        </div>
      </Card>
    </section>
  );
}

function OffersAsksForm({ owner, saved }: { owner: Owner; saved: OffersAsks }) {
  const save = useSaveOffersAsks(owner);
  const [boxes, setBoxes] = useState<Lists>(() => boxesOf(saved));
  const [errors, setErrors] = useState<FieldErrors>({});
  const idPrefix = useId();
  const inputId = (name: string) => `${idPrefix}-${name}`;

  const focusFirst = (next: FieldErrors) => {
    const first = Object.keys(next).sort()[0];
    if (first) document.getElementById(inputId(first))?.focus();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const items = { offers: filled(boxes.offers), asks: filled(boxes.asks) };
    const input = { offers: items.offers.map((i) => i.text), asks: items.asks.map((i) => i.text) };
    // The server's own rules first, each message on the box it is about.
    const result = offersAsksInput.safeParse(input);
    if (!result.success) {
      const next: FieldErrors = {};
      for (const issue of result.error.issues) {
        const [kind, index] = issue.path as [Kind, number | undefined];
        const box = typeof index === 'number' ? items[kind][index]?.box : 0;
        const name = `${kind}.${box ?? 0}`;
        next[name] ??= issue.message;
      }
      setErrors(next);
      focusFirst(next);
      return;
    }
    setErrors({});
    save.mutate(result.data, {
      onSuccess: (stored) => setBoxes(boxesOf(stored)),
      onError: (error) => {
        // "offers.1: Keep each one under 80 characters." names the item; put it on its box.
        const match = error instanceof ApiRequestError ? /^(offers|asks)\.(\d+): (.+)$/.exec(error.message) : null;
        if (!match) return;
        const kind = match[1] as Kind;
        const box = items[kind][Number(match[2])]?.box ?? 0;
        const next = { [`${kind}.${box}`]: match[3]! };
        setErrors(next);
        focusFirst(next);
      },
    });
  };

  const change = (kind: Kind, box: number, value: string) => {
    setBoxes((current) => ({ ...current, [kind]: current[kind].map((v, i) => (i === box ? value : v)) }));
    const name = `${kind}.${box}`;
    if (errors[name]) {
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== name)));
    }
    if (save.isSuccess || save.isError) save.reset();
  };

  const fieldError = Object.keys(errors).length > 0;
  const serverError = save.isError && !fieldError ? save.error : null;

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
        {KINDS.map(({ kind, label, hint, examples }) => (
          <fieldset key={kind} className="flex min-w-0 flex-col gap-3">
            <legend className="mb-3">
              <span className="block text-sm font-semibold text-fg">{label}</span>
              <span className="block text-sm text-fg-muted">{hint}</span>
            </legend>
            {boxes[kind].map((value, box) => {
              const name = `${kind}.${box}`;
              return (
                <TextField
                  key={name}
                  id={inputId(name)}
                  name={name}
                  label={`${label} ${box + 1}`}
                  value={value}
                  placeholder={`e.g. ${examples[box]}`}
                  maxLength={OFFER_OR_ASK_MAX_LENGTH}
                  autoComplete="off"
                  error={errors[name]}
                  onChange={(e) => change(kind, box, e.target.value)}
                />
              );
            })}
          </fieldset>
        ))}
      </div>
      {serverError && (
        <Alert tone="error" title={OFFERS_ASKS_SAVE_ERROR}>
          {errorMessage(serverError)}
        </Alert>
      )}
      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-line pt-5">
        {/* Always present, so screen readers announce the change of its words. */}
        <p role="status" className="min-h-5 text-sm text-success-text">
          {save.isSuccess ? 'Saved' : ''}
        </p>
        <Button type="submit" loading={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
