/**
 * Texts by version (DESIGN.md §3): `GET /gw/texts/<language>/<digest>.json` answers one language's
 * texts of a configuration the gateway serves or served recently. The address names the content, so
 * the answer is immutable and cached forever; a new text is a new address, which the manifest names.
 * Compressed once per body (answer-encoding.ts) when the browser accepts it.
 */
import type { FastifyInstance } from "fastify";
import type { ServedTexts } from "../config/deployment.ts";
import { TEXTS_PATH_PREFIX } from "../config/text-digest.ts";
import { GatewayErrorCode } from "../errors/gateway-error-codes.ts";
import { EncodedBody, preferredEncoding } from "./answer-encoding.ts";
import { ifNoneMatchHits } from "./manifest-endpoint.ts";

/** A year: the longest max-age caches honour, for an address whose content never changes. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/** Where the texts come from (the configuration plane). */
export interface TextsSource {
  texts(language: string, digest: string): ServedTexts | null;
  /** Reads the store again, when a well-formed address names texts not served here (yet). */
  catchUp?(): Promise<void>;
}

/** Encoded bodies by language and digest: a body that stays across publications is compressed once. */
const encodedBodies = new Map<string, EncodedBody>();
/** Encoded bodies kept (seven languages of the few versions tabs may still be on). */
const ENCODED_BODIES_KEPT = 64;

function encodedOf(language: string, texts: ServedTexts): EncodedBody {
  const key = `${language}/${texts.digest}`;
  const hit = encodedBodies.get(key);
  if (hit) return hit;
  const made = new EncodedBody(texts.body);
  if (encodedBodies.size >= ENCODED_BODIES_KEPT)
    encodedBodies.delete(encodedBodies.keys().next().value as string);
  encodedBodies.set(key, made);
  return made;
}

export async function textsEndpoint(app: FastifyInstance, options: { source: TextsSource }): Promise<void> {
  app.get<{ Params: { language: string; file: string } }>(
    `${TEXTS_PATH_PREFIX}/:language/:file`,
    async (request, reply) => {
      const { language, file } = request.params;
      const digest = /^([A-Za-z0-9_-]{22})\.json$/.exec(file)?.[1];
      const wellFormed = digest !== undefined && /^[a-z]{2}$/.test(language);
      let texts = wellFormed ? options.source.texts(language, digest) : null;
      // Named by a manifest another instance served just now (ConfigPlane.catchUp).
      if (wellFormed && !texts && options.source.catchUp) {
        await options.source.catchUp();
        texts = options.source.texts(language, digest);
      }
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
      const { bytes, encoding } = await encodedOf(language, texts).encoded(
        preferredEncoding(request.headers["accept-encoding"]),
      );
      if (encoding !== "identity") reply.header("Content-Encoding", encoding);
      return reply.send(bytes);
    },
  );
}
