import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from './lib/router';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { ErrorBoundary } from './app/error-boundary';
import { makeQueryClient, Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { sendRequestsWith } from './lib/api';
import type { RenderedScreen } from '../shared/first-screen-data';

// The server's copy of the app (built by `npm run build:web` into dist/render, loaded by
// src/server/web-app.ts): a visitor's first screen of a public page, rendered to HTML with its
// data, so the phone paints the page itself before the shell's code has arrived. main.tsx then
// hydrates that HTML with the same answers (the dehydrated query cache), instead of drawing the
// page anew. Only signed-out visitors get one: nothing here knows a member.

/** The screen asks for its data while it renders; answered, it is rendered again with it.
 * A screen whose second request depends on its first needs a third pass; more is a bug. */
const MAX_PASSES = 3;

function app(url: string, client: QueryClient): ReactNode {
  return (
    <StrictMode>
      <Providers client={client}>
        <StaticRouter location={url}>
          <ErrorBoundary root>
            <AppRoutes />
          </ErrorBoundary>
        </StaticRouter>
      </Providers>
    </StrictMode>
  );
}

/** Renders until nothing is left suspended: the screens' code (lazy chunks) is loaded by then. */
async function settle(node: ReactNode): Promise<void> {
  let failed: unknown = null;
  const { prelude } = await prerenderToNodeStream(node, {
    onError(error) {
      failed ??= error;
    },
  });
  for await (const chunk of prelude) void chunk;
  if (failed) throw failed;
}

/** The queries the last pass asked for and nobody has answered yet (a disabled one waits). */
function unanswered(client: QueryClient) {
  return (
    client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.data === undefined && query.state.status === 'pending')
      // The query keeps the options it was made with, the observer's `enabled` among them.
      .filter((query) => (query.options as { enabled?: unknown }).enabled !== false)
      .filter((query) => typeof query.options.queryFn === 'function')
  );
}

/** One render at a time: the requests' transport is the module's own (lib/api.ts). */
let queue: Promise<unknown> = Promise.resolve();

/**
 * `url`: the page's path and query. `answer`: the server's own answer to a GET the screen makes,
 * as the browser would have received it without a session.
 */
export function renderFirstScreen(url: string, answer: (path: string) => Promise<Response>): Promise<RenderedScreen> {
  const run = async (): Promise<RenderedScreen> => {
    sendRequestsWith((path) => answer(path));
    const client = makeQueryClient();
    await settle(app(url, client));
    for (let pass = 1; pass < MAX_PASSES; pass += 1) {
      const waiting = unanswered(client);
      if (waiting.length === 0) break;
      // A failed answer stays failed here: the browser asks again, as it would have.
      await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
      await settle(app(url, client));
    }
    // With every piece loaded, the markup in one piece: a prerender's stream finishes what
    // suspended with inline scripts, which the page's CSP refuses.
    const markup = renderToString(app(url, client));
    const state = dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status === 'success' });
    client.clear();
    return { html: markup, state: JSON.stringify(state) };
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}
