/**
 * Sends a stored, user-supplied file with the type and disposition `servedFile` derives from its
 * bytes (served-file-type.ts), the sandboxing policy and nosniff. Every route that serves such a
 * file goes through here, so none can fall back to the uploader's claimed type.
 */
import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { SERVED_FILE_CSP, type ServeOptions, SIGNATURE_BYTES, servedFile } from "./served-file-type.ts";

/** Sets the served-file headers for `head` (the file's first bytes) and `storedName` on `reply`. */
function withServedHeaders(
  reply: FastifyReply,
  head: Uint8Array,
  storedName: string,
  options: ServeOptions,
): FastifyReply {
  const served = servedFile(head, storedName, options);
  // nosniff is also set for every answer in app.ts; set here too, a file answer must never lack it.
  return reply
    .header("Content-Disposition", served.contentDisposition)
    .header("Content-Security-Policy", SERVED_FILE_CSP)
    .header("X-Content-Type-Options", "nosniff")
    .type(served.contentType);
}

/** Sends a stored file held in memory. */
export function sendStoredFile(
  reply: FastifyReply,
  data: Buffer,
  storedName: string,
  options: ServeOptions = {},
): FastifyReply {
  return withServedHeaders(reply, data.subarray(0, SIGNATURE_BYTES), storedName, options).send(data);
}

/** Sends a stored file read from `source`, streamed: only its first bytes are read ahead. */
export async function sendStoredStream(
  reply: FastifyReply,
  source: Readable,
  storedName: string,
  options: ServeOptions = {},
): Promise<FastifyReply> {
  const { head, stream } = await readHead(source, SIGNATURE_BYTES);
  return withServedHeaders(reply, head, storedName, options).send(stream);
}

/**
 * Reads at least `bytes` bytes of `source` (fewer when it ends first) and gives them back with a
 * stream of the whole content, those bytes included. Destroying the returned stream closes `source`.
 */
export async function readHead(source: Readable, bytes: number): Promise<{ head: Buffer; stream: Readable }> {
  const chunks = source[Symbol.asyncIterator]();
  const read: Buffer[] = [];
  let length = 0;
  let ended = false;
  try {
    while (length < bytes) {
      const next = await chunks.next();
      if (next.done) {
        ended = true;
        break;
      }
      const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
      read.push(chunk);
      length += chunk.length;
    }
  } catch (error) {
    source.destroy();
    throw error;
  }
  const head = Buffer.concat(read);
  async function* whole() {
    try {
      if (head.length > 0) yield head;
      if (ended) return;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value as Buffer;
    } finally {
      source.destroy();
    }
  }
  return { head, stream: Readable.from(whole(), { objectMode: false }) };
}
