import { useEffect } from "react";
import { embeddedModeFrom } from "./shell-chrome.ts";

/** Where the tab remembers embedded mode (shell manifest: kept until the tab closes). */
export const EMBEDDED_STORAGE_KEY = "tessera.embedded";

function remembered(): boolean {
  try {
    return window.sessionStorage.getItem(EMBEDDED_STORAGE_KEY) === "1";
  } catch {
    // Storage can be unavailable (privacy settings): the query parameter still works.
    return false;
  }
}

/** True in embedded mode: `?{parameter}=1|true` now or earlier in this tab. */
export function useEmbeddedMode(search: string, parameter: string): boolean {
  const wasRemembered = remembered();
  const embedded = embeddedModeFrom({ search, parameter, remembered: wasRemembered });
  useEffect(() => {
    if (!embedded || wasRemembered) return;
    try {
      window.sessionStorage.setItem(EMBEDDED_STORAGE_KEY, "1");
    } catch {
      // See remembered().
    }
  }, [embedded, wasRemembered]);
  return embedded;
}
