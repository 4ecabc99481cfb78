import { useCallback, useRef, useState, type ReactNode } from 'react';
import { CONFIRM_DESCRIPTION, CONFIRM_TITLE, RECENT_SIGN_IN_REQUIRED_CODE } from '../../shared/recent-sign-in';
import { api, ApiRequestError, errorMessage } from '../lib/api';
import { passkeysSupported, signWithPasskey, usePasskeys } from '../lib/passkeys';
import { Alert } from './alert';
import { Button } from './button';
import { Dialog } from './dialog';
import { PasswordConfirmForm } from './password-confirm-form';

type Waiting = { resolve: () => void; reject: () => void };

/** Whether a refusal only asks for the password again (the dialog deals with it). */
export const isRecentSignInRequired = (error: unknown) =>
  error instanceof ApiRequestError && error.code === RECENT_SIGN_IN_REQUIRED_CODE;

/** The most sensitive admin actions answer 403 `RECENT_SIGN_IN_REQUIRED` when the admin last
 * proved it is them more than 15 minutes ago (the server decides: platform/recent-sign-in.ts).
 * `guard(action)` runs the action; on that answer it asks for the password in `dialog`, then
 * runs it once more. Cancelled, the action fails with the server's message. */
export function useRecentSignIn(): { guard: <T>(action: () => Promise<T>) => Promise<T>; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  // Every action refused while the dialog is open waits for the one proof.
  const waiting = useRef<Waiting[]>([]);

  const guard = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (!isRecentSignInRequired(error)) throw error;
      await new Promise<void>((resolve, reject) => {
        waiting.current.push({ resolve, reject: () => reject(error) });
        setOpen(true);
      });
      return action();
    }
  }, []);

  const settle = (how: keyof Waiting) => {
    setOpen(false);
    const settled = waiting.current;
    waiting.current = [];
    for (const waiter of settled) waiter[how]();
  };

  const dialog = (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && settle('reject')}
      title={CONFIRM_TITLE}
      description={CONFIRM_DESCRIPTION}
      // Straight to the password, not the dialog's close button.
      onOpenAutoFocus={(event) => {
        const password = (event.target as HTMLElement | null)?.querySelector<HTMLInputElement>('input[name=password]');
        if (!password) return;
        event.preventDefault();
        password.focus();
      }}
    >
      <PasswordConfirmForm
        submitLabel="Confirm"
        onConfirm={async (password) => {
          await api.post('/api/me/recent-sign-in', { password });
          settle('resolve');
        }}
        onCancel={() => settle('reject')}
      />
      <PasskeyProof open={open} onProved={() => settle('resolve')} />
    </Dialog>
  );
  return { guard, dialog };
}

/** "Use a passkey instead", for a member who has one, in a browser that can use it. */
function PasskeyProof({ open, onProved }: { open: boolean; onProved: () => void }) {
  const supported = passkeysSupported();
  const passkeys = usePasskeys(open && supported);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  if (!supported || !passkeys.data?.passkeys.length) return null;
  async function prove() {
    setFailure(null);
    setBusy(true);
    try {
      const credential = await signWithPasskey('/api/me/recent-sign-in/passkey/options');
      await api.post('/api/me/recent-sign-in/passkey', { credential });
      onProved();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mt-4 space-y-3 border-t border-line pt-4">
      {!!failure && <Alert tone="error">{errorMessage(failure)}</Alert>}
      <Button variant="secondary" loading={busy} onClick={() => void prove()}>
        Use a passkey instead
      </Button>
    </div>
  );
}
