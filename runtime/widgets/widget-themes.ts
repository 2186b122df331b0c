/**
 * The widget themes of the signed-in user's account (GET Common/WidgetThemes, §7; §3 Widget theme),
 * read once per page visit of a viewer. A failure or a signed-out visitor (shared links) means no
 * theme: widgets then take the shell's colours, which is never an error worth a banner.
 */
import { useEffect, useState } from "react";
import type { WidgetTheme } from "../../schemas/payloads/widget-theme.ts";
import { apiRequest } from "../http/api-client.ts";

/** Whether an answer is a list of widget themes (entries that are not are left out). */
export function widgetThemesOf(body: unknown): WidgetTheme[] {
  if (!Array.isArray(body)) return [];
  return body.filter((entry): entry is WidgetTheme => {
    const theme = entry as WidgetTheme | null;
    return (
      typeof theme === "object" &&
      theme !== null &&
      typeof theme.Key === "string" &&
      typeof theme.Value === "object" &&
      theme.Value !== null &&
      Array.isArray(theme.Value.Widgets) &&
      theme.Value.Widgets.every(
        (widget) => typeof widget?.Type === "string" && typeof widget.SerializedProperties === "string",
      )
    );
  });
}

/** The account's widget themes when `enabled` (signed in and a theme is named); [] until they arrive. */
export function useWidgetThemes(enabled: boolean): WidgetTheme[] {
  const [themes, setThemes] = useState<WidgetTheme[]>([]);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    apiRequest<unknown>("Common/WidgetThemes", { signal: controller.signal }).then(
      (body) => {
        if (!controller.signal.aborted) setThemes(widgetThemesOf(body));
      },
      () => {
        // No theme: the shell's colours (module comment).
      },
    );
    return () => controller.abort();
  }, [enabled]);
  return themes;
}
