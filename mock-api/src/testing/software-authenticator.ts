import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** Authenticator data flags (WebAuthn §6.1): user present, user verified, backup eligible/state, attested data. */
const UP = 0x01;
const UV = 0x04;
const BE = 0x08;
const BS = 0x10;
const AT = 0x40;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

export interface CeremonyOptions {
  /** The origin the browser would put in the client data (default: the authenticator's). */
  origin?: string;
  /** The relying-party id whose hash goes in the authenticator data. */
  rpId?: string;
}

/** The challenge of options as the API sent them (`{ data: { challenge } }`). */
type Options = { challenge: string; rp?: { id?: string }; user?: { id: string } };

/**
 * A passkey authenticator in software, for tests without a browser: one P-256 key made with
 * node:crypto, an attestation of format `none` (CBOR through @simplewebauthn's own encoder) and
 * assertions signed as a real authenticator signs them (ES256 over authenticator data and the
 * client data's hash). Its counter can be set, to play a cloned authenticator.
 */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private userHandle = '';
  counter = 0;

  constructor(
    readonly origin: string,
    readonly rpId: string,
    /**
     * A synced (backed-up) passkey, as a platform's password manager makes. Settable, to play a
     * credential whose backup eligibility changed (no real authenticator's does).
     */
    public synced = false,
    /** Whether it counts its signatures; synced passkeys usually keep the counter at 0. */
    readonly keepsCounter = true,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private flags(extra: number): number {
    return UP | UV | extra | (this.synced ? BE | BS : 0);
  }

  private clientData(type: string, challenge: string, origin: string): string {
    return JSON.stringify({ type, challenge, origin, crossOrigin: false });
  }

  /** `navigator.credentials.create()`'s answer, as `@simplewebauthn/browser` sends it. */
  register(options: Options, ceremony: CeremonyOptions = {}) {
    this.userHandle = options.user?.id ?? '';
    const jwk = this.publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(ceremony.rpId ?? this.rpId),
      Buffer.from([this.flags(AT)]),
      counterBytes(this.counter),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      cose,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, ceremony.origin ?? this.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** `navigator.credentials.get()`'s answer; each one moves the counter on, as a real key does. */
  assert(options: Options, ceremony: CeremonyOptions & { userHandle?: string } = {}) {
    if (this.keepsCounter) this.counter += 1;
    const authData = Buffer.concat([
      sha256(ceremony.rpId ?? this.rpId),
      Buffer.from([this.flags(0)]),
      counterBytes(this.counter),
    ]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, ceremony.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: ceremony.userHandle ?? this.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
