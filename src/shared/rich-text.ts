// Rich HTML as the editor sends it: the limits and checks the server's schemas and the web's
// forms share (forums, announcements). No zod here, so a screen can count without loading it.

/** Raw HTML carries markup on top of the text; this caps what one request may send. */
export const RICH_HTML_MAX = 200_000;

/** The visible text of rich HTML, roughly (tags dropped, entities as one character): what
 * the length limits count, on both sides. */
export function richTextLength(html: string): number {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z0-9#]+;/gi, 'x')
    .trim().length;
}

/** Rich HTML with nothing in it: no text and no image. */
export function isBlankRichText(html: string): boolean {
  return richTextLength(html) === 0 && !/<img\s/i.test(html);
}
