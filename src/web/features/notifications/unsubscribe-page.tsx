import { useEffect, useRef } from 'react';
import { useSearchParams } from '../../lib/router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Skeleton } from '../../components/skeleton';
import { TextLink } from '../../components/text-link';
import { errorMessage } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useUnsubscribe, useUnsubscribePreview } from './api';

export const NO_TOKEN = 'This unsubscribe link is not valid: it has no token, so it may have been cut short.';

/** Where the footer of a notification e-mail leads: says what will stop, and stops it on a
 * click (never on opening: mail scanners open links). No sign-in needed. */
export function UnsubscribePage() {
  useDocumentTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token');
  const preview = useUnsubscribePreview(token);
  const unsubscribe = useUnsubscribe();
  const words = unsubscribe.data?.words ?? preview.data?.words;
  const done = useRef<HTMLDivElement>(null);

  // The button that had focus is gone once it worked: focus moves to what it did.
  useEffect(() => {
    if (unsubscribe.isSuccess) done.current?.focus();
  }, [unsubscribe.isSuccess]);

  return (
    <div className="px-4 py-12 sm:py-20">
      <div className="mx-auto w-full max-w-md">
        <h1 className="text-center text-2xl font-semibold tracking-tight text-fg">Unsubscribe</h1>
        <Card className="mt-8 space-y-4">
          {!token || preview.isError ? (
            <Alert tone="error">{token && preview.error ? errorMessage(preview.error) : NO_TOKEN}</Alert>
          ) : unsubscribe.isSuccess ? (
            <div ref={done} tabIndex={-1} className="rounded-lg focus:outline-none">
              <Alert tone="success" title="Done">
                You will no longer get {words}.
              </Alert>
            </div>
          ) : preview.data ? (
            <>
              <p className="text-fg">
                Stop receiving <strong>{words}</strong>? Nothing else changes.
              </p>
              {unsubscribe.isError && <Alert tone="error">{errorMessage(unsubscribe.error)}</Alert>}
              <Button className="w-full" loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
                Unsubscribe
              </Button>
            </>
          ) : (
            <div aria-busy="true">
              <span className="sr-only">Loading</span>
              <Skeleton className="h-6 w-full" />
              <Skeleton className="mt-4 h-10 w-full" />
            </div>
          )}
          <p className="text-sm text-fg-muted">
            Members choose what we e-mail them about in their{' '}
            <TextLink to={paths.dashboard}>dashboard&apos;s e-mail preferences</TextLink>.
          </p>
        </Card>
      </div>
    </div>
  );
}
