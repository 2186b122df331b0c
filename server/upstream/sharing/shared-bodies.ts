/**
 * What public links show and accept: the read-only body an anonymous visitor gets (no ids, no
 * e-mail, no secrets — only the documented fields of runtime/screens/content/shared-view.ts), the
 * link body members manage, and the checks of a chart snapshot's PNG.
 */
import { isoTime } from "../folders/list-query.ts";
import type { PublicLinkRecord, PublicLinkType, SharedContent } from "../store/types/public-links.ts";

/** Largest chart snapshot image, in bytes of PNG. */
export const MAX_SNAPSHOT_IMAGE_BYTES = 512 * 1024;
/** Largest chart snapshot image side, in pixels. */
export const MAX_SNAPSHOT_IMAGE_SIDE_PX = 4096;
/** Deepest nesting of a shared definition that is shown; deeper values are left out. */
const MAX_SHARED_DEPTH = 8;

/** The public route of each link type (§2.1). */
const PUBLIC_PATHS: Record<PublicLinkType, (code: string) => string> = {
  Dashboard: (code) => `/v/${code}`,
  Binder: (code) => `/b/${code}`,
  LiveDoc: (code) => `/ld/${code}`,
  ChartSnapshot: (code) => `/report/chart/snapshot?code=${code}`,
};

/** A link as members list it. The code is shown: members copy the link again from the list. */
export function publicLinkBody(link: PublicLinkRecord) {
  return {
    RecId: link.recId,
    Type: link.type,
    Code: link.code,
    Path: PUBLIC_PATHS[link.type](link.code),
    Title: link.title,
    CreatedByFullName: link.createdByFullName,
    CreatedAt: isoTime(link.createdAt),
  };
}

// Keys that name records, people or secrets: `RecId`, `DataRecId`, `UID`, `OwnerEmail`, `account_id`,
// `Token`… Definitions are free JSON, so what a visitor gets is filtered by name, recursively.
const CASE_SENSITIVE_SUFFIX =
  /[a-z0-9](?:RecIds?|UIDs?|Uids?|Ids?|ID|Emails?|Tokens?|Secrets?|Passwords?|Key)$/;
const E_MAIL_VALUE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isPrivateKey(key: string): boolean {
  const lower = key.toLowerCase();
  if (/^(?:id|ids|uid|uids|recid|email|e-mail|token|secret|password|apikey)$/.test(lower)) return true;
  if (/_(?:id|uid|email|token|secret|key)s?$/.test(lower)) return true;
  return CASE_SENSITIVE_SUFFIX.test(key);
}

function publicValue(value: unknown, depth: number): unknown {
  if (typeof value === "string") return E_MAIL_VALUE.test(value.trim()) ? undefined : value;
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_SHARED_DEPTH) return undefined;
  if (Array.isArray(value))
    return value.map((item) => publicValue(item, depth + 1)).filter((item) => item !== undefined);
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (isPrivateKey(key)) continue;
    const shown = publicValue(inner, depth + 1);
    if (shown !== undefined) out[key] = shown;
  }
  return out;
}

/** The definition as a visitor sees it: without keys naming records, people or secrets, nor e-mails. */
export function publicProperties(properties: Record<string, unknown>): Record<string, unknown> {
  return publicValue(properties, 0) as Record<string, unknown>;
}

/** The anonymous answer of `GET {webservices}/Share/{Type}/{code}` (shared-view.ts). */
export function sharedBody(content: SharedContent) {
  if (content.type === "ChartSnapshot") {
    return {
      Title: content.name,
      ImagePng: (content.image ?? Buffer.alloc(0)).toString("base64"),
      CreatedAt: isoTime(content.modifiedAt),
    };
  }
  return {
    Type: content.type,
    Name: content.name,
    OwnerFullName: content.ownerFullName,
    ModifiedAt: isoTime(content.modifiedAt),
    Properties: publicProperties(content.properties),
  };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The PNG bytes of a base64 text when it is a PNG within the limits (signature, IHDR first, sides
 * 1…MAX_SNAPSHOT_IMAGE_SIDE_PX, at most MAX_SNAPSHOT_IMAGE_BYTES); otherwise the reason.
 */
export function checkedPng(base64: unknown): Buffer | string {
  if (typeof base64 !== "string" || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return "not base64";
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length > MAX_SNAPSHOT_IMAGE_BYTES) return `larger than ${MAX_SNAPSHOT_IMAGE_BYTES} bytes`;
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return "not a PNG";
  if (bytes.toString("ascii", 12, 16) !== "IHDR") return "not a PNG";
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const side = MAX_SNAPSHOT_IMAGE_SIDE_PX;
  if (width < 1 || height < 1 || width > side || height > side) return `sides must be 1 to ${side} pixels`;
  return bytes;
}
