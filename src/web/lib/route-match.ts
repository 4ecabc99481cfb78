import type { ReactNode } from 'react';

// Which route a pathname shows, the way React Router ranked them (the app's routes were written
// for it): a static segment outranks a parameter, which outranks `*`; equal ranks keep the order
// they were declared in. Static segments match in any case, and trailing slashes are allowed.

/** One route of the table: a layout (no path, with children), a page, or the index page. */
export type RouteObject = {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
};

export type Params = Readonly<Record<string, string | undefined>>;

type Branch = { routes: RouteObject[]; segments: string[]; score: number };

const STATIC = 10;
const PARAMETER = 3;
const SPLAT = -2;
const INDEX = 2;

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

function score(segments: string[], index: boolean): number {
  let total = segments.length + (index ? INDEX : 0);
  for (const segment of segments) total += segment === '*' ? SPLAT : segment.startsWith(':') ? PARAMETER : STATIC;
  return total;
}

function flatten(routes: RouteObject[], parents: RouteObject[], parentSegments: string[], into: Branch[]) {
  for (const route of routes) {
    const segments = [...parentSegments, ...segmentsOf(route.path ?? '')];
    const chain = [...parents, route];
    if (route.children?.length) flatten(route.children, chain, segments, into);
    // A layout without a path is never a page of its own.
    if (route.path !== undefined || route.index)
      into.push({ routes: chain, segments, score: score(segments, !!route.index) });
  }
}

const ranked = new WeakMap<RouteObject[], Branch[]>();

function branchesOf(routes: RouteObject[]): Branch[] {
  let branches = ranked.get(routes);
  if (!branches) {
    branches = [];
    flatten(routes, [], [], branches);
    // Array.prototype.sort is stable: equal scores stay in declaration order.
    branches.sort((a, b) => b.score - a.score);
    ranked.set(routes, branches);
  }
  return branches;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchBranch(branch: Branch, parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (const [i, segment] of branch.segments.entries()) {
    if (segment === '*') {
      params['*'] = parts.slice(i).join('/');
      return params;
    }
    const part = parts[i];
    if (!part) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = part;
    else if (segment.toLowerCase() !== part.toLowerCase()) return null;
  }
  return parts.length === branch.segments.length ? params : null;
}

/** The routes from the outermost layout to the page that `pathname` shows, with the page's
 * parameters (decoded); null when nothing matches. */
export function matchRoutes(routes: RouteObject[], pathname: string): { routes: RouteObject[]; params: Params } | null {
  // An empty segment inside the path (`//community`, `/forums//x`) matches no page, only `*`.
  const parts = pathname.split('/').slice(1);
  while (parts.at(-1) === '') parts.pop();
  for (const [i, part] of parts.entries()) parts[i] = decode(part);
  for (const branch of branchesOf(routes)) {
    const params = matchBranch(branch, parts);
    if (params) return { routes: branch.routes, params };
  }
  return null;
}
