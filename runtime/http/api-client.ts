/**
 * Calls through the gateway: `/api/<path>` reaches the upstream application
 * base, `/webservices/<path>` its webservices base (§7, DESIGN.md §4). The
 * session is the httpOnly cookie; state-changing calls carry the CSRF token.
 */
import { ApiError } from "./api-error.ts";

/**
 * The two upstream bases as the browser sees them through the gateway, and the gateway's own API
 * (`/gw/`: the configuration plane the operator studio drives).
 */
export const API_BASES = { app: "/api/", webservices: "/webservices/", gateway: "/gw/" } as const;

/** Cookie (readable by script) and header of the double-submit CSRF defence. */
export const CSRF_COOKIE = "tessera_csrf";
export const CSRF_HEADER = "X-Tessera-CSRF";

/** Options of one call. */
export interface ApiRequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  base?: keyof typeof API_BASES;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Reads the CSRF cookie, if present. */
export function csrfToken(
  cookies: string = typeof document === "undefined" ? "" : document.cookie,
): string | null {
  for (const part of cookies.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === CSRF_COOKIE) return decodeURIComponent(value.join("="));
  }
  return null;
}

/** Joins a base and a relative path, refusing paths that would leave the base. */
export function apiUrl(base: keyof typeof API_BASES, path: string): string {
  const relative = path.replace(/^\/+/, "");
  if (relative.split(/[/?#]/).some((segment) => segment === ".." || segment === ".")) {
    throw new ApiError(400, null, "invalid path");
  }
  return `${API_BASES[base]}${relative}`;
}

async function toApiError(response: Response): Promise<ApiError> {
  let code: number | null = null;
  let message = response.statusText;
  let header: string | null = null;
  let details: Record<string, unknown> | null = null;
  try {
    const body = (await response.json()) as { ErrorCode?: unknown; Message?: unknown; Header?: unknown };
    if (typeof body.ErrorCode === "number") code = body.ErrorCode;
    if (typeof body.Message === "string") message = body.Message;
    if (typeof body.Header === "string") header = body.Header;
    if (typeof body === "object" && body !== null && !Array.isArray(body)) details = body;
  } catch {
    // Not JSON: keep the status text.
  }
  return new ApiError(response.status, code, message, header, false, null, details);
}

/** Performs a call and returns the parsed JSON body (or null for 204). Throws ApiError. */
export async function apiRequest<T = unknown>(
  path: string,
  options: ApiRequestOptions = {},
  fetchImpl: typeof fetch = fetch,
): Promise<T> {
  const method = options.method ?? "GET";
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (method !== "GET") {
    const token = csrfToken();
    if (token) headers[CSRF_HEADER] = token;
  }
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetchImpl(apiUrl(options.base ?? "app", path), {
      method,
      headers,
      body,
      signal: options.signal,
      credentials: "same-origin",
    });
  } catch (error) {
    if (options.signal?.aborted || (error instanceof DOMException && error.name === "AbortError")) {
      throw new ApiError(0, null, "aborted", null, true);
    }
    throw new ApiError(0, null, (error as Error).message, null, false, "NETWORK");
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return null as T;
  const type = response.headers.get("content-type") ?? "";
  return (type.includes("json") ? await response.json() : await response.text()) as T;
}
