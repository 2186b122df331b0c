/**
 * Content coding of the gateway's own JSON answers that many tabs fetch alike (the manifest, the texts):
 * compressed once per body, brotli else gzip, when the browser accepts it (RFC 9110 §12.5.3). Brotli
 * at quality 5: a few milliseconds for ~100 KB, within 3 % of quality 9's size at a tenth of its time,
 * so the first tab after a publication does not wait for the compressor.
 */
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A coding the gateway answers with. */
export type AnswerEncoding = "br" | "gzip" | "identity";

/** The best coding the Accept-Encoding header allows (`q=0` refuses one, `*` stands for the rest). */
export function preferredEncoding(header: string | undefined): AnswerEncoding {
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

/** Smallest body worth compressing: below it the coding's overhead is most of the saving. */
export const MIN_COMPRESSED_BYTES = 1024;

/** A body and its compressed forms, each made at most once (shared by every answer of that body). */
export class EncodedBody {
  #br: Promise<Buffer> | undefined;
  #gzip: Promise<Buffer> | undefined;

  constructor(readonly body: Buffer) {}

  /** The bytes to send for `encoding`, and the coding they carry ("identity": the body itself). */
  async encoded(encoding: AnswerEncoding): Promise<{ bytes: Buffer; encoding: AnswerEncoding }> {
    if (encoding === "identity" || this.body.length < MIN_COMPRESSED_BYTES) {
      return { bytes: this.body, encoding: "identity" };
    }
    if (encoding === "br") {
      this.#br ??= brotli(this.body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: 5,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: this.body.length,
        },
      });
      return { bytes: await this.#br, encoding };
    }
    this.#gzip ??= gzipAsync(this.body, { level: 6 });
    return { bytes: await this.#gzip, encoding };
  }
}
