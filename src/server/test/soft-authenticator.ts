import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

// A passkey authenticator in software for the API tests (the end-to-end tests use Chromium's
// virtual one): it answers WebAuthn options with what a browser would send, an ES256 key pair,
// "none" attestation, and a signature count. Only what the product's checks read is modelled.

type Cbor = number | string | Uint8Array | Map<number, Cbor> | { [key: string]: Cbor };

/** The few CBOR items WebAuthn uses (RFC 8949): integers, byte and text strings, maps. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(length, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const entries = value instanceof Map ? [...value] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

export class SoftAuthenticator {
  private readonly key: { privateKey: KeyObject; publicKey: KeyObject };
  readonly credentialId = randomBytes(16);
  private count = 0;
  private userHandle = '';

  constructor(private readonly origin: string) {
    this.key = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  }

  get id() {
    return b64u(this.credentialId);
  }

  /** `navigator.credentials.create()`: a new passkey for the options' site and member. */
  create(options: Options, clientOrigin = this.origin) {
    this.userHandle = options.user!.id;
    const jwk = this.key.publicKey.export({ format: 'jwk' });
    const cose = new Map<number, Cbor>([
      [1, 2], // EC2
      [3, -7], // ES256
      [-1, 1], // P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(options.rp!.id!),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      Buffer.alloc(4),
      Buffer.alloc(16), // AAGUID
      length,
      this.credentialId,
      cbor(cose),
    ]);
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: clientOrigin });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(Buffer.from(clientData)),
        attestationObject: b64u(cbor({ fmt: 'none', attStmt: {}, authData })),
        transports: ['internal' as const],
      },
      clientExtensionResults: {},
    };
  }

  /** `navigator.credentials.get()`: a signature over the options' challenge; `verified` false is
   * a key touched without its PIN or fingerprint. */
  get(options: Options, clientOrigin = this.origin, verified = true) {
    this.count += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.count);
    const authenticatorData = Buffer.concat([sha256(options.rpId!), Buffer.from([verified ? 0x05 : 0x01]), counter]);
    const clientData = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: clientOrigin }),
    );
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientData)]), this.key.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(clientData),
        authenticatorData: b64u(authenticatorData),
        signature: b64u(signature),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}
