import { SIGNED_OUT_ATTRIBUTE } from '../../shared/first-screen-data';

/** The server served this page to a browser holding no session (src/server/web-app.ts). */
export const signedOutAtLoad = document.documentElement.hasAttribute(SIGNED_OUT_ATTRIBUTE);
