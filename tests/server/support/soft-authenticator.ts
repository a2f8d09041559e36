import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey authenticator for the server tests: an ES256 key pair per credential, attestation
 * "none", user presence and verification flags set, a signature counter. It answers the options the
 * server hands out the way a browser would hand its authenticator's answer back (base64url JSON).
 */
export class SoftAuthenticator {
  private readonly credentials = new Map<string, { key: KeyObject; x: Buffer; y: Buffer; counter: number; userHandle: string }>();

  constructor(private readonly origin: string) {}

  private rpIdHash(rpId: string) {
    return createHash('sha256').update(rpId).digest();
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create() with these options: a new discoverable credential. */
  create(options: { challenge: string; rp: { id?: string }; user: { id: string } }, opts: { origin?: string } = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const x = Buffer.from(jwk.x!, 'base64url');
    const y = Buffer.from(jwk.y!, 'base64url');
    const credentialId = randomBytes(32);
    const id = credentialId.toString('base64url');
    this.credentials.set(id, { key: privateKey, x, y, counter: 0, userHandle: options.user.id });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(x)],
        [-3, new Uint8Array(y)],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      this.rpIdHash(options.rp.id!),
      Buffer.from([0x01 | 0x04 | 0x40]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      credentialId,
      Buffer.from(cose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return credentialJson(id, {
      clientDataJSON: this.clientData('webauthn.create', options.challenge, opts.origin ?? this.origin).toString('base64url'),
      attestationObject: Buffer.from(attestationObject).toString('base64url'),
      transports: ['internal' as const],
    });
  }

  /** navigator.credentials.get() with these options, signed by the credential `id`. */
  get(id: string, options: { challenge: string; rpId?: string }, opts: { origin?: string; rpId?: string } = {}) {
    const cred = this.credentials.get(id);
    if (!cred) throw new Error(`no credential ${id}`);
    cred.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(cred.counter);
    const authData = Buffer.concat([this.rpIdHash(opts.rpId ?? options.rpId!), Buffer.from([0x01 | 0x04]), counter]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, opts.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]), cred.key);
    return credentialJson(id, {
      clientDataJSON: clientDataJSON.toString('base64url'),
      authenticatorData: authData.toString('base64url'),
      signature: signature.toString('base64url'),
      userHandle: cred.userHandle,
    });
  }
}

/** A public-key credential as the browser hands it to the page (JSON-encoded), around the ceremony's `response`. */
function credentialJson<R>(id: string, response: R) {
  return { id, rawId: id, type: 'public-key' as const, clientExtensionResults: {}, response };
}
