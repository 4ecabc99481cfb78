import { useCallback } from 'react';
import { useNavigate } from './router';
import { paths } from './paths';
import { rememberRedirect } from './redirect-after-login';
import { useMe } from './session';

/**
 * Registering needs a member. For a visitor this remembers `returnTo` (the event's path), sends
 * them to /login and answers true; after signing in they come back to that page.
 */
export function useSignInFirst(): (returnTo: string) => boolean {
  const { me } = useMe();
  const navigate = useNavigate();
  return useCallback(
    (returnTo: string) => {
      if (me) return false;
      rememberRedirect(returnTo);
      void navigate(paths.login);
      return true;
    },
    [me, navigate],
  );
}
