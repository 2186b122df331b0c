/**
 * RFC 6238 one-time codes (HMAC-SHA-1, 30 s steps, 6 digits) for the demo user with a TOTP second
 * factor (secure@northwind.example; secret in server/upstream/seed/demo-accounts.ts), computed here
 * as an authenticator app would.
 */
import { createHmac } from "node:crypto";

/** The TOTP secret of secure@northwind.example (server/upstream/seed/demo-accounts.ts). */
export const DEMO_TOTP_SECRET = "JBSWY3DPEHPK3PXP";
/** RFC 6238's default step. */
export const TOTP_PERIOD_MS = 30_000;
const TOTP_DIGITS = 6;

/** RFC 4648 base32 → bytes. */
function base32(secret: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secret.replace(/=+$/, "").toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The code of time step `step` (⌊unix ms / TOTP_PERIOD_MS⌋). */
export function totpAtStep(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac("sha1", base32(secret)).update(counter).digest();
  // RFC 4226 §5.3 dynamic truncation.
  const offset = (hmac[hmac.length - 1] as number) & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, "0");
}

/**
 * The codes to try, in order: the previous step first (the upstream accepts one step either side,
 * and each step once per user — leaving the current one to a test that signs the same user in at
 * the same time), then the current and the next.
 */
export function candidateCodes(secret: string, now = Date.now()): string[] {
  const step = Math.floor(now / TOTP_PERIOD_MS);
  return [step - 1, step, step + 1].map((candidate) => totpAtStep(secret, candidate));
}
