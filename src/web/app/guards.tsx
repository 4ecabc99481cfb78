import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from '../lib/router';
import { PageSpinner } from '../components/spinner';
import { rememberRedirect } from '../lib/redirect-after-login';
import { paths } from '../lib/paths';
import { useMe } from '../lib/session';

/** Login-required routes: visitors go to /login and come back here after signing in. */
export function RequireAuth() {
  const { me, isPending } = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const signedOut = !isPending && !me;

  useEffect(() => {
    if (!signedOut) return;
    // The browser already left this page (sign-out navigates home before clearing the session,
    // and the router may not have re-rendered yet): no bounce to /login.
    if (window.location.pathname !== location.pathname) return;
    rememberRedirect(location.pathname + location.search);
    void navigate(paths.login, { replace: true });
  }, [signedOut, location.pathname, location.search, navigate]);

  if (isPending || !me) return <PageSpinner />;
  return <Outlet />;
}

/** Admin-only routes: visitors go to /login, signed-in non-admins to the home page. */
export function RequireAdmin() {
  const { me, isPending } = useMe();
  if (isPending) return <PageSpinner />;
  if (!me) return <Navigate to={paths.login} replace />;
  if (!me.isAdmin) return <Navigate to={paths.home} replace />;
  // The server refuses every admin call until then (403 TWO_FACTOR_REQUIRED): the dashboard's
  // section says why and sets it up.
  if (me.twoFactorSetupRequired) return <Navigate to={`${paths.dashboard}#two-factor`} replace />;
  return <Outlet />;
}
