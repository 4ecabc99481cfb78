// Each public screen's first stylesheet, written by the build (scripts/build/first-styles.ts) and
// read by the server (src/server/web-app.ts), which writes it into the screen's page.

/** Where in the build (dist/web) they are. */
export const FIRST_STYLES_FILE = '.vite/first-styles.json';

export interface FirstStyles {
  /** The whole stylesheet's URL path (`/assets/….css`). */
  whole: string;
  /** A screen's manifest key (`features/home/home-page.tsx`) to the rules its page may use. */
  screens: Record<string, string>;
}
