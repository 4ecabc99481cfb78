import { z } from 'zod';

export * from './connect-code-texts';

/** The event where two members met (both checked in): "met at {event}". */
export const metAt = z.object({ id: z.string(), name: z.string() });
export type MetAt = z.infer<typeof metAt>;

/** A member's own code: the address it opens, that address as an SVG QR image, since when. */
export const connectCodeResponse = z.object({
  url: z.string(),
  qrSvg: z.string(),
  createdAt: z.string(),
});
export type ConnectCodeResponse = z.infer<typeof connectCodeResponse>;

/** Whom a code belongs to, as the scanning phone shows them before Connect. */
export const connectCodeOwner = z.object({
  username: z.string(),
  fullName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type ConnectCodeOwner = z.infer<typeof connectCodeOwner>;

export const scanConnectResponse = z.object({
  connection: z.object({ id: z.string(), status: z.enum(['pending', 'accepted', 'rejected']) }),
  /** Set when both had checked in to the same event that day: connected at once. */
  metAt: metAt.nullable(),
});
export type ScanConnectResponse = z.infer<typeof scanConnectResponse>;
