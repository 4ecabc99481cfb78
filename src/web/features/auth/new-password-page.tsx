import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { INVALID_TOKEN, PASSWORD_UPDATED, newPasswordInput } from '../../../shared/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { TextLink } from '../../components/text-link';
import { errorMessage } from '../../lib/api';
import { useForm } from '../../lib/form';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSetNewPassword } from './api';
import { AuthShell } from './auth-shell';

const REDIRECT_DELAY_MS = 3_000;

/** The reset mail links to /new-password#token=...; the hash never reaches server logs. */
function readTokenFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.get('token') || params.get('access_token') || null;
}

export function NewPasswordPage() {
  useDocumentTitle('Set new password');
  const navigate = useNavigate();
  // Keep the last token seen: a later hash without one (e.g. the skip link's #main) must not drop it.
  const hashToken = readTokenFromHash(useLocation().hash);
  const [token, setToken] = useState(hashToken);
  if (hashToken && hashToken !== token) setToken(hashToken);
  const setPassword = useSetNewPassword();
  const { errors, formError, submitting, handleSubmit, handleInput } = useForm({
    schema: newPasswordInput,
    submit: (input) => setPassword.mutateAsync(input),
    failure: errorMessage,
  });

  useEffect(() => {
    if (!setPassword.isSuccess) return;
    const timer = setTimeout(() => void navigate(paths.login, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [setPassword.isSuccess, navigate]);

  return (
    <AuthShell
      title="Set a new password"
      description="Choose a new password for your Power Mixer account."
      footer={<TextLink to={paths.login}>Back to sign in</TextLink>}
    >
      {!token ? (
        <div className="flex flex-col gap-4">
          <Alert tone="error">{INVALID_TOKEN}</Alert>
          <p className="text-sm text-fg-muted">
            Reset links can be used once. <TextLink to={paths.resetPassword}>Request a new link</TextLink>
          </p>
        </div>
      ) : (
        <form noValidate onSubmit={handleSubmit} onInput={handleInput} className="flex flex-col gap-5">
          {setPassword.isSuccess && <Alert tone="success">{PASSWORD_UPDATED}</Alert>}
          {formError && <Alert tone="error">{formError}</Alert>}
          <input type="hidden" name="token" value={token} />
          <TextField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            disabled={setPassword.isSuccess}
            error={errors.password ?? errors.token}
          />
          <Button type="submit" size="lg" loading={submitting} disabled={setPassword.isSuccess} className="w-full">
            Update password
          </Button>
        </form>
      )}
    </AuthShell>
  );
}
