import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { matchRoutes, type Params, type RouteObject } from './route-match';

export type { Params, RouteObject } from './route-match';

// The app's router: the History API, a route table (route-match.ts) and links, with the names
// and behaviour of the parts of React Router the app used. React Router weighed 12 KB of every
// first load (brotli) for the rest, which the app never used; this is under 2 KB. Navigations
// render as transitions, as React Router's did: the screen on view stays until the next one's
// code has arrived (see app/routes/screen.ts).

export type To = string;

export type Location = {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation carried (`navigate(to, { state })`); kept across reloads by the browser. */
  state: unknown;
  key: string;
};

/** How the location was reached: the first load and Back or Forward are a POP. */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export type NavigateOptions = { replace?: boolean; state?: unknown };
// `void | Promise<void>` as React Router's: callers may await it or not.
export type NavigateFunction = (to: To, options?: NavigateOptions) => void | Promise<void>;

type Position = { location: Location; type: NavigationType };

/** What the browser keeps in `history.state` for an entry the app made. */
type Entry = { usr: unknown; key: string; idx: number };

const PositionContext = createContext<Position>({
  location: { pathname: '/', search: '', hash: '', state: null, key: 'default' },
  type: 'POP',
});
const NavigateContext = createContext<NavigateFunction>(() => {
  throw new Error('navigate() needs the BrowserRouter');
});
const RouteContext = createContext<{ outlet: ReactElement | null; params: Params }>({ outlet: null, params: {} });

/** `to` (a path, `?query`, `#hash`, or relative) resolved against where the app is. */
function resolve(to: To, from: Pick<Location, 'pathname' | 'search'>): URL {
  return new URL(to, `http://app${from.pathname}${from.search}`);
}

/** The path, query and hash of a URL of this site; a path that starts with `//` (typed into the
 * address bar) would be another host's in an `href` or `pushState`, so it starts with one `/`. */
const pathOf = (url: { pathname: string; search: string; hash: string }) =>
  url.pathname.replace(/^\/{2,}/, '/') + url.search + url.hash;

/** Another site, or another scheme (mailto:): the browser goes there itself. */
const isExternal = (to: To) => /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(to);

function currentEntry(): Partial<Entry> {
  const state: unknown = window.history.state;
  return state && typeof state === 'object' ? (state as Partial<Entry>) : {};
}

function browserLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = currentEntry();
  return { pathname, search, hash, state: entry.usr ?? null, key: entry.key ?? 'default' };
}

export function BrowserRouter({ children }: { children: ReactNode }) {
  const [position, setPosition] = useState<Position>(() => ({ location: browserLocation(), type: 'POP' }));

  useLayoutEffect(() => {
    const onPop = () => startTransition(() => setPosition({ location: browserLocation(), type: 'POP' }));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  // One function for the app's life: it reads where the browser is, not where React last rendered.
  const navigate = useCallback<NavigateFunction>((to, { replace = false, state = null } = {}) => {
    const url = resolve(to, window.location);
    // The app navigates within the site only: a path that would leave it once parsed (`/\t/host`
    // from a query parameter) goes nowhere. Links to other sites are plain links (see Link).
    if (url.origin !== 'http://app') return;
    const entry: Entry = {
      usr: state,
      key: Math.random().toString(36).slice(2, 10),
      idx: (currentEntry().idx ?? 0) + (replace ? 0 : 1),
    };
    try {
      if (replace) window.history.replaceState(entry, '', pathOf(url));
      else window.history.pushState(entry, '', pathOf(url));
    } catch (error) {
      // The state could not be stored (too large, not cloneable): a plain page load still goes there.
      if (!(error instanceof DOMException) || error.name === 'SecurityError') throw error;
      window.location[replace ? 'replace' : 'assign'](pathOf(url));
      return;
    }
    const location = { pathname: url.pathname, search: url.search, hash: url.hash, state, key: entry.key };
    startTransition(() => setPosition({ location, type: replace ? 'REPLACE' : 'PUSH' }));
  }, []);

  return (
    <NavigateContext value={navigate}>
      <PositionContext value={position}>{children}</PositionContext>
    </NavigateContext>
  );
}

const cannotNavigate: NavigateFunction = () => {
  throw new Error('A page rendered on the server cannot navigate');
};

/** The server's router: one location (the request's path and query), no navigation. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const position = useMemo<Position>(() => {
    // The request's path as it came, `//` at its start included (not another host).
    const url = new URL(`http://app${location.startsWith('/') ? location : `/${location}`}`);
    return {
      location: { pathname: url.pathname, search: url.search, hash: url.hash, state: null, key: 'default' },
      type: 'POP',
    };
  }, [location]);
  return (
    <NavigateContext value={cannotNavigate}>
      <PositionContext value={position}>{children}</PositionContext>
    </NavigateContext>
  );
}

export const useLocation = (): Location => useContext(PositionContext).location;
export const useNavigationType = (): NavigationType => useContext(PositionContext).type;
export const useNavigate = (): NavigateFunction => useContext(NavigateContext);
export const useParams = (): Params => useContext(RouteContext).params;

/** The child route's screen, inside a layout route's element. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

/** The element of the route the location shows, each layout holding the next in its Outlet. */
export function useRoutes(routes: RouteObject[]): ReactElement | null {
  const { pathname } = useLocation();
  const matched = useMemo(() => matchRoutes(routes, pathname), [routes, pathname]);
  if (!matched) return null;
  return matched.routes.reduceRight<ReactElement | null>(
    (outlet, route) => (
      <RouteContext value={{ outlet, params: matched.params }}>{route.element ?? <Outlet />}</RouteContext>
    ),
    null,
  );
}

type SetSearchParams = (
  next: URLSearchParams | Record<string, string> | ((current: URLSearchParams) => URLSearchParams),
  options?: NavigateOptions,
) => void;

/** The query of the location, and a navigation to the same path with another query. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      void navigate(`?${new URLSearchParams(value).toString()}`, options);
    },
    [navigate, params],
  );
  return [params, setParams];
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  /** Replace the current history entry; by default only a link to where the app already is does. */
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
};

/** A press the browser should handle itself: another button, a modifier (new tab), another target. */
const leftToBrowser = (event: MouseEvent<HTMLAnchorElement>, target: string | undefined) =>
  event.button !== 0 ||
  (target !== undefined && target !== '_self') ||
  event.metaKey ||
  event.altKey ||
  event.ctrlKey ||
  event.shiftKey;

/** A link that navigates in the app: a real `<a href>`, so it works before the app's code has
 * arrived, in a new tab, and for assistive technology. */
export function Link({ to, replace, state, onClick, target, children, ...rest }: LinkProps) {
  const location = useLocation();
  const navigate = useNavigate();
  if (isExternal(to))
    return (
      <a {...rest} href={to} target={target} onClick={onClick}>
        {children}
      </a>
    );
  const href = pathOf(resolve(to, location));
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || leftToBrowser(event, target)) return;
        event.preventDefault();
        void navigate(href, { replace: replace ?? href === pathOf(location), state });
      }}
    >
      {children}
    </a>
  );
}

/** A link that says when it leads to the page on view, or to one below it (`end`: only to that
 * page): `aria-current="page"`, which the header's styles show. */
export function NavLink({ end = false, ...props }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const at = pathname.toLowerCase();
  const target = resolve(props.to, { pathname, search: '' }).pathname.toLowerCase();
  const current = at === target || (!end && target !== '/' && at.startsWith(`${target.replace(/\/$/, '')}/`));
  return <Link aria-current={current ? 'page' : undefined} {...props} />;
}

/** Navigates as soon as it is shown (a guard's redirect). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}
