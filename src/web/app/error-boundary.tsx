import { Component, lazy, Suspense, type ReactNode } from 'react';
import { PageSpinner } from '../components/spinner';
import { awaitFullStyles } from '../lib/full-styles';
import { AppStarted } from './app-started';

// The error screens load when needed: no visit that goes well waits for their code.
const loadErrorPage = () => Promise.all([import('./error-page'), awaitFullStyles()]).then(([m]) => m);
const LazyErrorPage = lazy(() => loadErrorPage().then((m) => ({ default: m.ErrorPage })));
const LazyRootErrorPage = lazy(() => loadErrorPage().then((m) => ({ default: m.RootErrorPage })));

/** The error page inside the layout: a 404 for an unknown address, or what a screen threw. */
export function RouteErrorPage({ error }: { error: unknown }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <LazyErrorPage error={error} />
      <AppStarted />
    </Suspense>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** The boundary starts again when this changes (the address: a failed screen is left behind). */
  resetKey?: string;
  /** Outside the layout, the page brings its own <main>. */
  root?: boolean;
}

interface BoundaryState {
  error: unknown;
  failedAt?: string;
}

/** What a screen throws while rendering shows as the error page, not as an empty page. */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return state.failedAt === props.resetKey ? null : { failedAt: props.resetKey };
    if (state.failedAt !== props.resetKey) return { error: null, failedAt: props.resetKey };
    return null;
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!this.props.root) return <RouteErrorPage error={error} />;
    return (
      <Suspense fallback={null}>
        <LazyRootErrorPage error={error} />
        <AppStarted />
      </Suspense>
    );
  }
}
