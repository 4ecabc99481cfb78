import { createHmac, timingSafeEqual } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import type { Db } from '../../db/client';
import { signingKey } from '../../platform/signing-keys';

// A check-in code names one ticket (a member's registration or one guest) of one event, signed
// with a key this install made for itself. It carries two random ids and a signature, nothing a
// person can read: `T1.` + base64url(kind byte, event id, ticket id, first 16 bytes of the
// HMAC-SHA256 of the 33 bytes before it).

export type TicketKind = 'member' | 'guest';
export interface TicketRef {
  kind: TicketKind;
  eventId: string;
  /** The registration's id (`event_attendees.id`) or the guest's (`event_guests.id`). */
  id: string;
}

const PREFIX = 'T1.';
const MAC_BYTES = 16;
const KIND_BYTE: Record<TicketKind, number> = { member: 0x6d, guest: 0x67 };

export const ticketKey = (db: Db) => signingKey(db, 'tickets');

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
const mac = (key: Buffer, body: Buffer) => createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);

export function ticketCode(key: Buffer, ref: TicketRef): string {
  const body = Buffer.concat([Buffer.from([KIND_BYTE[ref.kind]]), uuidBytes(ref.eventId), uuidBytes(ref.id)]);
  return PREFIX + Buffer.concat([body, mac(key, body)]).toString('base64url');
}

/** The ticket a code names, or null when it is not one of ours (malformed, or a signature this
 * install did not make). */
export function readTicketCode(key: Buffer, code: string): TicketRef | null {
  if (!code.startsWith(PREFIX)) return null;
  const raw = code.slice(PREFIX.length);
  if (!/^[A-Za-z0-9_-]{66}$/.test(raw)) return null;
  const bytes = Buffer.from(raw, 'base64url');
  if (bytes.length !== 33 + MAC_BYTES) return null;
  const body = bytes.subarray(0, 33);
  if (!timingSafeEqual(bytes.subarray(33), mac(key, body))) return null;
  const kind = body[0] === KIND_BYTE.member ? 'member' : body[0] === KIND_BYTE.guest ? 'guest' : null;
  if (!kind) return null;
  return { kind, eventId: uuidOf(body.subarray(1, 17)), id: uuidOf(body.subarray(17, 33)) };
}

/** The code as an SVG QR image for the ticket page (dark on white, with the quiet zone). */
export function qrSvg(code: string): Promise<string> {
  return QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
}

/** The code as a small 1-bit PNG for e-mail (mail clients show inline PNGs, not SVG). Drawn
 * here from the QR matrix rather than by the library's PNG writer: a tenth of its time, which
 * matters when a reminder sweep draws thousands. */
export function qrPng(code: string, scale = 6, margin = 4): Buffer {
  const modules = QRCode.create(code, { errorCorrectionLevel: 'M' }).modules;
  const n = modules.size;
  const width = (n + 2 * margin) * scale;
  const rowBytes = Math.ceil(width / 8) + 1;
  const raw = Buffer.alloc(rowBytes * width, 0);
  for (let y = 0; y < width; y++) {
    const my = Math.floor(y / scale) - margin;
    const row = y * rowBytes; // its first byte is the filter type, 0
    for (let x = 0; x < width; x++) {
      const mx = Math.floor(x / scale) - margin;
      const dark = mx >= 0 && my >= 0 && mx < n && my < n && modules.get(my, mx);
      if (!dark) raw[row + 1 + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    typed.copy(out, 4);
    out.writeUInt32BE(crc32(typed), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header[8] = 1; // bit depth 1, colour type 0 (greyscale), default compression, filter, no interlace
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
