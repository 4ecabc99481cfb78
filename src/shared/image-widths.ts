// Smaller copies of a stored picture, for browsers on small screens (srcset). The server writes
// them beside the picture (platform/images.ts); the web app offers them (lib/responsive-image.ts).
// The file name says which exist: a picture stored with copies is named `<base>-w<its width>.webp`
// and each copy `<base>-w<width>.webp`, for every width below that is narrower than the picture.
// A name without the mark (older uploads, pictures too small to need copies) has none.

/** The copies' widths, narrowest first: a card or thumbnail on most screens, and a picture as wide
 * as a phone's screen in device pixels (a 412 px wide phone at 2.6x needs about 1,000). */
export const IMAGE_WIDTHS = [480, 1024] as const;

const MARKED = /^(.*\/)?(\d+-[0-9a-f]+)-w(\d+)\.webp$/;

export interface ImageWidths {
  /** The picture's own width. */
  width: number;
  /** Each copy's width and its URL (or key), narrowest first. */
  copies: { width: number; path: string }[];
}

/** The copies a stored picture's URL or key promises, or null when its name carries no mark. */
export function imageWidths(pathOrUrl: string): ImageWidths | null {
  const [withoutQuery = ''] = pathOrUrl.split(/[?#]/, 1);
  const match = MARKED.exec(withoutQuery);
  if (!match) return null;
  const [, folder = '', base, own] = match;
  const width = Number(own);
  const copies = IMAGE_WIDTHS.filter((w) => w < width).map((w) => ({ width: w, path: `${folder}${base}-w${w}.webp` }));
  return copies.length > 0 ? { width, copies } : null;
}
