/**
 * Texts are served by content (DESIGN.md §3 "served by the gateway by version"): one language's texts
 * live at `/gw/texts/<language>/<digest>.json`, where the digest is taken over the bytes the gateway
 * sends. The build names the shipped texts' URLs with the same rule (scripts/build.ts), so the page's
 * preload and a manifest that changed no text point at the same immutable URL.
 */
import { createHash } from "node:crypto";

/** Where the gateway serves texts; the language and the digest follow. */
export const TEXTS_PATH_PREFIX = "/gw/texts";

/** The bytes served for a language's texts: compact JSON of the key → text object, in key order as given. */
export function textsBody(texts: Readonly<Record<string, string>>): Buffer {
  return Buffer.from(JSON.stringify(texts));
}

/** 22 base64url characters of the SHA-256 of the served bytes: a new text is a new URL. */
export function textsDigest(body: Buffer): string {
  return createHash("sha256").update(body).digest("base64url").slice(0, 22);
}

/** The immutable URL of one language's texts with this digest. */
export function textsUrl(language: string, digest: string): string {
  return `${TEXTS_PATH_PREFIX}/${language}/${digest}.json`;
}
