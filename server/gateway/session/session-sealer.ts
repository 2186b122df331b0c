/**
 * Encryption of session data at rest: AES-256-GCM under a key derived from SESSION_SECRET with
 * HKDF-SHA-256. The row's id hash is the additional authenticated data, so a sealed payload only
 * opens under the session it was written for — a copied or swapped row does not decrypt.
 */
import { createCipheriv, createDecipheriv, hash, hkdfSync, randomBytes } from "node:crypto";

/** Format tag of the sealed layout below; bump it when the layout or the derivation changes. */
const FORMAT_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const HKDF_SALT = "tessera/gateway/session-store";
const HKDF_INFO = "aes-256-gcm/v1";

/** The stable key of a session: hex SHA-256 of its cookie id, so the store never holds the id. */
export function sessionIdHash(sessionId: string): string {
  // The one-shot hash: read on every request, a third of createHash's cost for a short input.
  return hash("sha256", sessionId, "hex");
}

/** Seals and opens session payloads. */
export class SessionSealer {
  readonly #key: Buffer;

  constructor(secret: string) {
    if (secret.length === 0) throw new TypeError("SessionSealer: empty secret");
    this.#key = Buffer.from(hkdfSync("sha256", secret, HKDF_SALT, HKDF_INFO, KEY_BYTES));
  }

  /** `version | iv | tag | ciphertext` of the JSON of `payload`, bound to `idHash`. */
  seal(idHash: string, payload: unknown): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.#key, iv);
    cipher.setAAD(Buffer.from(`${FORMAT_VERSION}:${idHash}`));
    const body = Buffer.concat([cipher.update(JSON.stringify(payload), "utf8"), cipher.final()]);
    return Buffer.concat([Buffer.from([FORMAT_VERSION]), iv, cipher.getAuthTag(), body]);
  }

  /** The payload sealed for `idHash`, or null when it was sealed for another row, key or format. */
  open(idHash: string, sealed: Buffer): unknown {
    if (sealed.length < 1 + IV_BYTES + TAG_BYTES || sealed[0] !== FORMAT_VERSION) return null;
    const iv = sealed.subarray(1, 1 + IV_BYTES);
    const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.#key, iv);
      decipher.setAAD(Buffer.from(`${FORMAT_VERSION}:${idHash}`));
      decipher.setAuthTag(tag);
      const plain = Buffer.concat([
        decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]);
      return JSON.parse(plain.toString("utf8"));
    } catch {
      return null;
    }
  }
}
