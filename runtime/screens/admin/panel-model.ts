/**
 * The content of the detail panels (schemas/screens.ts panel kinds) read from the upstream's answers:
 * comments (§3 Comment: title, date, text, image url, attachments, internal flag), chat transcripts
 * (§3 support chat messages), task logs (lines with severity 1–3, §9) and e-mail bodies. Defensive:
 * a field of the wrong type is treated as absent, never trusted. Pure (the HTML is sanitised where it
 * is rendered, with DOMPurify).
 */

import { apiUrl } from "../../http/api-client.ts";
import { LOG_SEVERITY_LEVELS } from "../../state/constants.ts";

type Json = Record<string, unknown>;

const asObject = (value: unknown): Json | null =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : null;
const asString = (value: unknown): string | null => (typeof value === "string" ? value : null);
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A downloadable attachment of a comment. */
export interface CommentAttachment {
  name: string;
  /** Same-origin URL through the gateway relay; null when the upstream gave no usable path. */
  href: string | null;
  size: number | null;
}

/** A §3 comment. */
export interface PanelComment {
  id: string;
  title: string;
  date: string | null;
  text: string;
  author: string;
  internal: boolean;
  imageUrl: string | null;
  attachments: CommentAttachment[];
}

/** A path relative to the application base (e.g. `Admin/Support/1/Attachments/x`) as a gateway URL. */
export function relayedFileUrl(path: string | null): string | null {
  if (!path || /^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith("/")) return null;
  try {
    return apiUrl("app", path);
  } catch {
    return null;
  }
}

/** The comments of a `comments` panel (an array, oldest first). */
export function commentsFrom(response: unknown): PanelComment[] {
  return asArray(response).flatMap((item, index) => {
    const c = asObject(item);
    if (!c) return [];
    const attachments = asArray(c.Attachments).flatMap((entry): CommentAttachment[] => {
      const a = asObject(entry);
      const name = asString(a?.FileName);
      if (!a || !name) return [];
      const size = typeof a.Size === "number" ? a.Size : null;
      return [{ name, href: relayedFileUrl(asString(a.File) ?? asString(a.PreviewUrl)), size }];
    });
    return [
      {
        id: String(c.RecId ?? index),
        title: asString(c.Title) ?? "",
        date: asString(c.Date),
        text: asString(c.Text) ?? "",
        author: asString(c.AuthorFullName) ?? "",
        internal: c.Internal === true || c.IsInternal === true,
        imageUrl: asString(c.ImageUrl),
        attachments,
      },
    ];
  });
}

/** How a comment image is shown: same-origin paths as images (the CSP allows no other), https as a link. */
export function commentImage(url: string | null): { kind: "image" | "link"; url: string } | null {
  if (!url) return null;
  if (url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\")) return { kind: "image", url };
  return /^https:\/\//i.test(url) ? { kind: "link", url } : null;
}

/** A message of a chat transcript. */
export interface TranscriptMessage {
  id: string;
  type: string;
  text: string;
  author: string;
  internal: boolean;
  fileName: string | null;
  date: string | null;
}

/** The messages of a `chatTranscript` panel (an array, or `{ Messages }`). */
export function transcriptFrom(response: unknown): TranscriptMessage[] {
  const list = Array.isArray(response) ? response : asArray(asObject(response)?.Messages);
  return list.flatMap((item, index) => {
    const m = asObject(item);
    if (!m) return [];
    return [
      {
        id: asString(m.UID) ?? String(index),
        type: asString(m.Type) ?? "Message",
        text: asString(m.Text) ?? "",
        author: asString(m.UserName) ?? "",
        internal: m.IsInternal === true,
        fileName: asString(m.FileName),
        date: asString(m.Date),
      },
    ];
  });
}

/** The severities of §9 (1 info, 2 warning, 3 error). */
export type Severity = keyof typeof LOG_SEVERITY_LEVELS;

/** The severity named by a log level number; unknown levels count as information. */
export function severityOf(level: unknown): Severity {
  for (const [name, value] of Object.entries(LOG_SEVERITY_LEVELS)) {
    if (value === level) return name as Severity;
  }
  return "info";
}

/** A line of a task log. */
export interface LogLine {
  date: string | null;
  severity: Severity;
  message: string;
}

/** The lines of a `taskLog` panel (an array, or `{ Lines }` as the member task log sends them). */
export function logLinesFrom(response: unknown): LogLine[] {
  const list = Array.isArray(response) ? response : asArray(asObject(response)?.Lines);
  return list.flatMap((item) => {
    const line = asObject(item);
    if (!line) return [];
    return [
      {
        date: asString(line.Date),
        severity: severityOf(line.Severity),
        message: asString(line.Message) ?? "",
      },
    ];
  });
}

/** An e-mail of an `emailBody` panel: the HTML (sanitised before rendering) or else the plain text. */
export interface EmailContent {
  subject: string;
  html: string | null;
  text: string;
}

/** The content of an `emailBody` panel (`{ Subject, Html, Text }`, or the HTML as a string). */
export function emailFrom(response: unknown): EmailContent {
  if (typeof response === "string") return { subject: "", html: response, text: "" };
  const body = asObject(response);
  const html = asString(body?.Html);
  return {
    subject: asString(body?.Subject) ?? "",
    html: html && html.trim() !== "" ? html : null,
    text: asString(body?.Text) ?? "",
  };
}
