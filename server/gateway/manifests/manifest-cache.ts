import { createHash } from "node:crypto";
import { EncodedBody } from "../plugins/answer-encoding.ts";

/** A serialized manifest ready to send, with its strong ETag and its compressed forms (made on first use). */
export interface CachedManifest {
  body: Buffer;
  etag: string;
  encoded: EncodedBody;
}

/** Strong ETag of a body: a quoted SHA-256 prefix. */
export function etagOf(body: Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

/**
 * Serialized manifests per key — (manifest version, layers, audience): for a user, their account
 * and permission fingerprint — so a request costs one map lookup. Bounded: the least recently
 * used entry goes first when full.
 */
export class ManifestCache {
  readonly #entries = new Map<string, CachedManifest>();

  constructor(readonly maxEntries = 1000) {}

  /** The cached bytes for `key`, building them with `build` on a miss. */
  get(key: string, build: () => unknown): CachedManifest {
    const hit = this.#entries.get(key);
    if (hit) {
      // Re-inserting keeps the map in least-recently-used order.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit;
    }
    const body = Buffer.from(JSON.stringify(build()));
    const entry = { body, etag: etagOf(body), encoded: new EncodedBody(body) };
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, entry);
    return entry;
  }

  /** Number of entries held. */
  get size(): number {
    return this.#entries.size;
  }

  /** Drops every entry (a new manifest version was published). */
  clear(): void {
    this.#entries.clear();
  }
}

/** The version id of a set of documents: a hash of their canonical bytes. */
export function manifestSetVersion(documents: Record<string, unknown>): string {
  return createHash("sha256").update(JSON.stringify(documents)).digest("base64url").slice(0, 16);
}
