import type { ClientManifest } from "../../schemas/client-manifest.ts";
import { createStore } from "./create-store.ts";
import { fetchManifest } from "./fetch-manifest.ts";

/** The manifest resolved for this browser's current audience (anonymous or the signed-in user). */
export const manifestStore = createStore<{ manifest: ClientManifest | null }>({ manifest: null });

/**
 * Fetches the manifest again — after sign-in, sign-out, impersonation or a
 * "manifest published" event — and replaces it; the app re-renders from it.
 */
export async function reloadManifest(fetchImpl: typeof fetch = fetch): Promise<ClientManifest> {
  const manifest = await fetchManifest(fetchImpl);
  manifestStore.update((s) => {
    s.manifest = manifest as never;
  });
  return manifest;
}
