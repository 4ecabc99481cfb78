import { createElement, lazy, type ComponentType, type ReactElement } from 'react';
import { awaitFullStyles } from '../../lib/full-styles';

/** How many screens' code is on its way: the layout's thin bar shows while any is. */
let loading = 0;
/** The page's first screen arrives with its own rules in the page already. */
let first = true;
const listeners = new Set<() => void>();
const notify = () => queueMicrotask(() => listeners.forEach((listener) => listener()));

export const screensLoading = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  count: () => loading,
};

/** Every screen is its own chunk, loaded when its route first renders. Screens export a named
 * component; `screen` adapts it to React's `lazy` and returns the route's element. Navigations
 * render as transitions (BrowserRouter), so the screen on view stays until the next one's code
 * has arrived, with the whole stylesheet (the first page inlines only its own rules). */
export function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ReactElement {
  const Screen = lazy(async () => {
    // The page's first screen is no navigation: nothing to show a bar for, and a page rendered
    // on the server is being hydrated meanwhile, which a change to the layout would make React
    // finish at once, in one long task, instead of in slices.
    if (first) {
      first = false;
      return { default: pick(await load()) };
    }
    loading += 1;
    notify();
    try {
      const [module] = await Promise.all([load(), awaitFullStyles()]);
      return { default: pick(module) };
    } finally {
      loading -= 1;
      notify();
    }
  });
  return createElement(Screen);
}
