/**
 * Saves the answer of a `download` action as a file: the call goes through the gateway relay like
 * every other (session cookie, CSRF header on changes, §8 errors as ApiError), the body is kept as a
 * blob and handed to the browser under the name of its Content-Disposition header.
 */
import { apiUrl, CSRF_HEADER, csrfToken } from "../../http/api-client.ts";
import { ApiError } from "../../http/api-error.ts";
import { type ActionRequest, fileNameFromDisposition } from "./action-request.ts";

/** Name used when the answer names no file. */
export const FALLBACK_FILE_NAME = "download";
/** How long the blob URL stays valid after the save started (the browser reads it asynchronously). */
const OBJECT_URL_LIFETIME_MS = 60_000;

async function errorOf(response: Response): Promise<ApiError> {
  let code: number | null = null;
  let message = response.statusText;
  let header: string | null = null;
  try {
    const body = (await response.json()) as { ErrorCode?: unknown; Message?: unknown; Header?: unknown };
    if (typeof body.ErrorCode === "number") code = body.ErrorCode;
    if (typeof body.Message === "string") message = body.Message;
    if (typeof body.Header === "string") header = body.Header;
  } catch {
    // Not JSON: keep the status text.
  }
  return new ApiError(response.status, code, message, header);
}

/** Performs the call and saves its answer; throws ApiError like apiRequest. */
export async function downloadAction(request: ActionRequest, signal?: AbortSignal): Promise<void> {
  const headers: Record<string, string> = { Accept: "*/*" };
  if (request.method !== "GET") {
    const token = csrfToken();
    if (token) headers[CSRF_HEADER] = token;
  }
  if (request.body) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(apiUrl("app", request.path), {
      method: request.method,
      headers,
      body: request.body ? JSON.stringify(request.body) : undefined,
      credentials: "same-origin",
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw new ApiError(0, null, "aborted", null, true);
    throw new ApiError(0, null, (error as Error).message, null, false, "NETWORK");
  }
  if (!response.ok) throw await errorOf(response);
  const blob = await response.blob();
  const name = fileNameFromDisposition(response.headers.get("content-disposition")) ?? FALLBACK_FILE_NAME;
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}
