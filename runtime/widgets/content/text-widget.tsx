/**
 * The text widget: its Settings.Html through the runtime's one sanitiser (DOMPurify, DESIGN.md §6;
 * runtime/screens/work/tickets/sanitize-html.ts): no script, handler, form, frame or style survives,
 * and links open in a new tab without access to the page.
 */
import { useMemo } from "react";
import { sanitizeHtml } from "../../screens/work/tickets/sanitize-html.ts";
import type { WidgetRendererProps } from "../widget-props.ts";

/** A text block. */
export default function TextWidget({ settings }: WidgetRendererProps) {
  const html = typeof settings.Html === "string" ? settings.Html : "";
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      className="widget-text"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above (DESIGN.md §6)
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
