/**
 * Password hashing with scrypt (memory-hard), a random salt per hash and a timing-safe compare.
 * The cost parameters are stored in the hash, so raising them later keeps old hashes verifiable.
 * Format: `scrypt$<N>$<r>$<p>$<salt base64url>$<key base64url>`.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/** scrypt cost parameters. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** Production cost: N=2^15, r=8, p=3 — one of OWASP's recommended scrypt settings (32 MiB, ~0.25 s). */
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 3 };

/** Passwords longer than this are rejected before hashing, so a huge body cannot buy CPU time. */
export const MAX_PASSWORD_LENGTH = 128;
/** Minimum password length for new passwords. */
export const MIN_PASSWORD_LENGTH = 8;

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  // maxmem must exceed 128·N·r, which is exactly the 32 MiB default at the production cost.
  const maxmem = 256 * cost.N * cost.r;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...cost, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password with a fresh salt. */
export async function hashPassword(
  password: string,
  cost: ScryptCost = DEFAULT_SCRYPT_COST,
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Whether `password` matches `stored`; false for any malformed hash. Compares in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0)) return false;
  const salt = Buffer.from(parts[4] ?? "", "base64url");
  const expected = Buffer.from(parts[5] ?? "", "base64url");
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await derive(password, salt, { N, r, p });
  return timingSafeEqual(actual, expected);
}

/** The cost a stored hash was made with, or undefined when it is not an scrypt hash. */
export function hashCost(stored: string): ScryptCost | undefined {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return undefined;
  return { N: Number(parts[1]), r: Number(parts[2]), p: Number(parts[3]) };
}

/** Why a new password is refused, or undefined when it is acceptable. */
export function passwordWeakness(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `Passwords need at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH)
    return `Passwords have at most ${MAX_PASSWORD_LENGTH} characters.`;
  if (password.trim().length === 0) return "Passwords cannot be blank.";
  return undefined;
}
