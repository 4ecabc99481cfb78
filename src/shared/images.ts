// The images we take, for the server's rule and the web app's file pickers alike. Not SVG: it is
// a document (scripts, links, fonts) rather than a picture, and rasterised at an unknown size it
// comes out blurred; a logo exports as PNG in a click.

/** sharp's format names for them (AVIF is read as HEIF with AV1 inside). */
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'avif'] as const;

/** For `<input type="file" accept>`: the picker offers what the server takes. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

export const NOT_AN_IMAGE = 'Please choose an image file (JPEG, PNG, WebP, GIF or AVIF).';
