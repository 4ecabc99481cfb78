import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { signInInput } from '../../../shared/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { TextLink } from '../../components/text-link';
import { errorMessage } from '../../lib/api';
import { useForm } from '../../lib/form';
import { paths } from '../../lib/paths';
import { rememberRedirect, takeRedirect } from '../../lib/redirect-after-login';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSignIn } from './api';
import { AuthShell } from './auth-shell';

export function LoginPage() {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get('redirect_to');
  const signIn = useSignIn();
  const { errors, formError, submitting, handleSubmit, handleInput } = useForm({
    schema: signInInput,
    submit: async (input) => {
      const { user } = await signIn.mutateAsync(input);
      // A member whose password must change goes there first; the remembered page waits.
      const target = user.passwordResetRequired ? paths.resetPassword : (takeRedirect() ?? paths.dashboard);
      void navigate(target, { replace: true });
    },
    failure: errorMessage,
  });

  // ?redirect_to=/events/42 is where the member goes after signing in.
  useEffect(() => rememberRedirect(redirectTo), [redirectTo]);

  return (
    <AuthShell
      title="Sign in"
      description="Welcome back to the Power Mixer community."
      footer={
        <>
          New to Power Mixer? <TextLink to={paths.register}>Create an account</TextLink>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit} onInput={handleInput} className="flex flex-col gap-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextField label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
        <div className="flex flex-col gap-1.5">
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={errors.password}
          />
          <TextLink to={paths.resetPassword} className="self-end text-sm">
            Forgot your password?
          </TextLink>
        </div>
        <Button type="submit" size="lg" loading={submitting} className="w-full">
          Sign In
        </Button>
      </form>
    </AuthShell>
  );
}
