import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** Every screen is its own chunk. Screens export a named component; `screen` adapts it to `lazy`. */
export function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject['lazy'] {
  return async () => ({ Component: pick(await load()) });
}
