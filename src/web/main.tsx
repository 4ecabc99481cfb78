// First, before the rest of the app is evaluated: ask for the first screen's data.
import './lib/preload-data';
import './lib/zod-without-eval';
import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router';
import { hydrate } from '@tanstack/react-query';
import { FIRST_SCREEN_STATE_ID } from '../shared/first-screen-data';
import { ErrorBoundary } from './app/error-boundary';
import { makeQueryClient, Providers } from './app/providers';
import { AppRoutes } from './app/router';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const client = makeQueryClient();
const app = (): ReactNode => (
  <StrictMode>
    <Providers client={client}>
      <BrowserRouter>
        <ErrorBoundary root>
          <AppRoutes />
        </ErrorBoundary>
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

// A public page a visitor opens arrives rendered, with the answers it was rendered from
// (src/web/render.tsx): the app takes over that markup instead of drawing it again. As a
// transition, hydrating a long list yields to the browser every few milliseconds too.
const rendered = document.getElementById(FIRST_SCREEN_STATE_ID);
if (rendered?.textContent) {
  hydrate(client, JSON.parse(rendered.textContent));
  startTransition(() => {
    hydrateRoot(container, app());
  });
} else {
  const root = createRoot(container);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree (a phone's long task); the static frame in
  // index.html stays on screen until it commits, so nothing is seen half-built.
  startTransition(() => root.render(app()));
}
