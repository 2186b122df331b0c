/**
 * API keys (§2.2 /api; server/upstream/README-content.md, Account screens): the shapes and the
 * rules of the screen — a key's secret is shown once, right after it is created; only active keys
 * can be revoked.
 */
import type { Tone } from "../work/common/list-parts.tsx";

/** An API key as listed (never with its secret). */
export interface ApiKey {
  RecId: number;
  Name: string;
  /** The first characters of the secret, to recognise it. */
  Prefix: string;
  CreatedByFullName: string | null;
  CreatedAt: string | null;
  ExpiresAt: string | null;
  LastUsedAt: string | null;
  RevokedAt: string | null;
  Status: "Active" | "Expired" | "Revoked";
}

/** The answer of creating a key: the only time the secret is sent. */
export interface CreatedApiKey extends ApiKey {
  Secret: string;
}

/** The longest validity the upstream accepts, in days, and the shortest. */
export const API_KEY_MAX_DAYS = 3650;
export const API_KEY_MIN_DAYS = 1;
/** Longest key name. */
export const API_KEY_NAME_MAX_LENGTH = 80;

/** The body of `POST ApiKeys`: the name, and the validity when one was given. */
export function newKeyBody(name: string, days: string): { Name: string; ExpiresInDays?: number } {
  const trimmed = days.trim();
  return { Name: name.trim(), ...(trimmed === "" ? {} : { ExpiresInDays: Number(trimmed) }) };
}

/** §5 custom rule of the validity field: empty (never expires) or a whole number of days in range. */
export function validityError(days: string): string | null {
  const trimmed = days.trim();
  if (trimmed === "") return null;
  if (!/^\d+$/.test(trimmed)) return "ApiKeys_ValidityInvalid";
  const value = Number(trimmed);
  return value >= API_KEY_MIN_DAYS && value <= API_KEY_MAX_DAYS ? null : "ApiKeys_ValidityInvalid";
}

/** Only an active key can be revoked (409 ApiKeyRevoked otherwise), and only with API at rw. */
export function canRevoke(key: Pick<ApiKey, "Status">, canWrite: boolean): boolean {
  return canWrite && key.Status === "Active";
}

/** The tone of a key's state. */
export function keyTone(status: ApiKey["Status"]): Tone {
  if (status === "Active") return "success";
  if (status === "Revoked") return "danger";
  return "warning";
}
