import { Maximize2 } from 'lucide-react';
import {
  CONNECT_CODE_HELP,
  CONNECT_CODE_REGENERATE_WARNING,
  CONNECT_CODE_TITLE,
} from '../../../shared/connect-code-texts';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { Skeleton } from '../../components/skeleton';
import { LoadError } from '../../components/load-error';
import { errorMessage } from '../../lib/api';
import { paths } from '../../lib/paths';
import { qrImageSource, useConnectCode, useRegenerateConnectCode } from './connect-code-api';
import { RegenerateDialog, useAnnouncement } from './regenerate';

export const REGENERATE_CODE_LABEL = 'Regenerate code';
export const CONNECT_CODE_LOAD_ERROR = 'Failed to load your connect code';

/** The member's personal QR code: someone scans it and connects in one tap (scan to connect). */
export function ConnectCode() {
  const code = useConnectCode();
  const regenerate = useRegenerateConnectCode();
  const { status, announce } = useAnnouncement();

  return (
    <section aria-labelledby="connect-code-heading">
      <Card>
        <h2 id="connect-code-heading" className="text-lg font-semibold text-fg">
          {CONNECT_CODE_TITLE}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">{CONNECT_CODE_HELP}</p>
        {code.data ? (
          <div className="mt-4 space-y-3">
            {/* Dark on white in both themes: a camera reads it best. */}
            <div className="mx-auto w-48 rounded-lg bg-white p-1">
              <img
                src={qrImageSource(code.data.qrSvg)}
                alt="Your connect code (QR code)"
                width={184}
                height={184}
                className="block aspect-square h-auto w-full"
              />
            </div>
            <div className="flex flex-wrap justify-center gap-2">
              <ButtonLink to={paths.connectCode} variant="secondary" size="sm">
                <Maximize2 aria-hidden="true" />
                Show full screen
              </ButtonLink>
              <RegenerateDialog
                label={REGENERATE_CODE_LABEL}
                description={CONNECT_CODE_REGENERATE_WARNING}
                regenerate={regenerate}
                onRegenerated={() => announce('New code ready. The old one no longer works.')}
              />
            </div>
          </div>
        ) : code.isError ? (
          <LoadError title={CONNECT_CODE_LOAD_ERROR} query={code} className="mt-4" />
        ) : (
          <div className="mt-4 space-y-3">
            <span className="sr-only">Loading your connect code</span>
            <Skeleton className="mx-auto size-48" />
            <Skeleton className="mx-auto h-8 w-64 max-w-full" />
          </div>
        )}
        {regenerate.isError && (
          <Alert tone="error" title="Your code could not be regenerated" className="mt-3">
            {errorMessage(regenerate.error)}
          </Alert>
        )}
        <p role="status" className="mt-2 min-h-5 text-center text-sm text-fg-muted empty:mt-0 empty:min-h-0">
          {status}
        </p>
      </Card>
    </section>
  );
}
