/**
 * Notification descriptions are HTML fragments (§4.3: translations with escaped values, or the
 * Custom Body as sent): every one goes through DOMPurify before it reaches the page (DESIGN.md §6).
 */
import DOMPurify from "dompurify";

/** Inline formatting and links; nothing that runs, loads or lays out. */
const ALLOWED_TAGS = ["a", "b", "strong", "i", "em", "u", "br", "span", "p", "ul", "ol", "li", "code"];
const ALLOWED_ATTR = ["href", "title"];

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** A DOMPurify instance of its own, so its hook does not change other users of the library. */
function instance(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook("afterSanitizeAttributes", (node) => {
    if (node.tagName !== "A") return;
    // Links leave the app in a new tab, without access to it.
    node.setAttribute("target", "_blank");
    node.setAttribute("rel", "noopener noreferrer");
  });
  return purifier;
}

/** The sanitised HTML of a description (or of a raw-HTML source name). */
export function sanitizeNotificationHtml(html: string): string {
  return instance().sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}
