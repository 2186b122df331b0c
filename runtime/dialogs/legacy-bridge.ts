/**
 * Legacy pages open dialogs by their legacy path (§2.5 registry) or show a
 * legacy page as a dialog, by posting a message to the shell. Only messages of
 * this origin are accepted (the legacy frames are served same-origin, §2.3).
 */
import { useEffect } from "react";

/** A request from a legacy page. */
export type LegacyDialogMessage =
  | { type: "tessera.openDialog"; path: string; params: Record<string, unknown> }
  | { type: "tessera.openLegacyDialog"; url: string; titleKey: string };

const TITLE_KEY = /^[A-Za-z][A-Za-z0-9_.]*$/;

/** The request a message carries, or null when it is not one (wrong origin, shape or types). */
export function legacyDialogMessage(
  origin: string,
  ownOrigin: string,
  data: unknown,
): LegacyDialogMessage | null {
  if (origin !== ownOrigin || !data || typeof data !== "object") return null;
  const message = data as Record<string, unknown>;
  if (message.type === "tessera.openDialog" && typeof message.path === "string") {
    const params = message.params ?? {};
    if (!params || typeof params !== "object" || Array.isArray(params)) return null;
    return { type: message.type, path: message.path, params: params as Record<string, unknown> };
  }
  if (
    message.type === "tessera.openLegacyDialog" &&
    typeof message.url === "string" &&
    typeof message.titleKey === "string" &&
    TITLE_KEY.test(message.titleKey)
  ) {
    return { type: message.type, url: message.url, titleKey: message.titleKey };
  }
  return null;
}

/**
 * Listens for legacy pages' dialog requests while mounted. The frame mounts it from the start; the
 * dialog code loads with the first request (not with the page), and the dialog host shows the stack once
 * loaded, so no request is lost while it loads.
 */
export function useLegacyDialogBridge(): void {
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = legacyDialogMessage(event.origin, window.location.origin, event.data);
      if (!message) return;
      void import("./open-dialog.ts").then((dialogs) => {
        if (message.type === "tessera.openDialog") dialogs.openDialogByPath(message.path, message.params);
        else dialogs.openLegacyDialog(message.url, message.titleKey);
      });
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, []);
}
