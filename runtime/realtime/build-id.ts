/** Replaced by scripts/build.ts: the hash of the build's index.html (its stampBuildId). */
declare const __TESSERA_BUILD_ID__: string | undefined;

/** The build this tab runs, as its report names it; "unbuilt" outside a build (node:test). */
export const BUILD_ID: string =
  typeof __TESSERA_BUILD_ID__ === "undefined" ? "unbuilt" : __TESSERA_BUILD_ID__;
