// First, before the rest of the app is evaluated: ask for the first screen's data.
import './lib/preload-data';
import './lib/zod-without-eval';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import './styles.css';

const router = createRouter();
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
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
