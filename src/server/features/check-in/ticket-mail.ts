import { formatShortCode } from '../../../shared/check-in-texts';
import type { MailAttachment } from '../../platform/mail';
import { qrPng } from '../../platform/qr-image';
import { ticketCode, type TicketRef } from './tickets';

// A ticket in an e-mail: its QR code as a small PNG attached with a Content-ID, shown inline by
// the HTML part (mail clients show inline PNGs, not SVG), the sentence the text part says before
// it, and the short code after it (a paragraph of its own, so the HTML part puts it under the image).

export const TICKET_IMAGE_ALT = 'Your check-in code';

export interface MailTicket {
  attachment: MailAttachment;
  /** The `<img>` for the HTML part. */
  html: string;
}

/** Every ticket code has the same length, so the same QR size: measured once. */
let imageSize: number | null = null;

/** The image is drawn when the mail is delivered (`encoding: 'qr'`, platform/mail.ts), not when
 * it is written: a reminder sweep writes thousands in one go. */
export function mailTicket(key: Buffer, ref: TicketRef): MailTicket {
  const code = ticketCode(key, ref);
  imageSize ??= qrPng(code).readUInt32BE(16); // IHDR width (square)
  const cid = `ticket-${ref.id}@power-mixer`;
  return {
    attachment: { filename: 'ticket.png', contentType: 'image/png', content: code, encoding: 'qr', cid },
    html: `<img src="cid:${cid}" alt="${TICKET_IMAGE_ALT}" width="${imageSize}" height="${imageSize}" style="display:block;max-width:100%;height:auto;background:#fff">`,
  };
}

/** The text part's line about the ticket; the HTML part puts the image after it. */
export function ticketLine(holder: 'member' | 'guest', host?: string | null): string {
  return holder === 'member'
    ? 'Your ticket: show the check-in code in this e-mail at the door. It is on the event page too.'
    : `Your ticket: show the check-in code in this e-mail at the door. ${host ?? 'The member who invited you'} can show it from the event page too.`;
}

/** The paragraph after the ticket's image: its short code, which the door types by hand. */
export const ticketCodeLine = (shortCode: string) =>
  `If the door cannot scan it, give them this code: ${formatShortCode(shortCode)}`;
