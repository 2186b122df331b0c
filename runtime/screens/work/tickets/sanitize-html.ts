/**
 * HTML from the server (comment text, chat transcripts) is sanitised with DOMPurify before it is
 * rendered (DESIGN.md §6); links that remain open in a new tab without access to this page
 * (rel="noopener noreferrer"), and only http(s) and mailto links are kept.
 */
import DOMPurify from "dompurify";

let purifier: ReturnType<typeof DOMPurify> | null = null;

const SAFE_LINK = /^(https?:|mailto:)/i;

function instance(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  // An instance of its own, so the hook below never changes other users of DOMPurify.
  const created = DOMPurify(window);
  created.addHook("afterSanitizeAttributes", (node) => {
    if (node.nodeName !== "A") return;
    const href = node.getAttribute("href") ?? "";
    if (!SAFE_LINK.test(href.trim())) {
      node.removeAttribute("href");
      return;
    }
    node.setAttribute("target", "_blank");
    node.setAttribute("rel", "noopener noreferrer");
  });
  purifier = created;
  return created;
}

/** The sanitised HTML of `html`: no scripts, handlers, forms, frames or styles; links open safely. */
export function sanitizeHtml(html: string): string {
  return instance().sanitize(html, {
    FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "iframe", "object", "embed"],
    FORBID_ATTR: ["style"],
    ADD_ATTR: ["target"],
  });
}
