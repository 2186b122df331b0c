/**
 * §5: text links in chat messages become https links and the HTML is sanitised. `linkifyHtml` is the
 * pure part (tested as data): links are made only in text, never inside a tag or an existing link;
 * `chatMessageHtml` then runs DOMPurify (DESIGN.md §6) with links opening in a new tab.
 */
import DOMPurify from "dompurify";

/** An http(s) URL or a www. host, up to the first space or angle bracket. */
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the URL. */
const TRAILING = /[.,;:!?)\]]+$/;

function escapeAttribute(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll('"', "&quot;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;");
}

/** The https form of a found link: http:// and bare www. hosts become https://. */
export function httpsUrl(found: string): string {
  if (/^https:\/\//i.test(found)) return found;
  if (/^http:\/\//i.test(found)) return `https://${found.slice("http://".length)}`;
  return `https://${found}`;
}

function linkifyText(text: string): string {
  return text
    .replace(URL_PATTERN, (match) => {
      const trailing = TRAILING.exec(match)?.[0] ?? "";
      const url = match.slice(0, match.length - trailing.length);
      if (url === "" || /^(https?:\/\/|www\.)$/i.test(url)) return match;
      return `<a href="${escapeAttribute(httpsUrl(url))}">${url}</a>${trailing}`;
    })
    .replaceAll("\n", "<br>");
}

/** Turns the links in the text parts of `html` into https links; tags and existing links are kept. */
export function linkifyHtml(html: string): string {
  const parts = html.split(/(<[^>]*>)/);
  let insideLink = 0;
  return parts
    .map((part) => {
      if (part.startsWith("<")) {
        if (/^<a[\s>]/i.test(part)) insideLink += 1;
        else if (/^<\/a\s*>/i.test(part)) insideLink = Math.max(0, insideLink - 1);
        return part;
      }
      return insideLink > 0 ? part : linkifyText(part);
    })
    .join("");
}

const ALLOWED_TAGS = [
  "a",
  "b",
  "strong",
  "i",
  "em",
  "u",
  "s",
  "br",
  "p",
  "ul",
  "ol",
  "li",
  "code",
  "pre",
  "span",
];

let purifier: ReturnType<typeof DOMPurify> | null = null;

function instance(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook("afterSanitizeAttributes", (node) => {
    if (node.tagName !== "A") return;
    const href = node.getAttribute("href") ?? "";
    // §5: links are https links; anything else stays text.
    if (!/^https:\/\//i.test(href)) node.removeAttribute("href");
    node.setAttribute("target", "_blank");
    node.setAttribute("rel", "noopener noreferrer");
  });
  return purifier;
}

/** The sanitised HTML of a chat message's text. */
export function chatMessageHtml(text: string): string {
  return instance().sanitize(linkifyHtml(text), {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ["href"],
    ALLOW_DATA_ATTR: false,
  });
}
