import type { ClientManifest } from "../../schemas/client-manifest.ts";

/** Where the gateway serves the manifest resolved for this browser. */
export const MANIFEST_URL = "/gw/manifest";

/**
 * Fetches the resolved manifest; throws with the HTTP status on failure. `atLeast` names the
 * published version the page is applying: a gateway instance that does not serve it yet reads its
 * store before answering (another instance published it, DESIGN.md §7).
 */
export async function fetchManifest(
  fetchImpl: typeof fetch = fetch,
  atLeast?: number,
): Promise<ClientManifest> {
  const url = atLeast === undefined ? MANIFEST_URL : `${MANIFEST_URL}?atLeast=${atLeast}`;
  const response = await fetchImpl(url, {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`manifest request failed with ${response.status}`);
  return (await response.json()) as ClientManifest;
}
