/**
 * The API client of a preview as a user (DESIGN.md §3 "previewed as a given role/account";
 * server/gateway/config/README.md `GET /gw/config/preview/accounts/{a}/users/{u}/api/…`): the drawn
 * first screen's reads go to the gateway's preview path, which reads as that user through a
 * read-only session, and every change is refused here before any request — the gateway and the
 * upstream refuse it again. Reads of the webservices base (logos, avatars, files) are refused too:
 * the preview path relays the application base only.
 */

import { apiRequest } from "../../../../http/api-client.ts";
import type { ApiCall } from "../../../../http/api-client-context.ts";
import { ApiError } from "../../../../http/api-error.ts";

/** The gateway's code for a change a preview refuses (GatewayErrorCode.ConfigPreviewReadOnly, 8080). */
export const PREVIEW_READ_ONLY_CODE = 8080;

/** Who a preview reads as. */
export interface PreviewReader {
  accountRecId: number;
  userRecId: number;
}

/** The path under the gateway's base that reads `path` as the reader. */
export function previewDataPath(reader: PreviewReader, path: string): string {
  const relative = path.replace(/^\/+/, "");
  return `config/preview/accounts/${reader.accountRecId}/users/${reader.userRecId}/api/${relative}`;
}

/** A client that reads as `reader` and refuses every change (and any other base) with a 405. */
export function previewApiClient(reader: PreviewReader, request: typeof apiRequest = apiRequest): ApiCall {
  return <T>(path: string, options: Parameters<ApiCall>[1] = {}) => {
    const method = options.method ?? "GET";
    if (method !== "GET" || (options.base ?? "app") !== "app") {
      return Promise.reject(
        new ApiError(405, PREVIEW_READ_ONLY_CODE, "A preview only reads; nothing in it can change data."),
      );
    }
    return request<T>(previewDataPath(reader, path), {
      base: "gateway",
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
    });
  };
}
