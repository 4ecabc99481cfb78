import { z } from 'zod';

// Passkeys (features/passkeys on both sides): the contracts; the words are in passkey-texts.ts,
// which the screens read without zod. WebAuthn's own JSON
// shapes (W3C WebAuthn Level 3, §5.1: "toJSON") pass through as the browser makes them; the
// server checks their content (@simplewebauthn/server).

const base64url = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Not base64url');
const transports = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(7);
const common = {
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

/** What `navigator.credentials.create()` answered, as JSON. */
export const registrationResponse = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url.min(1),
    attestationObject: base64url.min(1),
    authenticatorData: base64url.optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
});

/** What `navigator.credentials.get()` answered, as JSON. */
export const authenticationResponse = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url.min(1),
    authenticatorData: base64url.min(1),
    signature: base64url.min(1),
    userHandle: base64url.optional(),
  }),
});

export const addPasskeyInput = z.object({ credential: registrationResponse });
export const passkeyAssertionInput = z.object({ credential: authenticationResponse });

/** The options handed to the browser's WebAuthn call (its JSON form), with a fresh challenge. */
export const webauthnOptions = z.looseObject({ challenge: z.string() });

export const passkeySummary = z.object({
  id: z.string(),
  /** The browser and system it was added from: "Chrome 131 on macOS 14". */
  name: z.string(),
  createdAt: z.string().datetime(),
  lastUsedAt: z.string().datetime().nullable(),
  /** Kept in a passkey manager that syncs it between the member's devices. */
  synced: z.boolean(),
});
export const passkeysResponse = z.object({ passkeys: z.array(passkeySummary) });
