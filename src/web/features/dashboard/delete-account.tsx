import { useMemo, useState } from 'react';
import { z } from 'zod';
import { Download, Trash2 } from 'lucide-react';
import {
  DELETE_ACCOUNT_FAILED,
  DELETE_ACCOUNT_TITLE,
  DOWNLOAD_DATA_LABEL,
  USERNAME_MISMATCH,
} from '../../../shared/account';
import { Button, buttonClasses } from '../../components/button';
import { Card } from '../../components/card';
import { Dialog, DialogClose } from '../../components/dialog';
import { TextField } from '../../components/text-field';
import { ApiRequestError } from '../../lib/api';
import { useForm } from '../../lib/form';
import { EXPORT_URL, useDeleteAccount } from './account-api';

/** The member's own data: download all of it, or delete the account after typing the username. */
export function DeleteAccount({ username }: { username: string }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount();
  const matches = typed.trim().toLowerCase() === username.toLowerCase();
  const confirmInput = useMemo(
    () =>
      z.object({
        confirmUsername: z
          .string()
          .trim()
          .refine((value) => value.toLowerCase() === username.toLowerCase(), USERNAME_MISMATCH),
      }),
    [username],
  );
  // Every refusal is about the typed confirmation, so it shows there.
  const { errors, handleSubmit, clearError, clearErrors } = useForm({
    schema: confirmInput,
    values: () => ({ confirmUsername: typed }),
    submit: ({ confirmUsername }) => remove.mutateAsync(confirmUsername),
    fieldError: (failure) => ({
      confirmUsername:
        failure instanceof ApiRequestError && failure.status > 0 ? failure.message : DELETE_ACCOUNT_FAILED,
    }),
  });

  return (
    <section aria-labelledby="your-data-heading">
      <Card>
        <h2 id="your-data-heading" className="text-lg font-semibold text-fg">
          Your data
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          Download everything we hold about you (profile, skills, registrations, guests, connections, messages and forum
          posts) as one file, or delete your account for good.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <a href={EXPORT_URL} download className={buttonClasses('secondary')}>
            <Download aria-hidden="true" />
            {DOWNLOAD_DATA_LABEL}
          </a>
          <Button
            variant="danger"
            onClick={() => {
              setTyped('');
              clearErrors();
              setOpen(true);
            }}
          >
            <Trash2 aria-hidden="true" />
            {DELETE_ACCOUNT_TITLE}
          </Button>
        </div>
      </Card>
      <Dialog
        open={open}
        onOpenChange={(next) => !remove.isPending && setOpen(next)}
        title={`${DELETE_ACCOUNT_TITLE}?`}
        description="Your account, profile, registrations, guests and connections are deleted and cannot be restored. Messages you sent and your forum posts stay, shown as from a former member."
      >
        <form noValidate onSubmit={handleSubmit} className="space-y-4">
          <TextField
            label={`Type your username (${username}) to confirm`}
            name="confirmUsername"
            autoComplete="off"
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              clearError('confirmUsername');
            }}
            error={errors.confirmUsername}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary" disabled={remove.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="danger" loading={remove.isPending} disabled={!matches}>
              {DELETE_ACCOUNT_TITLE}
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
