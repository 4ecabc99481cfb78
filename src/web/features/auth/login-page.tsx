import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from '../../lib/router';
import { signInInput, type Me } from '../../../shared/auth';
import { secondStepInput } from '../../../shared/two-factor';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { TextLink, textLinkClasses } from '../../components/text-link';
import { errorMessage } from '../../lib/api';
import { useForm } from '../../lib/form';
import { paths } from '../../lib/paths';
import { rememberRedirect, takeRedirect } from '../../lib/redirect-after-login';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePasskeySignIn, useSecondStep, useSignIn } from './api';
import { SIGN_IN_WITH_PASSKEY_LABEL } from '../../../shared/passkey-texts';
import { AuthShell } from './auth-shell';

export function LoginPage() {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get('redirect_to');
  const signIn = useSignIn();
  const [secondStep, setSecondStep] = useState(false);
  const enter = (user: Me) => {
    // A member whose password must change goes there first, then staff asked for two-step
    // sign-in; the remembered page waits.
    const target = user.passwordResetRequired
      ? paths.resetPassword
      : user.twoFactorSetupRequired
        ? `${paths.dashboard}#two-factor`
        : (takeRedirect() ?? paths.dashboard);
    void navigate(target, { replace: true });
  };
  const { errors, formError, submitting, handleSubmit, handleInput } = useForm({
    schema: signInInput,
    submit: async (input) => {
      const { user } = await signIn.mutateAsync(input);
      if (user) enter(user);
      else setSecondStep(true);
    },
    failure: errorMessage,
  });

  // ?redirect_to=/events/42 is where the member goes after signing in.
  useEffect(() => rememberRedirect(redirectTo), [redirectTo]);

  if (secondStep) return <SecondStep onDone={enter} onRestart={() => setSecondStep(false)} />;

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
      <PasskeySignIn onDone={enter} />
    </AuthShell>
  );
}

/** After a right password, on an account with two-step sign-in: the code from the app. */
function SecondStep({ onDone, onRestart }: { onDone: (user: Me) => void; onRestart: () => void }) {
  useDocumentTitle('Two-step sign-in');
  const secondStep = useSecondStep();
  const { errors, formError, submitting, handleSubmit, handleInput } = useForm({
    schema: secondStepInput,
    submit: async (input) => onDone((await secondStep.mutateAsync(input)).user),
    failure: errorMessage,
  });
  return (
    <AuthShell
      title="Two-step sign-in"
      description="Enter the six-digit code your authenticator app shows for Power Mixer."
      footer={
        <button type="button" onClick={onRestart} className={textLinkClasses}>
          Back to email and password
        </button>
      }
    >
      <form noValidate onSubmit={handleSubmit} onInput={handleInput} className="flex flex-col gap-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextField
          label="Code"
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          hint="Lost your phone? Type one of your recovery codes instead."
          error={errors.code}
        />
        <Button type="submit" size="lg" loading={submitting} className="w-full">
          Verify
        </Button>
      </form>
    </AuthShell>
  );
}

/** A passkey instead of the e-mail, password and second step (browsers that have WebAuthn). */
function PasskeySignIn({ onDone }: { onDone: (user: Me) => void }) {
  const passkey = usePasskeySignIn();
  if (!('PublicKeyCredential' in window)) return null;
  return (
    <div className="mt-5 flex flex-col gap-3 border-t border-line pt-5">
      {passkey.isError && <Alert tone="error">{errorMessage(passkey.error)}</Alert>}
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        loading={passkey.isPending}
        onClick={() => passkey.mutate(undefined, { onSuccess: ({ user }) => onDone(user) })}
      >
        {SIGN_IN_WITH_PASSKEY_LABEL}
      </Button>
    </div>
  );
}
