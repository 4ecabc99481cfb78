import { passwordConfirmInput } from '../../shared/two-factor';
import { errorMessage } from '../lib/api';
import { cn } from '../lib/cn';
import { useForm } from '../lib/form';
import { Alert } from './alert';
import { Button } from './button';
import { TextField } from './text-field';

/** "Your password", then a submit and Cancel: the member proves it is them before something
 * that matters (two-step sign-in's changes, the most sensitive admin actions). A wrong password
 * comes back from the server on the field. */
export function PasswordConfirmForm({
  submitLabel,
  danger,
  onConfirm,
  onCancel,
  className,
}: {
  submitLabel: string;
  danger?: boolean;
  onConfirm: (password: string) => Promise<unknown>;
  onCancel: () => void;
  className?: string;
}) {
  const { errors, formError, submitting, handleSubmit, handleInput } = useForm({
    schema: passwordConfirmInput,
    submit: async ({ password }) => void (await onConfirm(password)),
    failure: errorMessage,
  });
  return (
    <form
      noValidate
      // In a dialog portalled out of another form (a user's edit page), React would still bubble
      // the submit to that form.
      onSubmit={(event) => {
        event.stopPropagation();
        handleSubmit(event);
      }}
      onInput={handleInput}
      className={cn('space-y-4', className)}
    >
      {formError && <Alert tone="error">{formError}</Alert>}
      <TextField
        label="Your password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={submitting}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
