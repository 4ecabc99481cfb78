import { CHALLENGE_MINUTES } from './service';

/** The cookie that carries a sign-in from its password to its second step: HttpOnly, sent only
 * to the auth routes, gone after ten minutes. */
export const CHALLENGE_COOKIE = {
  name: 'pm_sign_in_challenge',
  set(token: string, secure: boolean) {
    return `${this.name}=${token}; Max-Age=${CHALLENGE_MINUTES * 60}; Path=/api/auth; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  },
  clear(secure: boolean) {
    return `${this.name}=; Max-Age=0; Path=/api/auth; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  },
};
