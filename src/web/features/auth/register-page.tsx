import { useEffect } from 'react';
import { useNavigate, useSearchParams } from '../../lib/router';
import { registerInput } from '../../../shared/auth';
import { INVITED_LINE } from '../../../shared/invitations';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { PageSpinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { TextLink } from '../../components/text-link';
import { errorMessage } from '../../lib/api';
import { useForm } from '../../lib/form';
import { paths } from '../../lib/paths';
import { rememberRedirect, takeRedirect } from '../../lib/redirect-after-login';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useRegister } from './api';
import { AuthShell } from './auth-shell';
import { useInvitationLink } from './invitation-api';

export function RegisterPage() {
  useDocumentTitle('Register');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get('redirect_to');
  // An invitation's link (issue 35) fills in the name and e-mail; a link that cannot be used says
  // why, and the form stays as it is without one.
  const inviteToken = searchParams.get('invite');
  const invitation = useInvitationLink(inviteToken);
  const invited = invitation.data;
  const register = useRegister();
  const { errors, formError, submitting, handleSubmit, handleInput } = useForm({
    schema: registerInput,
    submit: async (input) => {
      await register.mutateAsync(input);
      // The server signs the new member in with a cookie.
      void navigate(takeRedirect() ?? paths.dashboard, { replace: true });
    },
    failure: errorMessage,
  });

  useEffect(() => rememberRedirect(redirectTo), [redirectTo]);

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
      {inviteToken && invitation.isPending ? (
        <PageSpinner label="Loading your invitation" />
      ) : (
        <form noValidate onSubmit={handleSubmit} onInput={handleInput} className="flex flex-col gap-5">
          {invited && <Alert tone="info">{INVITED_LINE}</Alert>}
          {invitation.isError && <Alert tone="error">{errorMessage(invitation.error)}</Alert>}
          {formError && <Alert tone="error">{formError}</Alert>}
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={invited?.email}
            error={errors.email}
          />
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
          <TextField
            label="Full name"
            name="fullName"
            autoComplete="name"
            required
            defaultValue={invited?.name}
            error={errors.fullName}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            hint="At least 8 characters."
            error={errors.password}
          />
          <Button type="submit" size="lg" loading={submitting} className="w-full">
            Register
          </Button>
        </form>
      )}
    </AuthShell>
  );
}
