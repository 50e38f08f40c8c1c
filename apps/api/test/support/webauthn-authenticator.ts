import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

// A software authenticator for the passkey tests: a P-256 key (ES256) that answers WebAuthn
// ceremonies the way a browser and a platform authenticator do together, byte for byte:
// authenticatorData (RP id hash, flags, big-endian counter, attested credential data), the
// clientDataJSON the browser would sign over, a 'none' attestation object in CBOR and a DER
// ECDSA signature over authenticatorData ‖ SHA-256(clientDataJSON).

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64 = (data: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(data));

export interface CeremonyOptions {
  /** origin the "browser" reports (default: the authenticator's) */
  origin?: string;
  /** RP id whose hash goes into authenticatorData (default: the authenticator's) */
  rpId?: string;
  /** the counter to report; default: one more than last time */
  counter?: number;
  /** user verified (PIN/biometrics); default true */
  userVerified?: boolean;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly cosePublicKey: Uint8Array;
  private counter = 0;
  /** the user handle the RP gave at registration (base64url) */
  userHandle: string | undefined;

  constructor(
    readonly rpId: string,
    readonly origin: string,
    /** multiDevice (synced) passkeys set the backup flags */
    private readonly synced = true,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    const coordinate = (value: string | undefined) => isoBase64URL.toBuffer(value ?? '');
    // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y
    this.cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, coordinate(jwk.x)],
        [-3, coordinate(jwk.y)],
      ]),
    );
  }

  get id(): string {
    return b64(this.credentialId);
  }

  private authenticatorData(options: CeremonyOptions, attested: boolean): Uint8Array {
    const counter = options.counter ?? this.counter + 1;
    this.counter = counter;
    let flags = FLAG_UP | (options.userVerified === false ? 0 : FLAG_UV) | (this.synced ? FLAG_BE | FLAG_BS : 0);
    if (attested) flags |= FLAG_AT;
    const head = Buffer.alloc(37);
    sha256(options.rpId ?? this.rpId).copy(head, 0);
    head.writeUInt8(flags, 32);
    head.writeUInt32BE(counter, 33);
    if (!attested) return head;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    return Buffer.concat([head, Buffer.alloc(16), idLength, this.credentialId, this.cosePublicKey]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, options: CeremonyOptions): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: options.origin ?? this.origin, crossOrigin: false }));
  }

  /** What startRegistration() would return for these options (RegistrationResponseJSON). */
  register(optionsJSON: { challenge: string; user: { id: string } }, options: CeremonyOptions = {}) {
    this.userHandle = optionsJSON.user.id;
    const authData = this.authenticatorData({ ...options, counter: options.counter ?? 0 }, true);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', optionsJSON.challenge, options)),
        attestationObject: b64(attestationObject),
        transports: ['internal', 'hybrid'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: { credProps: { rk: true } },
    };
  }

  /** What startAuthentication() would return for these options (AuthenticationResponseJSON). */
  assert(optionsJSON: { challenge: string }, options: CeremonyOptions = {}) {
    const authData = this.authenticatorData(options, false);
    const clientDataJSON = this.clientData('webauthn.get', optionsJSON.challenge, options);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
