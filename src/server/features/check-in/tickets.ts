import { createHmac, timingSafeEqual } from 'node:crypto';
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
