/**
 * Uploads (SPEC §7): a multipart request with the files in the repeated field file[], POST unless the
 * caller configures another method, progress reported while sending, through the gateway with the
 * CSRF header. XMLHttpRequest rather than fetch because only it reports upload progress.
 */
import { type API_BASES, apiUrl, CSRF_HEADER, csrfToken } from "../../http/api-client.ts";
import { ApiError } from "../../http/api-error.ts";

/** §7: the multipart field every uploaded file is sent in. */
export const UPLOAD_FIELD = "file[]";

/** Where and how files are uploaded. */
export interface UploadTarget {
  /** Path relative to the base, supplied by the caller (§7: not shown in the spec). */
  path: string;
  method?: "POST" | "PUT";
  base?: keyof typeof API_BASES;
}

/** The multipart body: every file under file[], with its sanitised name. */
export function uploadBody(files: ReadonlyArray<{ file: Blob; name: string }>): FormData {
  const body = new FormData();
  for (const { file, name } of files) body.append(UPLOAD_FIELD, file, name);
  return body;
}

/** Whole percent sent, 0 when the total is unknown. */
export function progressPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}

/** Sends the files; resolves with the parsed response, rejects with an ApiError (aborted ones marked). */
export function uploadFiles(
  target: UploadTarget,
  files: ReadonlyArray<{ file: Blob; name: string }>,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(target.method ?? "POST", apiUrl(target.base ?? "app", target.path));
    request.withCredentials = true;
    request.setRequestHeader("Accept", "application/json");
    const token = csrfToken();
    if (token) request.setRequestHeader(CSRF_HEADER, token);
    request.upload.onprogress = (event) => options.onProgress?.(progressPercent(event.loaded, event.total));
    request.onload = () => {
      const text = request.responseText;
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON: keep the text.
      }
      if (request.status >= 200 && request.status < 300) {
        options.onProgress?.(100);
        resolve(body);
        return;
      }
      const error = (body ?? {}) as { ErrorCode?: unknown; Message?: unknown; Header?: unknown };
      reject(
        new ApiError(
          request.status,
          typeof error.ErrorCode === "number" ? error.ErrorCode : null,
          typeof error.Message === "string" ? error.Message : request.statusText,
          typeof error.Header === "string" ? error.Header : null,
        ),
      );
    };
    request.onerror = () => reject(new ApiError(0, null, "network error", null, false, "NETWORK"));
    request.onabort = () => reject(new ApiError(0, null, "aborted", null, true));
    options.signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(uploadBody(files));
  });
}
