import { imageWidths } from '../../shared/image-widths';

/**
 * `src` and, for a picture the server stored with narrower copies, `srcSet` listing them with the
 * picture itself (shared/image-widths.ts: its file name says which exist), so a phone downloads a
 * copy its screen can use. Any other URL (older uploads, small pictures, other hosts) is left as
 * it is. Pass `sizes` beside it: how wide the picture is shown.
 */
export function responsiveImage(url: string): { src: string; srcSet?: string } {
  const widths = imageWidths(url);
  if (!widths) return { src: url };
  const candidates = [...widths.copies.map((copy) => `${copy.path} ${copy.width}w`), `${url} ${widths.width}w`];
  return { src: url, srcSet: candidates.join(', ') };
}
