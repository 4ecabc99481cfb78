import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/query-values';
import { signingKeys } from '../../db/schema';
import { signingKey } from '../../platform/signing-keys';

// An invitation's link (issue 35): `/register?invite=<token>`, the token naming one invitation
// and the end of that mail's validity, signed with a key this install made for itself like the
// unsubscribe and rating links (platform/unsubscribe.ts). It cannot be altered to name another
// invitation or to last longer; revoking it, or the person joining, is read from the row.

const KEY_NAME = 'invitations';

/** This install's key for invitation links, made on first use (when an invitation is sent). */
export const invitationKey = (db: Db) => signingKey(db, KEY_NAME);

/** The key as it is: reading a link never makes one, so a refused link writes nothing. */
export async function existingInvitationKey(db: Db): Promise<Buffer | null> {
  const [row] = await db.select({ secret: signingKeys.secret }).from(signingKeys).where(eq(signingKeys.name, KEY_NAME));
  return row?.secret ? Buffer.from(row.secret, 'base64url') : null;
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export interface InvitationLink {
  id: string;
  expiresAt: Date;
}

/** `<payload>.<signature>` in base64url, 76 characters: the payload is the invitation's id (16
 * bytes) and the link's end (milliseconds, 8 bytes), kept short because a path parameter may be
 * at most 100 characters long (Fastify's maxParamLength). */
export function signInvitationToken(key: Buffer, link: InvitationLink): string {
  const bytes = Buffer.alloc(24);
  Buffer.from(link.id.replace(/-/g, ''), 'hex').copy(bytes, 0);
  bytes.writeBigUInt64BE(BigInt(link.expiresAt.getTime()), 16);
  const payload = bytes.toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The invitation and expiry a token names, or null when it is not one this install signed. */
export function readInvitationToken(key: Buffer, token: string): InvitationLink | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length !== 24) return null;
  const hex = bytes.subarray(0, 16).toString('hex');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const expiresAt = new Date(Number(bytes.readBigUInt64BE(16)));
  return isUuid(id) && !Number.isNaN(expiresAt.getTime()) ? { id, expiresAt } : null;
}

/** The address the mail links to: registration, filled in from the invitation. */
export const invitationUrl = (config: Pick<Config, 'publicUrl'>, key: Buffer, link: InvitationLink) =>
  `${config.publicUrl}/register?invite=${signInvitationToken(key, link)}`;
