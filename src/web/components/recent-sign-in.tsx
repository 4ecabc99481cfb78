import { useCallback, useRef, useState, type ReactNode } from 'react';
import { CONFIRM_DESCRIPTION, CONFIRM_TITLE, RECENT_SIGN_IN_REQUIRED_CODE } from '../../shared/recent-sign-in';
import { api, ApiRequestError } from '../lib/api';
import { Dialog } from './dialog';
import { PasswordConfirmForm } from './password-confirm-form';

type Waiting = { resolve: () => void; reject: () => void };

/** The most sensitive admin actions answer 403 `RECENT_SIGN_IN_REQUIRED` when the admin last
 * proved it is them more than 15 minutes ago (the server decides: platform/recent-sign-in.ts).
 * `guard(action)` runs the action; on that answer it asks for the password in `dialog`, then
 * runs it once more. Cancelled, the action fails with the server's message. */
export function useRecentSignIn(): { guard: <T>(action: () => Promise<T>) => Promise<T>; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const waiting = useRef<Waiting | null>(null);

  const guard = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.code === RECENT_SIGN_IN_REQUIRED_CODE)) throw error;
      await new Promise<void>((resolve, reject) => {
        waiting.current = { resolve, reject: () => reject(error) };
        setOpen(true);
      });
      return action();
    }
  }, []);

  const settle = (how: keyof Waiting) => {
    setOpen(false);
    waiting.current?.[how]();
    waiting.current = null;
  };

  const dialog = (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && settle('reject')}
      title={CONFIRM_TITLE}
      description={CONFIRM_DESCRIPTION}
    >
      <PasswordConfirmForm
        submitLabel="Confirm"
        onConfirm={async (password) => {
          await api.post('/api/me/recent-sign-in', { password });
          settle('resolve');
        }}
        onCancel={() => settle('reject')}
      />
    </Dialog>
  );
  return { guard, dialog };
}
