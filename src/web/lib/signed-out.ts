import { SIGNED_OUT_ATTRIBUTE } from '../../shared/first-screen-data';

/** The server served this page to a browser holding no session (src/server/web-app.ts); the
 * server renders first screens for such visitors only (render.tsx). */
export const signedOutAtLoad =
  typeof document === 'undefined' || document.documentElement.hasAttribute(SIGNED_OUT_ATTRIBUTE);
