import type { ClientManifest } from "../../schemas/client-manifest.ts";
import { createStore } from "./create-store.ts";
import { fetchManifest } from "./fetch-manifest.ts";

/**
 * A published manifest waiting for the next navigation (runtime/config/apply-plan.ts): the page shows
 * the store's manifest, which keeps the definitions on display as they were, until the path leaves
 * `heldAt`.
 */
export interface HeldManifest {
  manifest: ClientManifest;
  heldAt: string;
}

/** What the manifest store holds. */
export interface ManifestState {
  /** The manifest resolved for this browser's current audience (anonymous or the signed-in user). */
  manifest: ClientManifest | null;
  held: HeldManifest | null;
}

/** The manifest of this page. */
export const manifestStore = createStore<ManifestState>({ manifest: null, held: null });

/**
 * Fetches the manifest again — after sign-in, sign-out, impersonation or a session refresh — and
 * replaces it, and any held one with it (it is newer than both); the app re-renders from it.
 */
export async function reloadManifest(fetchImpl: typeof fetch = fetch): Promise<ClientManifest> {
  const manifest = await fetchManifest(fetchImpl);
  manifestStore.update((s) => {
    s.manifest = manifest as never;
    s.held = null;
  });
  return manifest;
}

/** The manifest a navigation to `pathname` is decided with: the held one once the path has left where it was held. */
export function manifestForPath(state: ManifestState, pathname: string): ClientManifest | null {
  return state.held && state.held.heldAt !== pathname ? state.held.manifest : state.manifest;
}

/** Puts `manifest` in place now, and `held` (or nothing) for the next navigation away from `heldAt`. */
export function setManifest(manifest: ClientManifest, held: HeldManifest | null): void {
  manifestStore.update((s) => {
    s.manifest = manifest as never;
    s.held = held as never;
  });
}

/** A navigation away from where `manifest` was held was allowed: it becomes the page's manifest. */
export function commitHeldManifest(manifest: ClientManifest): void {
  if (manifestStore.get().held?.manifest !== manifest) return;
  setManifest(manifest, null);
}
