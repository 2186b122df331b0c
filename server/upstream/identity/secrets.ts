/**
 * Opaque bearer secrets: session tokens and one-time tokens. Only a SHA-256 of each is stored, so a
 * copy of the database does not hand out live sessions.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";

/** A new random token: 32 bytes, base64url (43 characters). */
export function generateToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The stored form of a token: hex SHA-256 (tokens are high-entropy, so no salt or KDF is needed). */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** A new UID for users, files, logos and messages. */
export function generateUid(): string {
  return randomUUID();
}

/** Pattern of the tokens this service issues; anything else is rejected before any lookup. */
export const TOKEN_PATTERN = "^[A-Za-z0-9_-]{43}$";

/** Pattern of the UIDs this service issues (RFC 4122 text form). */
export const UID_PATTERN = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";
