import type { FormEventHandler, ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link } from '../lib/router';
import { Alert } from './alert';
import { Button, ButtonLink } from './button';
import { paths } from '../lib/paths';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * The frame of every admin form (spec 2 section 2): 'Back to Admin Dashboard' above, the
 * fields, then Cancel (to /admin) and the submit button. `backTo` keeps the tab the admin came from.
 */
export function AdminFormFrame({
  title,
  backTo = paths.admin,
  backLabel = 'Back to Admin Dashboard',
  error,
  submitLabel,
  submitting,
  onSubmit,
  children,
}: {
  title: string;
  backTo?: string;
  /** Another way back, for a form reached from elsewhere (Create Forum from /forums). */
  backLabel?: string;
  error?: string | null;
  submitLabel: string;
  submitting: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <Link
        to={backTo}
        className="inline-flex min-h-6 items-center gap-1 text-sm font-medium text-fg-muted hover:text-fg"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {backLabel}
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
        {error && <Alert tone="error">{error}</Alert>}
        {children}
        <div className="flex flex-wrap justify-end gap-3 border-t border-line pt-5">
          <ButtonLink to={backTo} variant="secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </div>
  );
}
