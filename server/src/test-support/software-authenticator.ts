import crypto from 'node:crypto';

/**
 * A passkey authenticator in software, for server tests: a P-256 key pair, the attestation
 * ("none") and assertions WebAuthn browsers send, built byte by byte (CBOR written by hand).
 */
export interface SoftwareAuthenticator {
  credentialId: string;
  /** The JSON @simplewebauthn/browser's startRegistration gives for these creation options. */
  register(options: { challenge: string; rp: { id?: string } }, origin: string): unknown;
  /** The JSON startAuthentication gives for these request options. */
  authenticate(options: { challenge: string; rpId?: string }, origin: string): unknown;
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array) => crypto.createHash('sha256').update(data).digest();

/** CBOR's head: major type and length (lengths below 65,536, all this needs). */
function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
}
const text = (s: string) => Buffer.concat([head(3, Buffer.byteLength(s)), Buffer.from(s)]);
const bytes = (b: Uint8Array) => Buffer.concat([head(2, b.length), b]);
const int = (n: number) => (n >= 0 ? head(0, n) : head(1, -1 - n));

/** A new authenticator holding one credential; `counter` is its signature counter. */
export function softwareAuthenticator(userHandle = 'user'): SoftwareAuthenticator {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const rawId = crypto.randomBytes(16);
  let counter = 0;
  const coseKey = Buffer.concat([
    head(5, 5),
    int(1),
    int(2), // kty: EC2
    int(3),
    int(-7), // alg: ES256
    int(-1),
    int(1), // crv: P-256
    int(-2),
    bytes(Buffer.from(jwk.x!, 'base64url')),
    int(-3),
    bytes(Buffer.from(jwk.y!, 'base64url')),
  ]);
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const counterBytes = () => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(counter);
    return b;
  };

  return {
    credentialId: b64url(rawId),
    register(options, origin) {
      const rpId = options.rp.id ?? new URL(origin).hostname;
      const credentialIdLength = Buffer.from([0, rawId.length]);
      const authData = Buffer.concat([
        sha256(Buffer.from(rpId)),
        Buffer.from([0x45]), // user present, user verified, attested credential data
        counterBytes(),
        Buffer.alloc(16), // AAGUID
        credentialIdLength,
        rawId,
        coseKey,
      ]);
      const attestationObject = Buffer.concat([
        head(5, 3),
        text('fmt'),
        text('none'),
        text('attStmt'),
        head(5, 0),
        text('authData'),
        bytes(authData),
      ]);
      return {
        id: b64url(rawId),
        rawId: b64url(rawId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    authenticate(options, origin) {
      counter += 1;
      const rpId = options.rpId ?? new URL(origin).hostname;
      const authData = Buffer.concat([
        sha256(Buffer.from(rpId)),
        Buffer.from([0x05]),
        counterBytes(),
      ]);
      const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
      const signature = crypto.sign(
        'sha256',
        Buffer.concat([authData, sha256(clientDataJSON)]),
        privateKey,
      );
      return {
        id: b64url(rawId),
        rawId: b64url(rawId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: b64url(Buffer.from(userHandle)),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
