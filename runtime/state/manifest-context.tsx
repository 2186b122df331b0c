import { createContext, useContext } from "react";
import type { ClientManifest } from "../../schemas/client-manifest.ts";

/** The resolved manifest of this browser, provided at the root. */
export const ManifestContext = createContext<ClientManifest | null>(null);

/** The resolved manifest; throws when used outside the provider (a programming error). */
export function useManifest(): ClientManifest {
  const manifest = useContext(ManifestContext);
  if (!manifest) throw new Error("useManifest outside ManifestContext");
  return manifest;
}
