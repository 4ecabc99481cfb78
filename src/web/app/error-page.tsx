import House from 'lucide-react/icons/house';
import { ButtonLink } from '../components/button';
import { NotFound } from '../components/not-found';
import { ApiRequestError, FALLBACK_MESSAGE } from '../lib/api';
import { paths } from '../lib/paths';
import { useDocumentTitle } from '../lib/use-document-title';

const statusTitles: Record<number, string> = {
  401: 'Sign in required',
  403: 'Access denied',
  404: 'Page not found',
  500: 'Something went wrong',
};

/** What the router itself reports: an address that opens no screen. */
export interface RouteStatus {
  status: number;
}

function isRouteStatus(error: unknown): error is RouteStatus {
  return typeof error === 'object' && error !== null && !(error instanceof Error) && 'status' in error;
}

function describe(error: unknown): { status?: number; title: string; message: string } {
  if (isRouteStatus(error)) {
    const title = statusTitles[error.status] ?? 'Something went wrong';
    const message =
      error.status === 404 ? "The page you're looking for doesn't exist." : 'The page could not be shown.';
    return { status: error.status, title, message };
  }
  if (error instanceof ApiRequestError) {
    return {
      status: error.status || undefined,
      title: statusTitles[error.status] ?? 'Something went wrong',
      message: error.message,
    };
  }
  if (error instanceof Error) return { title: 'Something went wrong', message: error.message };
  return { title: 'Something went wrong', message: FALLBACK_MESSAGE };
}

/** The router's fallback: the error status (e.g. 404) or message, and a way home. */
export function ErrorPage({ error }: { error: unknown }) {
  const { status, title, message } = describe(error);
  useDocumentTitle(title);

  if (status === 404) {
    return (
      <NotFound title={title} text={message}>
        <ButtonLink to={paths.home}>
          <House aria-hidden="true" />
          Back to home
        </ButtonLink>
      </NotFound>
    );
  }

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      {status && <p className="text-sm font-semibold tracking-wide text-link tabular-nums">Error {status}</p>}
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-balance text-fg sm:text-4xl">{title}</h1>
      <p className="mt-4 text-fg-muted">{message}</p>
      <ButtonLink to={paths.home} className="mt-8">
        <House aria-hidden="true" />
        Back to home
      </ButtonLink>
    </section>
  );
}

/** When the layout itself fails there is no chrome around the page: bring our own <main>. */
export function RootErrorPage({ error }: { error: unknown }) {
  return (
    <main id="main" className="min-h-dvh">
      <ErrorPage error={error} />
    </main>
  );
}
