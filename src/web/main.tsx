// First, before the rest of the app is evaluated: ask for the first screen's data.
import './lib/preload-data';
import './lib/zod-without-eval';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from './app/error-boundary';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const root = createRoot(container);
// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole tree (a phone's long task); the static frame in
// index.html stays on screen until it commits, so nothing is seen half-built.
startTransition(() => {
  root.render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <ErrorBoundary root>
            <AppRoutes />
          </ErrorBoundary>
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
});
