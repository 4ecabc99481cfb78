import sanitizeHtml from 'sanitize-html';
import type { Storage } from './storage';

// Rich HTML from users (event content, forum descriptions and replies) is cleaned here,
// when it is written; the web app renders only what passed.

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  // src is checked by exclusiveFilter (sanitizeRichHtml), which also admits our root-relative uploads.
  allowedSchemesAppliedToAttributes: ['href', 'cite'],
  allowProtocolRelative: false,
  // Links leave the site safely; images may come from our own uploads too.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' },
    }),
  },
};

/** Our local uploads: `/uploads/<bucket>/<key>`, never a way out of that folder. */
const LOCAL_UPLOAD = /^\/uploads\/[a-z-]+\/[a-zA-Z0-9][a-zA-Z0-9/_.-]*$/;

/**
 * Keeps formatting, links (http, https, mailto) and images from our own storage only: a
 * foreign image would tell another site who reads what. Pass `storage` to admit its public
 * URLs (S3); without it only local `/uploads/...` images stay.
 */
export function sanitizeRichHtml(html: string, options: { storage?: Pick<Storage, 'locate'> } = {}): string {
  const { storage } = options;
  const isOurs = (src: string) =>
    !src.includes('..') && (storage ? storage.locate(src) !== null : LOCAL_UPLOAD.test(src));
  return sanitizeHtml(html, {
    ...OPTIONS,
    exclusiveFilter: (frame) => frame.tag === 'img' && !isOurs(frame.attribs.src ?? ''),
  }).trim();
}
