import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { z } from "zod";

/**
 * A passkey authenticator in software, for API tests (decision 036): what a browser and its
 * authenticator send to the shop when adding a passkey ("none" attestation, ES256) and when
 * signing in with it. The end-to-end tests use Chromium's virtual authenticator instead.
 */
export type SoftwareAuthenticator = {
  credentialId: string;
  /** The browser's answer to registration options (`/passkey/generate-register-options`). */
  register(options: unknown, origin: string): Record<string, unknown>;
  /** The browser's answer to sign-in options (`/passkey/generate-authenticate-options`). */
  signIn(options: unknown, origin: string): Record<string, unknown>;
};

const registrationOptions = z.object({ challenge: z.string(), rp: z.object({ id: z.string() }) });
const signInOptions = z.object({ challenge: z.string(), rpId: z.string() });

const FLAGS = { userPresent: 0x01, userVerified: 0x04, attestedData: 0x40 } as const;

export function createSoftwareAuthenticator(): SoftwareAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const rawId = randomBytes(32);
  const credentialId = rawId.toString("base64url");
  let counter = 0;
  const authData = (rpId: string, flags: number, attested: Buffer = Buffer.alloc(0)) => {
    counter += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(Buffer.from(rpId)), Buffer.from([flags]), count, attested]);
  };
  return {
    credentialId,
    register(options, origin) {
      const { challenge, rp } = registrationOptions.parse(options);
      const clientData = clientDataJSON("webauthn.create", challenge, origin);
      const flags = FLAGS.userPresent | FLAGS.userVerified | FLAGS.attestedData;
      const data = authData(rp.id, flags, attestedCredential(rawId, publicKey));
      const attestation = cbor(
        new Map<string, unknown>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", data],
        ]),
      );
      const response = {
        clientDataJSON: clientData.toString("base64url"),
        attestationObject: attestation.toString("base64url"),
        transports: ["internal"],
      };
      return credential(credentialId, response);
    },
    signIn(options, origin) {
      const { challenge, rpId } = signInOptions.parse(options);
      const clientData = clientDataJSON("webauthn.get", challenge, origin);
      const data = authData(rpId, FLAGS.userPresent | FLAGS.userVerified);
      const signature = signAssertion(privateKey, Buffer.concat([data, sha256(clientData)]));
      const response = {
        clientDataJSON: clientData.toString("base64url"),
        authenticatorData: data.toString("base64url"),
        signature: signature.toString("base64url"),
      };
      return credential(credentialId, response);
    },
  };
}

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest();

const signAssertion = (key: KeyObject, data: Buffer) => sign("sha256", data, key);

function clientDataJSON(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function credential(id: string, response: Record<string, unknown>): Record<string, unknown> {
  return {
    id,
    rawId: id,
    type: "public-key",
    response,
    clientExtensionResults: {},
    authenticatorAttachment: "platform",
  };
}

/** The AAGUID (zeros, as privacy-minded platforms send), the credential's id and its COSE key. */
function attestedCredential(rawId: Buffer, publicKey: KeyObject): Buffer {
  const jwk = z.object({ x: z.string(), y: z.string() }).parse(publicKey.export({ format: "jwk" }));
  const cose = new Map<number, unknown>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x, "base64url")],
    [-3, Buffer.from(jwk.y, "base64url")],
  ]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(rawId.length);
  return Buffer.concat([Buffer.alloc(16), length, rawId, cbor(cose)]);
}

/** The little CBOR WebAuthn needs: small integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === "string") {
    const text = Buffer.from(value);
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Map) {
    const entries = [...value].flatMap(([key, item]) => [cbor(key), cbor(item)]);
    return Buffer.concat([head(5, value.size), ...entries]);
  }
  throw new Error(`CBOR: cannot encode ${typeof value}`);
}

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const long = Buffer.alloc(3);
  long.writeUInt8((major << 5) | 25);
  long.writeUInt16BE(length, 1);
  return long;
}
