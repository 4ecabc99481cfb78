import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { z } from 'zod';
import {
  GUESTS_MAX,
  GUESTS_SAVED,
  guestInput,
  guestSeatsText,
  guestsInput,
  type MyRegistration,
} from '../../../shared/events';
import { EMAIL_MAX, PERSON_NAME_MAX } from '../../../shared/limits';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog, DialogClose } from '../../components/dialog';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { ApiRequestError } from '../../lib/api';
import { useForm } from '../../lib/form';
import { useSaveGuests } from './api';
import { MANAGE_GUESTS_ID } from './registration-panel';

const CLOSE_AFTER_MS = 2000;
const GUEST_COUNT_ID = 'guest-count';
const GUEST_SEATS_ID = 'guest-seats';
const GENERIC_ERROR = 'An error occurred while registering. Please try again.';
const MISSING_EVENT = 'Event ID is missing. Please try again later.';

type Row = { name: string; email: string };

/** Every row the member asked for needs a name and a valid e-mail: a half-filled or empty row is
 * pointed out, never dropped without a word (fewer guests: lower the number). Messages sit at
 * `guests.<row>.name` and `.email`, the `data-field` of the row's inputs. */
const guestRows = z
  .object({ guests: z.array(z.object({ name: z.string(), email: z.string() })) })
  .transform(({ guests: rows }, ctx) => {
    const add = (row: number, issues: readonly { path: readonly PropertyKey[]; message: string }[]) => {
      for (const issue of issues) {
        const field = issue.path[issue.path.length - 1] === 'name' ? 'name' : 'email';
        ctx.addIssue({ code: 'custom', path: ['guests', row, field], message: issue.message });
      }
    };
    const guests: Row[] = [];
    const rowOf: number[] = [];
    rows.forEach((row, i) => {
      if (!row.name.trim() || !row.email.trim()) {
        if (!row.name.trim()) add(i, [{ path: ['name'], message: 'Guest name is required' }]);
        if (!row.email.trim()) add(i, [{ path: ['email'], message: 'Guest email is required' }]);
        else add(i, guestInput.shape.email.safeParse(row.email).error?.issues ?? []);
        return;
      }
      const parsed = guestInput.safeParse(row);
      if (parsed.success) {
        guests.push(parsed.data);
        rowOf.push(i);
      } else add(i, parsed.error.issues);
    });
    // The rules across guests (no two share an e-mail) come from the schema the server checks too.
    for (const issue of guestsInput.safeParse({ guests }).error?.issues ?? []) {
      const row = rowOf[issue.path[1] as number];
      if (row !== undefined) add(row, [issue]);
    }
    return { guests };
  });

/** Which rows lack a name or an e-mail, said once above the rows; null when none does. */
function incompleteRows(rows: Row[]): string | null {
  const incomplete = rows.flatMap((row, i) => {
    const missing = [!row.name.trim() && 'a name', !row.email.trim() && 'an email'].filter(Boolean);
    return missing.length > 0 ? [`Guest ${i + 1} is missing ${missing.join(' and ')}.`] : [];
  });
  if (incomplete.length === 0) return null;
  return `${incomplete.join(' ')} ${incomplete.length === 1 ? 'Fill it in' : 'Fill them in'}, or lower the Number of Guests.`;
}

/** Why the dialog opened: right after registering as attending (the spec's guest registration
 * modal, its title and buttons the spec's), or later from the guests button, to add the first
 * guests or change those saved (decided at opening, so the title stays put once they are saved). */
export type GuestModalMode = 'registered' | 'add' | 'edit';

const TITLES: Record<GuestModalMode, string> = {
  registered: 'Thank you for Registering!',
  add: 'Add guests',
  edit: 'Your guests',
};

const MANAGE_TEXT = 'Guests come with you: each takes a seat and gets a ticket of their own.';

/** Up to 10 guests, name and e-mail each; fewer when fewer seats are left (`allowed`, the server's count). */
export function GuestModal({
  open,
  onOpenChange,
  mode,
  eventId,
  current,
  allowed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: GuestModalMode;
  eventId: string | undefined;
  current: MyRegistration['guests'];
  allowed: number;
}) {
  // Closed in one go, then focus on the guests button in the same task: Radix hands focus back
  // only a timer after the dialog is gone, and until then it rests on the page body.
  const openChange = (next: boolean) => {
    if (next) return onOpenChange(true);
    flushSync(() => onOpenChange(false));
    document.getElementById(MANAGE_GUESTS_ID)?.focus();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={openChange}
      // The first thing to decide is how many guests (the close button comes first otherwise).
      onOpenAutoFocus={(event) => {
        const count = document.getElementById(GUEST_COUNT_ID);
        if (!count) return;
        event.preventDefault();
        count.focus();
      }}
      // Opened right after registering, the button that opened it is gone: focus goes back to the
      // guests button in the registration panel instead of the top of the page.
      onCloseAutoFocus={(event) => {
        const guestsButton = document.getElementById(MANAGE_GUESTS_ID);
        if (!guestsButton) return;
        event.preventDefault();
        guestsButton.focus();
      }}
      title={TITLES[mode]}
      description={mode === 'registered' ? 'Would you like to register any guests?' : MANAGE_TEXT}
    >
      {/* Rendered only while open, so every opening starts from the saved guests. */}
      <GuestForm mode={mode} eventId={eventId} current={current} allowed={allowed} close={() => openChange(false)} />
    </Dialog>
  );
}

