import { useEffect, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { signInInput } from '../../../shared/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { TextLink } from '../../components/text-link';
import { errorMessage } from '../../lib/api';
import { paths } from '../../lib/paths';
import { rememberRedirect, takeRedirect } from '../../lib/redirect-after-login';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSignIn } from './api';
import { AuthShell } from './auth-shell';
import { useZodForm } from './form';

export function LoginPage() {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get('redirect_to');
  const signIn = useSignIn();
  const { errors, parse, clearError } = useZodForm(signInInput);

  // ?redirect_to=/events/42 is where the member goes after signing in.
  useEffect(() => rememberRedirect(redirectTo), [redirectTo]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = parse(event);
    if (!input) return;
    signIn.mutate(input, {
      onSuccess: ({ user }) => {
        // A member whose password must change goes there first; the remembered page waits.
        const target = user.passwordResetRequired ? paths.resetPassword : (takeRedirect() ?? paths.dashboard);
        void navigate(target, { replace: true });
      },
    });
  };

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
      <form noValidate onSubmit={handleSubmit} onChange={clearError} className="flex flex-col gap-5">
        {signIn.isError && <Alert tone="error">{errorMessage(signIn.error)}</Alert>}
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
        <Button type="submit" size="lg" loading={signIn.isPending} className="w-full">
          Sign In
        </Button>
      </form>
    </AuthShell>
  );
}
