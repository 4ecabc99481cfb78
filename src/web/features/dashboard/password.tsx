import { useRef, useState } from 'react';
import { CHANGE_PASSWORD_TITLE, PASSWORD_CHANGED, changePasswordInput } from '../../../shared/account';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../lib/api';
import { useForm } from '../../lib/form';
import { useChangePassword } from './account-api';

/** Changing the password on the dashboard: the current one, then the new one. The other
 * sessions are signed out (a lost phone or a shared computer loses its way in). */
export function PasswordSection() {
  const change = useChangePassword();
  const [changed, setChanged] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, formError, submitting, handleSubmit, handleInput } = useForm({
    schema: changePasswordInput,
    submit: async (input) => {
      setChanged(false);
      await change.mutateAsync(input);
      formRef.current?.reset();
      setChanged(true);
    },
    failure: errorMessage,
  });
  return (
    <section id="password" aria-labelledby="password-heading" className="scroll-mt-24">
      <Card>
        <h2 id="password-heading" className="text-lg font-semibold text-fg">
          {CHANGE_PASSWORD_TITLE}
        </h2>
        <form
          ref={formRef}
          noValidate
          onSubmit={handleSubmit}
          onInput={(event) => {
            setChanged(false);
            handleInput(event);
          }}
          className="mt-3 max-w-sm space-y-4"
        >
          {changed && <Alert tone="success">{PASSWORD_CHANGED}</Alert>}
          {formError && <Alert tone="error">{formError}</Alert>}
          <TextField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            error={errors.currentPassword}
          />
          <TextField
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            hint="At least 8 characters, not easy to guess."
            error={errors.newPassword}
          />
          <Button type="submit" loading={submitting}>
            Change password
          </Button>
        </form>
      </Card>
    </section>
  );
}
