import type { ClientManifest } from "../../schemas/client-manifest.ts";

/** Where the gateway serves the manifest resolved for this browser. */
export const MANIFEST_URL = "/gw/manifest";

/** Fetches the resolved manifest; throws with the HTTP status on failure. */
export async function fetchManifest(fetchImpl: typeof fetch = fetch): Promise<ClientManifest> {
  const response = await fetchImpl(MANIFEST_URL, {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`manifest request failed with ${response.status}`);
  return (await response.json()) as ClientManifest;
}