function GuestForm({
  mode,
  eventId,
  current,
  allowed,
  close,
}: {
  mode: GuestModalMode;
  eventId: string | undefined;
  current: Row[];
  allowed: number;
  close: () => void;
}) {
  const formId = useId();
  const [rows, setRows] = useState<Row[]>(() => current.map((g) => ({ name: g.name, email: g.email })));
  const save = useSaveGuests(eventId);
  const saved = save.isSuccess;
  const { errors, formError, submitting, handleSubmit, clearError, setFormError } = useForm({
    schema: guestRows,
    values: () => ({ guests: rows }),
    submit: async ({ guests }) => {
      // Nothing to add and nothing to remove: nothing to send.
      if (guests.length === 0 && current.length === 0) return close();
      await save.mutateAsync({ guests });
    },
    // The server's own reason when it refused the guests (no seats left, a guest who is you,
    // registration closed); the spec's generic text for anything else.
    failure: (error) =>
      error instanceof ApiRequestError && (error.status === 409 || error.status === 422)
        ? error.message
        : GENERIC_ERROR,
  });

  // The success banner stays 2 seconds, then the modal closes itself.
  const closeLater = useRef(close);
  useEffect(() => {
    closeLater.current = close;
  });
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => closeLater.current(), CLOSE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  // No more guests than seats left (the server refuses more, in the hint's words). Guests saved
  // before a capacity cut, or chosen just before the seats went to someone else, stay listed, so
  // the member sees them and can lower the number.
  const seatsShort = allowed < GUESTS_MAX;
  const options = Math.max(allowed, current.length, rows.length);

  const setCount = (count: number) =>
    setRows((previous) => Array.from({ length: count }, (_, i) => previous[i] ?? { name: '', email: '' }));

  const edit = (index: number, field: keyof Row, value: string) => {
    setRows((previous) => previous.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
    clearError(`guests.${index}.${field}`);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // Saved: the banner shows until the modal closes itself; another press does nothing.
    if (saved) {
      event.preventDefault();
      return;
    }
    if (!eventId) {
      event.preventDefault();
      setFormError(MISSING_EVENT);
      return;
    }
    handleSubmit(event);
    // Each message sits under its field (the hook has just cleared the form's text); which rows
    // lack what is also said once, above them.
    const incomplete = incompleteRows(rows);
    if (incomplete) setFormError(incomplete);
  };

  return (
    <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-5">
      {saved && <Alert tone="success">{GUESTS_SAVED}</Alert>}
      {formError && <Alert tone="error">{formError}</Alert>}

      <div className="flex flex-wrap items-end gap-x-4 gap-y-1.5">
        <SelectField
          label="Number of Guests"
          id={GUEST_COUNT_ID}
          name="guestCount"
          value={rows.length}
          onChange={(event) => setCount(Number(event.target.value))}
          disabled={saved}
          aria-describedby={seatsShort ? GUEST_SEATS_ID : undefined}
          className="w-40"
        >
          {Array.from({ length: options + 1 }, (_, n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
        {seatsShort && (
          <p id={GUEST_SEATS_ID} className="pb-2.5 text-sm text-fg-muted">
            {guestSeatsText(allowed)}
          </p>
        )}
      </div>

      {rows.length > 0 && (
        <>
          <p className="-mt-2 text-sm text-fg-muted">Each guest needs a name and an email.</p>
          {rows.map((row, i) => (
            <fieldset key={i} className="grid gap-3 rounded-lg border border-line p-4 sm:grid-cols-2" disabled={saved}>
              <legend className="px-1 text-sm font-semibold text-fg">Guest {i + 1}</legend>
              <TextField
                id={`${formId}-name-${i}`}
                label="Guest Name"
                name={`guestName${i}`}
                data-field={`guests.${i}.name`}
                autoComplete="off"
                value={row.name}
                onChange={(event) => edit(i, 'name', event.target.value)}
                error={errors[`guests.${i}.name`]}
                maxLength={PERSON_NAME_MAX}
              />
              <TextField
                id={`${formId}-email-${i}`}
                label="Guest Email"
                name={`guestEmail${i}`}
                data-field={`guests.${i}.email`}
                type="email"
                autoComplete="off"
                value={row.email}
                onChange={(event) => edit(i, 'email', event.target.value)}
                error={errors[`guests.${i}.email`]}
                maxLength={EMAIL_MAX}
              />
            </fieldset>
          ))}
        </>
      )}

      <div className="flex flex-wrap justify-end gap-2 border-t border-line pt-4">
        {/* The spec's words right after registering; plain ones for a later visit. */}
        <DialogClose asChild>
          <Button variant="secondary">{mode === 'registered' ? 'No, Thank You' : 'Cancel'}</Button>
        </DialogClose>
        {/* Once saved it is only aria-disabled: it keeps keyboard focus (a disabled button drops it
            to the page body), so the modal's close hands focus straight back to its opener. */}
        <Button type="submit" loading={submitting} aria-disabled={saved || undefined}>
          {mode === 'registered' ? 'Register Now' : 'Save guests'}
        </Button>
      </div>
    </form>
  );
}
