import { useEffect, useRef, useState } from 'react';
import { Download, KeyRound, ShieldCheck } from 'lucide-react';
import { appCodeInput, type TwoFactorSetup } from '../../../shared/two-factor';
import { RECOVERY_CODE_COUNT, TWO_FACTOR_TITLE } from '../../../shared/two-factor-texts';
import { Alert } from '../../components/alert';
import { Button, buttonClasses } from '../../components/button';
import { Card } from '../../components/card';
import { Dialog } from '../../components/dialog';
import { PasswordConfirmForm } from '../../components/password-confirm-form';
import { LoadError } from '../../components/load-error';
import { Skeleton } from '../../components/skeleton';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../lib/api';
import { shortDate } from '../../lib/dates';
import { useForm } from '../../lib/form';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useNewRecoveryCodes,
  useRefreshTwoFactor,
  useStartTwoFactor,
  useTwoFactor,
} from './two-factor-api';

export const SET_UP_LABEL = 'Set up two-step sign-in';
const HEADING_ID = 'two-factor-heading';

/** Two-step sign-in on the dashboard: set up with an authenticator app, recovery codes, turn off.
 * `#two-factor` in the address (where staff are sent when it is required) brings it into view. */
export function TwoFactorSection() {
  const status = useTwoFactor();
  const [stage, setStage] = useState<'idle' | 'password' | 'scan' | 'codes'>('idle');
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[]>([]);
  const refresh = useRefreshTwoFactor();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (window.location.hash !== '#two-factor' || !status.data) return;
    headingRef.current?.scrollIntoView({ block: 'start' });
    headingRef.current?.focus();
  }, [status.data]);

  const data = status.data;
  return (
    <section id="two-factor" aria-labelledby={HEADING_ID} className="scroll-mt-24">
      <Card>
        <h2 id={HEADING_ID} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-fg">
          {TWO_FACTOR_TITLE}
        </h2>
        {!data ? (
          status.isError ? (
            <LoadError title="Could not load two-step sign-in" query={status} className="mt-3" />
          ) : (
            <Skeleton className="mt-3 h-16 w-full" />
          )
        ) : stage === 'codes' ? (
          <RecoveryCodes
            codes={codes}
            onDone={() => {
              setStage('idle');
              setCodes([]);
              refresh();
            }}
          />
        ) : data.enabled ? (
          <>
            <p className="mt-1 flex items-center gap-2 text-sm text-fg">
              <ShieldCheck aria-hidden="true" className="size-4 text-success-text" />
              On since {shortDate(data.enabledAt!)}. {data.recoveryCodesLeft} of {RECOVERY_CODE_COUNT} recovery codes
              left.
            </p>
            {data.recoveryCodesLeft <= 3 && (
              <p className="mt-2 text-sm text-fg-muted">
                Few recovery codes are left: get new ones and keep them safe.
              </p>
            )}
            <div className="mt-4 flex flex-wrap gap-3">
              <PasswordDialog
                trigger="New recovery codes"
                title="New recovery codes"
                description="Your earlier recovery codes stop working."
                submitLabel="Get new codes"
                mutation={useNewRecoveryCodes}
                onDone={(result) => {
                  setCodes((result as { recoveryCodes: string[] }).recoveryCodes);
                  setStage('codes');
                }}
              />
              <PasswordDialog
                trigger="Turn off"
                title="Turn off two-step sign-in?"
                description={
                  data.required
                    ? 'Admins and door staff need it: the admin area and door screens stay closed to you until you set it up again.'
                    : 'Your password alone will sign you in. Your other sessions are signed out.'
                }
                submitLabel="Turn off"
                danger
                mutation={useDisableTwoFactor}
                onDone={() => undefined}
              />
            </div>
          </>
        ) : stage === 'scan' && setup ? (
          <ScanStep
            setup={setup}
            onCancel={() => setStage('idle')}
            onEnabled={(recoveryCodes) => {
              setCodes(recoveryCodes);
              setStage('codes');
            }}
          />
        ) : (
          <>
            <p className="mt-1 text-sm text-fg-muted">
              Add a second step to signing in: a code from an authenticator app on your phone, so a stolen password
              alone does not open your account.
            </p>
            {data.required && (
              <Alert tone="info" className="mt-3">
                Admins and door staff need two-step sign-in: the admin area and door screens open once it is on.
              </Alert>
            )}
            {stage === 'password' ? (
              <PasswordStep
                onCancel={() => setStage('idle')}
                onStarted={(started) => {
                  setSetup(started);
                  setStage('scan');
                }}
              />
            ) : (
              <Button className="mt-4" onClick={() => setStage('password')}>
                <KeyRound aria-hidden="true" />
                {SET_UP_LABEL}
              </Button>
            )}
          </>
        )}
      </Card>
    </section>
  );
}

