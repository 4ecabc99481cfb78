import { RotateCw } from 'lucide-react';
import { Alert } from './alert';
import { Button } from './button';

/** A part of a screen that could not load: the spec's text, and Retry, which spins while it tries. */
export function LoadError({
  title,
  query,
  className,
  retryLabel = 'Retry',
}: {
  title: string;
  retryLabel?: string;
  /** The query that failed (TanStack Query's result has both). */
  query: { isFetching: boolean; refetch: () => unknown };
  className?: string;
}) {
  return (
    <Alert tone="error" title={title} className={className}>
      <Button
        variant="secondary"
        size="sm"
        className="mt-2"
        loading={query.isFetching}
        onClick={() => void query.refetch()}
      >
        {!query.isFetching && <RotateCw aria-hidden="true" />}
        {retryLabel}
      </Button>
    </Alert>
  );
}
