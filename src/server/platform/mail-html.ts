// The HTML part of a mail, made from its text part: the same words, escaped, with links and
// lists marked up, and a picture (a ticket's QR code) after the paragraph that names it. Plain
// and light, so it reads alike in every client and a screen reader hears the text mail's words.

/** Text made safe for HTML: in an element, and in an attribute whichever quote it uses (page-meta.ts
 * puts member text into its preview tags). */
export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

// A sentence's closing punctuation is not part of the address.
const URL_PATTERN = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)]/g;

/** One escaped line, its web addresses made links. */
function line(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0];
    out += escapeHtml(text.slice(last, match.index)) + `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return out + escapeHtml(text.slice(last));
}

export interface MailPicture {
  /** The text line the picture follows (its paragraph's last line, or any line in it). */
  after: string;
  /** The `<img>` (or other markup) to put there, already escaped. */
  html: string;
}

export function textToHtml(text: string, title: string, pictures: MailPicture[] = []): string {
  const blocks = text.split(/\n{2,}/);
  const body = blocks
    .map((block) => {
      const lines = block.split('\n');
      const items = lines.filter((l) => l.startsWith('  - '));
      let html: string;
      if (lines.length > 1 && items.length === lines.length - 1 && !lines[0]!.startsWith('  - ')) {
        // "Your guests:" then its items.
        html = `<p style="margin:0 0 4px">${line(lines[0]!)}</p><ul style="margin:0 0 16px">${items
          .map((l) => `<li>${line(l.slice(4))}</li>`)
          .join('')}</ul>`;
      } else if (lines[0] === '--') {
        html = `<hr style="border:0;border-top:1px solid #ccc;margin:24px 0 8px"><p style="margin:0;font-size:13px;color:#555">${lines
          .slice(1)
          .map(line)
          .join('<br>')}</p>`;
      } else {
        html = `<p style="margin:0 0 16px">${lines.map(line).join('<br>')}</p>`;
      }
      const picture = pictures.find((p) => lines.includes(p.after));
      return picture ? `${html}\n<p style="margin:0 0 16px">${picture.html}</p>` : html;
    })
    .join('\n');
  return [
    '<!doctype html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#fff;color:#111;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">',
    '<div style="max-width:560px">',
    body,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}

/** Our images and links are site paths (`/uploads/...`): a mail or a feed needs them whole. */
export const absoluteLinks = (html: string, publicUrl: string) =>
  html.replace(/\s(src|href)="\/(?!\/)/g, (_, attribute: string) => ` ${attribute}="${publicUrl}/`);
