import { Link } from '../../lib/router';
import { X } from 'lucide-react';
import { CONNECT_CODE_TITLE } from '../../../shared/connect-code-texts';
import { PageSpinner } from '../../components/spinner';
import { paths } from '../../lib/paths';
import { useMe } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useWakeLock } from '../../lib/use-wake-lock';
import { qrImageSource, useConnectCode } from './connect-code-api';

// The connect code full screen, held out to another phone's camera: dark on white whatever the
// theme (a camera reads it best, and a dark page would dim the phone), as wide as the phone, the
// screen kept awake while it shows.

const link =
  'inline-flex min-h-11 items-center gap-1.5 rounded-md px-1 text-sm font-medium text-indigo-800 underline-offset-4 ' +
  'hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700';

export function ConnectCodePage() {
  useDocumentTitle(CONNECT_CODE_TITLE);
  const { me } = useMe();
  const code = useConnectCode();
  const data = code.data;
  useWakeLock(Boolean(data));
  const name = me?.fullName?.trim() || me?.username || '';

  let body;
  if (code.isPending) body = <PageSpinner />;
  else if (!data) {
    body = (
      <p className="mt-6 text-neutral-800" role="alert">
        Your connect code could not be loaded. Check your connection and try again.
      </p>
    );
  } else {
    body = (
      <figure className="mt-4">
        <img
          src={qrImageSource(data.qrSvg)}
          alt={`Connect code for ${name}`}
          width={358}
          height={358}
          className="mx-auto block aspect-square h-auto w-full max-w-[min(100%,calc(100dvh-14rem))] min-w-48"
        />
        <figcaption className="mt-3 text-center">
          <span className="block text-2xl font-semibold break-words text-neutral-900">{name}</span>
          <span className="block text-neutral-800">Scan with your phone&rsquo;s camera to connect.</span>
        </figcaption>
      </figure>
    );
  }

  return (
    <div className="min-h-[calc(100dvh-4rem)] bg-white text-neutral-900" style={{ colorScheme: 'light' }}>
      <div className="mx-auto max-w-xl px-4 py-4 sm:py-8">
        <div className="flex items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{CONNECT_CODE_TITLE}</h1>
          <Link to={paths.dashboard} className={link}>
            <X className="size-4" aria-hidden="true" />
            Close
          </Link>
        </div>
        {body}
      </div>
    </div>
  );
}
