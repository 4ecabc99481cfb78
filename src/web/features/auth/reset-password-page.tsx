import { RESET_EMAIL_SENT, resetRequestInput } from '../../../shared/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { TextLink } from '../../components/text-link';
import { errorMessage } from '../../lib/api';
import { useForm } from '../../lib/form';
import { paths } from '../../lib/paths';
import { useMe } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useRequestPasswordReset } from './api';
import { AuthShell } from './auth-shell';

export function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const { me } = useMe();
  const requestReset = useRequestPasswordReset();
  const { errors, formError, submitting, handleSubmit, handleInput } = useForm({
    schema: resetRequestInput,
    submit: (input) => requestReset.mutateAsync(input),
    failure: errorMessage,
  });

  return (
    <AuthShell
      title="Reset your password"
      description="Enter your email and we'll send you a link to choose a new password."
      footer={
        <>
          Remembered it? <TextLink to={paths.login}>Back to sign in</TextLink>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit} onInput={handleInput} className="flex flex-col gap-5">
        {me?.passwordResetRequired && !requestReset.isSuccess && (
          <Alert tone="info">Your account needs a new password before you continue.</Alert>
        )}
        {requestReset.isSuccess && <Alert tone="success">{RESET_EMAIL_SENT}</Alert>}
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={me?.email}
          error={errors.email}
        />
        <Button type="submit" size="lg" loading={submitting} className="w-full">
          Send reset link
        </Button>
      </form>
    </AuthShell>
  );
}
