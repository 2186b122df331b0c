/**
 * The API client a view's calls go through: `apiRequest` (the signed-in session, through the
 * gateway's relay) unless a provider gives another — the studio's preview as a user gives one that
 * reads as the previewed user and refuses every change (screens/admin/studio/preview/preview-client.ts).
 */
import { createContext, useContext } from "react";
import { type ApiRequestOptions, apiRequest } from "./api-client.ts";

/** One call, as `apiRequest` makes it: the parsed JSON answer, or an ApiError. */
export type ApiCall = <T = unknown>(path: string, options?: ApiRequestOptions) => Promise<T>;

/** The calls of the views below; `apiRequest` by default. */
export const ApiClientContext = createContext<ApiCall>(apiRequest);

/** The API client of this view. */
export function useApiClient(): ApiCall {
  return useContext(ApiClientContext);
}
