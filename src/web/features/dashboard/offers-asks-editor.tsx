import { useId, useRef, useState } from 'react';
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
import { LoadError } from '../../components/load-error';
import { errorMessage } from '../../lib/api';
import { useForm } from '../../lib/form';
import type { Owner } from './api';
import { useOffersAsks, useSaveOffersAsks } from './offers-asks-api';

export const OFFERS_ASKS_LOAD_ERROR = 'Failed to load your offers and asks';
export const OFFERS_ASKS_SAVE_ERROR = 'Your offers and asks were not saved';

type Kind = 'offers' | 'asks';
type Lists = Record<Kind, string[]>;

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
            <LoadError title={OFFERS_ASKS_LOAD_ERROR} query={saved} />
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
  // The filled boxes as last sent: the schema and the server number the items, not the boxes.
  const sent = useRef<Record<Kind, { text: string; box: number }[]>>({ offers: [], asks: [] });
  const idPrefix = useId();
  const inputId = (name: string) => `${idPrefix}-${name}`;

  const { errors, formError, handleSubmit, clearError } = useForm({
    schema: offersAsksInput,
    values: () => {
      sent.current = { offers: filled(boxes.offers), asks: filled(boxes.asks) };
      return { offers: sent.current.offers.map((i) => i.text), asks: sent.current.asks.map((i) => i.text) };
    },
    submit: async (input) => setBoxes(boxesOf(await save.mutateAsync(input))),
    // "offers.1: Keep each one under 80 characters." is about the second filled box, wherever it is.
    fieldName: (path) => {
      const [kind, index] = path.split('.') as [Kind, string | undefined];
      return `${kind}.${sent.current[kind]?.[Number(index ?? 0)]?.box ?? 0}`;
    },
    failure: errorMessage,
  });

  const change = (kind: Kind, box: number, value: string) => {
    setBoxes((current) => ({ ...current, [kind]: current[kind].map((v, i) => (i === box ? value : v)) }));
    clearError(`${kind}.${box}`);
    if (save.isSuccess || save.isError) save.reset();
  };

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
      {formError && save.isError && (
        <Alert tone="error" title={OFFERS_ASKS_SAVE_ERROR}>
          {formError}
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
