import { useEffect, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { registerInput } from '../../../shared/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { TextLink } from '../../components/text-link';
import { errorMessage } from '../../lib/api';
import { paths } from '../../lib/paths';
import { rememberRedirect, takeRedirect } from '../../lib/redirect-after-login';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useRegister } from './api';
import { AuthShell } from './auth-shell';
import { useZodForm } from './form';

export function RegisterPage() {
  useDocumentTitle('Register');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get('redirect_to');
  const register = useRegister();
  const { errors, parse, clearError } = useZodForm(registerInput);

  useEffect(() => rememberRedirect(redirectTo), [redirectTo]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = parse(event);
    if (!input) return;
    register.mutate(input, {
      // The server signs the new member in with a cookie.
      onSuccess: () => void navigate(takeRedirect() ?? paths.dashboard, { replace: true }),
    });
  };

  return (
    <AuthShell
      title="Create your account"
      description="Join Charlotte's community of professionals, entrepreneurs and industry leaders."
      footer={
        <>
          Already a member? <TextLink to={paths.login}>Sign in</TextLink>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit} onChange={clearError} className="flex flex-col gap-5">
        {register.isError && <Alert tone="error">{errorMessage(register.error)}</Alert>}
        <TextField label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          hint="3 to 30 letters, digits, dots, dashes or underscores."
          error={errors.username}
        />
        <TextField label="Full name" name="fullName" autoComplete="name" required error={errors.fullName} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters."
          error={errors.password}
        />
        <Button type="submit" size="lg" loading={register.isPending} className="w-full">
          Register
        </Button>
      </form>
    </AuthShell>
  );
}
