/**
 * The public viewers (§2.1: /v/{code} dashboards, /b/{code} binders, /ld/{code} live documents,
 * /report/chart/snapshot) as data: which code a location carries, the call that resolves it, and
 * what a failed call means. The reference upstream has no public share endpoint yet; these are the
 * calls the runtime makes, so any upstream that implements them is shown without a runtime change:
 *
 * - `GET {webservices}/Share/{ObjectType}/{code}` → 200 `{ Type, Name, OwnerFullName, ModifiedAt,
 *   Properties }` (the read-only object), 404 when the code is unknown, revoked or the object deleted.
 * - `GET {webservices}/Share/ChartSnapshot/{code}` → 200 `{ Title, ImagePng (base64), CreatedAt }`,
 *   404 likewise.
 */
import { ApiError } from "../../http/api-error.ts";

/** A share code: URL-safe characters only (it is put in a path). */
export function shareCode(raw: string | null | undefined): string | null {
  const code = raw?.trim() ?? "";
  return /^[A-Za-z0-9_-]{1,128}$/.test(code) ? code : null;
}

/** The webservices path resolving a shared object of `type`. */
export function sharedObjectPath(type: string, code: string): string {
  return `Share/${encodeURIComponent(type)}/${encodeURIComponent(code)}`;
}

/** The webservices path resolving a chart snapshot. */
export function chartSnapshotPath(code: string): string {
  return `Share/ChartSnapshot/${encodeURIComponent(code)}`;
}

/** The code of /report/chart/snapshot, in its `code` (or `id`) query parameter. */
export function snapshotCode(search: string): string | null {
  const query = new URLSearchParams(search);
  return shareCode(query.get("code") ?? query.get("id"));
}

/** A shared object as the share endpoint returns it. */
export interface SharedObject {
  Type: string;
  Name: string;
  OwnerFullName?: string | null;
  ModifiedAt?: string | null;
  Properties?: Record<string, unknown> | null;
}

/** A chart snapshot as the endpoint returns it. */
export interface ChartSnapshot {
  Title: string;
  ImagePng: string;
  CreatedAt?: string | null;
}

/** What the visitor sees. */
export type SharedOutcome = "notFound" | "error" | "silent";

/**
 * A failed resolution: a code the service does not know, no longer shares, or will not show to an
 * anonymous visitor (404, 410, 401, 403) is "not found or no longer shared"; aborted calls are silent;
 * anything else (network, 5xx) is an error the visitor may retry.
 */
export function sharedFailure(error: unknown): SharedOutcome {
  if (error instanceof ApiError) {
    if (error.aborted) return "silent";
    if ([401, 403, 404, 410].includes(error.status)) return "notFound";
  }
  return "error";
}

/** True when a resolved body is a shared object of the expected type. */
export function isSharedObject(body: unknown, type: string): body is SharedObject {
  const object = body as SharedObject | null;
  return (
    typeof object === "object" && object !== null && object.Type === type && typeof object.Name === "string"
  );
}

/** True when a resolved body is a chart snapshot with an image. */
export function isChartSnapshot(body: unknown): body is ChartSnapshot {
  const snapshot = body as ChartSnapshot | null;
  return (
    typeof snapshot === "object" &&
    snapshot !== null &&
    typeof snapshot.Title === "string" &&
    typeof snapshot.ImagePng === "string"
  );
}
