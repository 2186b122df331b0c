/**
 * Secrets staff enter that the service must be able to use again (a database password, a
 * distribution environment's API key, a secret setting): sealed with AES-256-GCM under a key derived
 * from UPSTREAM_SECRETS_KEY (at least 32 characters, from the environment). Without that key no
 * secret is stored: the call answers 422 SecretStorageNotConfigured instead of keeping plain text.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { UpstreamError } from "../http/errors.ts";

/** Environment variable holding the secrets key. */
export const SECRETS_KEY_VARIABLE = "UPSTREAM_SECRETS_KEY";
const MIN_KEY_LENGTH = 32;
const VERSION = "v1";

function key(): Buffer {
  const text = process.env[SECRETS_KEY_VARIABLE];
  if (!text || text.length < MIN_KEY_LENGTH) {
    throw new UpstreamError(
      422,
      "SecretStorageNotConfigured",
      `Secrets are stored encrypted: set ${SECRETS_KEY_VARIABLE} (at least ${MIN_KEY_LENGTH} characters) first.`,
    );
  }
  return createHash("sha256").update(text, "utf8").digest();
}

/** Seals a secret: "v1:<iv>:<tag>:<ciphertext>", base64url parts. */
export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(":");
}

/** Opens a sealed secret (for the code that uses it); throws when the key changed or it was altered. */
export function openSecret(sealed: string): string {
  const [version, iv, tag, data] = sealed.split(":");
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error("not a sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
