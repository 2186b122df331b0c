import { useMemo } from "react";
import { createBrowserRouter, RouterProvider } from "react-router";
import type { ClientManifest } from "../../schemas/client-manifest.ts";
import { type ExternalOpener, NavigationHost } from "../navigation/navigation-host.tsx";
import { type AppMode, createRouteMatcher } from "../navigation/route-match.ts";
import { AppFrame } from "../shell/app-frame.tsx";
import { ManifestContext } from "./manifest-context.tsx";

/**
 * The route table: every path goes through one host that runs the §4.1 guard
 * against the manifest's routes (react-router ranks the matches); the host
 * renders the allowed screen inside the frame.
 */
export function AppRoot({
  manifest,
  mode,
  openExternal,
}: {
  manifest: ClientManifest;
  mode: AppMode;
  openExternal: ExternalOpener;
}) {
  const router = useMemo(() => {
    const match = createRouteMatcher(manifest.routes, mode);
    const host = <NavigationHost manifest={manifest} match={match} openExternal={openExternal} />;
    // The frame reads the route's shell profile; NavigationHost stays inside it.
    return createBrowserRouter([{ path: "*", element: <AppFrame match={match}>{host}</AppFrame> }]);
  }, [manifest, mode, openExternal]);
  return (
    <ManifestContext.Provider value={manifest}>
      <RouterProvider router={router} />
    </ManifestContext.Provider>
  );
}
