/**
 * Texts by version (DESIGN.md §3): `GET /gw/texts/<language>/<digest>.json` answers one language's
 * texts of a configuration the gateway serves or served recently. The address names the content, so
 * the answer is immutable and cached forever; a new text is a new address, which the manifest names.
 * Compressed once per body (brotli, else gzip) when the browser accepts it.
 */
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import type { FastifyInstance } from "fastify";
import type { ServedTexts } from "../config/deployment.ts";
import { TEXTS_PATH_PREFIX } from "../config/text-digest.ts";
import { GatewayErrorCode } from "../errors/gateway-error-codes.ts";
import { ifNoneMatchHits } from "./manifest-endpoint.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A year: the longest max-age caches honour, for an address whose content never changes. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/** Where the texts come from (the configuration plane). */
export interface TextsSource {
  texts(language: string, digest: string): ServedTexts | null;
}

type Encoding = "br" | "gzip" | "identity";

/** The best encoding the Accept-Encoding header allows (q=0 refuses one). */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  const accepted = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name ?? "", q ? Number(q.slice(2)) || 0 : 1);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (allows("br")) return "br";
  if (allows("gzip")) return "gzip";
  return "identity";
}

const compressed = new WeakMap<ServedTexts, Partial<Record<"br" | "gzip", Promise<Buffer>>>>();

function encoded(texts: ServedTexts, encoding: "br" | "gzip"): Promise<Buffer> {
  const cache = compressed.get(texts) ?? {};
  compressed.set(texts, cache);
  cache[encoding] ??=
    encoding === "br"
      ? brotli(texts.body, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
        })
      : gzipAsync(texts.body, { level: 9 });
  return cache[encoding];
}

export async function textsEndpoint(app: FastifyInstance, options: { source: TextsSource }): Promise<void> {
  app.get<{ Params: { language: string; file: string } }>(
    `${TEXTS_PATH_PREFIX}/:language/:file`,
    async (request, reply) => {
      const { language, file } = request.params;
      const digest = /^([A-Za-z0-9_-]{22})\.json$/.exec(file)?.[1];
      const texts = digest && /^[a-z]{2}$/.test(language) ? options.source.texts(language, digest) : null;
      if (!texts) {
        return reply
          .code(404)
          .header("Cache-Control", "no-store")
          .send({ ErrorCode: GatewayErrorCode.ConfigNotFound, Message: "These texts are not served here." });
      }
      const etag = `"${texts.digest}"`;
      reply.header("ETag", etag).header("Cache-Control", IMMUTABLE).header("Vary", "Accept-Encoding");
      if (ifNoneMatchHits(request.headers["if-none-match"], etag)) return reply.code(304).send();
      reply.type("application/json; charset=utf-8");
      const encoding = preferredEncoding(request.headers["accept-encoding"]);
      if (encoding === "identity") return reply.send(texts.body);
      return reply.header("Content-Encoding", encoding).send(await encoded(texts, encoding));
    },
  );
}
