/**
 * Body limits of the upstream's routes. Every route's limit is its Fastify `bodyLimit` (JSON routes:
 * the app's default unless they declare more); multipart routes declare theirs too, as the total of
 * their files plus the envelope, so the route table states every route's limit in one place and the
 * gateway can refuse an oversized body before it is sent (DESIGN.md §4, REST relay).
 */
import type { FastifyInstance } from "fastify";
import { UpstreamError } from "./errors.ts";

/** Room a multipart upload needs beyond its files: boundaries, part headers, a few text fields. */
export const MULTIPART_ENVELOPE_BYTES = 64 * 1024;

/** The body limit of a multipart route whose files may total `fileBytes`. */
export function uploadBodyLimit(fileBytes: number): number {
  return fileBytes + MULTIPART_ENVELOPE_BYTES;
}

const MULTIPART = /^\s*multipart\/form-data\s*(;|$)/i;

/**
 * Fastify applies `bodyLimit` to the bodies its parsers read, not to multipart streams, which the
 * routes read themselves with per-file limits: a multipart body declaring more than the route's
 * limit is refused here, before any of it is read.
 */

export function installMultipartBodyLimit(app: FastifyInstance): void {
  app.addHook("preParsing", async (request, _reply, payload) => {
    const declared = request.headers["content-length"];
    const type = request.headers["content-type"];
    if (declared === undefined || type === undefined || !MULTIPART.test(type)) return payload;
    if (Number(declared) > request.routeOptions.bodyLimit) {
      throw new UpstreamError(413, "BodyTooLarge", "The request body is too large.");
    }
    return payload;
  });
}