function PasswordStep({ onStarted, onCancel }: { onStarted: (setup: TwoFactorSetup) => void; onCancel: () => void }) {
  const start = useStartTwoFactor();
  return (
    <PasswordConfirmForm
      className="mt-4 max-w-sm"
      submitLabel="Continue"
      onConfirm={async (password) => onStarted(await start.mutateAsync({ password }))}
      onCancel={onCancel}
    />
  );
}

function ScanStep({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const enable = useEnableTwoFactor();
  const { errors, formError, submitting, handleSubmit, handleInput } = useForm({
    schema: appCodeInput,
    submit: async (input) => onEnabled((await enable.mutateAsync(input)).recoveryCodes),
    failure: errorMessage,
  });
  const key = setup.secret.match(/.{1,4}/g)!.join(' ');
  return (
    <div className="mt-3 space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-fg">
        <li>Open an authenticator app on your phone (such as Google Authenticator, 1Password or Aegis).</li>
        <li>Scan this QR code with it, or type the key below.</li>
        <li>Enter the six-digit code the app shows.</li>
      </ol>
      <img
        src={setup.qrCode}
        alt="QR code for your authenticator app"
        width={200}
        height={200}
        className="size-50 rounded-md bg-white p-1"
      />
      <p className="text-sm text-fg">
        Key:{' '}
        <code className="font-mono break-all select-all" data-testid="two-factor-key">
          {key}
        </code>
      </p>
      <form noValidate onSubmit={handleSubmit} onInput={handleInput} className="max-w-sm space-y-4">
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextField
          label="Code from the app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          error={errors.code}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={submitting}>
            Turn on
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const file = `Power Mixer recovery codes\n\nEach code signs you in once, in place of a code from your app.\n\n${codes.join('\n')}\n`;
  return (
    <div className="mt-3 space-y-4">
      <Alert tone="success" title="Save your recovery codes">
        If you lose your phone, each of these codes signs you in once. They are shown only now: download them or write
        them down, and keep them somewhere safe.
      </Alert>
      <ul aria-label="Recovery codes" className="grid max-w-sm grid-cols-2 gap-2 font-mono text-sm text-fg">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
          download="power-mixer-recovery-codes.txt"
          className={buttonClasses('secondary')}
        >
          <Download aria-hidden="true" />
          Download codes
        </a>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

/** A button that asks for the password in a dialog, then runs `mutation`. */
function PasswordDialog({
  trigger,
  title,
  description,
  submitLabel,
  danger,
  mutation,
  onDone,
}: {
  trigger: string;
  title: string;
  description: string;
  submitLabel: string;
  danger?: boolean;
  mutation: typeof useNewRecoveryCodes | typeof useDisableTwoFactor;
  onDone: (result: unknown) => void;
}) {
  const [open, setOpen] = useState(false);
  const run = mutation();
  return (
    <>
      <Button variant={danger ? 'danger' : 'secondary'} onClick={() => setOpen(true)}>
        {trigger}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !run.isPending && setOpen(next)}
        title={title}
        description={description}
      >
        <PasswordConfirmForm
          submitLabel={submitLabel}
          danger={danger}
          onConfirm={async (password) => {
            const result = await run.mutateAsync({ password });
            setOpen(false);
            onDone(result);
          }}
          onCancel={() => setOpen(false)}
        />
      </Dialog>
    </>
  );
}
