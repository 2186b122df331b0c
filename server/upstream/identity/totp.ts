/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP) with node:crypto only.
 * Secrets are shared as base32 (RFC 4648) in an otpauth:// URI, the format authenticator apps read.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** TOTP parameters: the defaults are what authenticator apps assume (SHA-1, 6 digits, 30 s). */
export interface TotpOptions {
  digits?: number;
  periodSeconds?: number;
  algorithm?: "sha1" | "sha256" | "sha512";
}

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** Encodes bytes as unpadded base32. */
export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (case-insensitive, padding and spaces ignored); throws on other characters. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, "");
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new Error("invalid base32 character");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new random secret: 20 bytes (160 bits, RFC 4226's recommended length), base32-encoded. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The HOTP value for a counter (RFC 4226 §5.3 dynamic truncation). */
export function hotp(
  secret: Buffer,
  counter: number,
  digits = 6,
  algorithm: TotpOptions["algorithm"] = "sha1",
): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac(algorithm ?? "sha1", secret)
    .update(message)
    .digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The time step (RFC 6238 T) that `atMs` falls in. */
export function totpStep(atMs: number, periodSeconds = 30): number {
  return Math.floor(atMs / 1000 / periodSeconds);
}

/** The TOTP code for a base32 secret at a time. */
export function totpCode(secretBase32: string, atMs: number, options: TotpOptions = {}): string {
  return hotp(
    base32Decode(secretBase32),
    totpStep(atMs, options.periodSeconds),
    options.digits,
    options.algorithm,
  );
}

/**
 * The time step a code matches, looking one step back and ahead for clock drift (RFC 6238 §5.2),
 * or undefined. Callers reject steps at or before the last accepted one, so a code works once.
 */
export function matchTotpStep(
  secretBase32: string,
  code: string,
  atMs: number,
  options: TotpOptions = {},
): number | undefined {
  const digits = options.digits ?? 6;
  if (!new RegExp(`^\\d{${digits}}$`).test(code)) return undefined;
  const secret = base32Decode(secretBase32);
  const current = totpStep(atMs, options.periodSeconds);
  for (const step of [current - 1, current, current + 1]) {
    const expected = Buffer.from(hotp(secret, step, digits, options.algorithm));
    if (timingSafeEqual(expected, Buffer.from(code))) return step;
  }
  return undefined;
}

/** The otpauth:// URI an authenticator app scans (Key Uri Format). */
export function otpAuthUri(secretBase32: string, issuer: string, accountName: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(accountName)}`;
  return `otpauth://totp/${label}?secret=${secretBase32}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=6&period=30`;
}
