import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Fingerprint } from 'lucide-react';
import { ADD_PASSKEY_LABEL, PASSKEYS_TITLE } from '../../../shared/passkey-texts';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { LoadError } from '../../components/load-error';
import { useRecentSignIn } from '../../components/recent-sign-in';
import { Skeleton } from '../../components/skeleton';
import { errorMessage } from '../../lib/api';
import { shortDate } from '../../lib/dates';
import { passkeysKey, passkeysSupported, usePasskeys } from '../../lib/passkeys';
import { addPasskey, useRemovePasskey } from './passkeys-api';

/** Passkeys on the dashboard: add one (the password again after 15 minutes), see where each was
 * added and last used, remove one. */
export function PasskeysSection() {
  const list = usePasskeys();
  const remove = useRemovePasskey();
  const recent = useRecentSignIn();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  /** What just happened, announced: a passkey added or removed. */
  const [notice, setNotice] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const supported = passkeysSupported();

  async function add() {
    setFailure(null);
    setNotice(null);
    remove.reset();
    setAdding(true);
    try {
      const { passkey } = await recent.guard(addPasskey);
      setNotice(`Passkey added: ${passkey.name}.`);
      await queryClient.invalidateQueries({ queryKey: passkeysKey });
    } catch (error) {
      setFailure(error);
    } finally {
      setAdding(false);
    }
  }

  const passkeys = list.data?.passkeys;
  const error = failure ?? remove.error;
  return (
    <section id="passkeys" aria-labelledby="passkeys-heading" className="scroll-mt-24">
      <Card>
        {recent.dialog}
        <h2 id="passkeys-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-fg">
          {PASSKEYS_TITLE}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          Sign in with your fingerprint, face or device PIN instead of your password and code. A passkey works only on
          this site, so a look-alike page cannot use it.
        </p>
        {notice && (
          <Alert tone="success" className="mt-3">
            {notice}
          </Alert>
        )}
        {!!error && (
          <Alert tone="error" className="mt-3">
            {errorMessage(error)}
          </Alert>
        )}
        {!passkeys ? (
          list.isError ? (
            <LoadError title="Could not load your passkeys" query={list} className="mt-3" />
          ) : (
            <Skeleton className="mt-3 h-16 w-full" />
          )
        ) : (
          passkeys.length > 0 && (
            <ul className="mt-4 divide-y divide-line" aria-label="Your passkeys">
              {passkeys.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center gap-3 py-3">
                  <Fingerprint aria-hidden="true" className="size-5 shrink-0 text-fg-muted" />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-fg">{item.name}</p>
                    <p className="text-sm text-fg-muted">
                      Added {shortDate(item.createdAt)} ·{' '}
                      {item.lastUsedAt ? `last used ${shortDate(item.lastUsedAt)}` : 'not used yet'}
                      {item.synced && ' · synced between your devices'}
                    </p>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Remove the passkey ${item.name}, added ${shortDate(item.createdAt)}`}
                    loading={remove.isPending && remove.variables === item.id}
                    onClick={() => {
                      setNotice(null);
                      setFailure(null);
                      remove.mutate(item.id, {
                        // Its button goes with it: focus moves to the section, the change is announced.
                        onSuccess: () => {
                          setNotice(`Passkey removed: ${item.name}.`);
                          heading.current?.focus();
                        },
                      });
                    }}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )
        )}
        {supported ? (
          <Button className="mt-4" variant="secondary" loading={adding} onClick={() => void add()}>
            <Fingerprint aria-hidden="true" />
            {ADD_PASSKEY_LABEL}
          </Button>
        ) : (
          <p className="mt-3 text-sm text-fg-muted">This browser cannot use passkeys.</p>
        )}
      </Card>
    </section>
  );
}
