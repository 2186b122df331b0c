/**
 * Pre-compressed copies of the built assets: `file.gz` (gzip level 9, every browser) and `file.br`
 * (Brotli at its highest quality, browsers on secure origins), next to each script, stylesheet and
 * text file worth compressing. The gateway's static plugin serves them by Accept-Encoding
 * (server/gateway/plugins/static-app.ts, `preCompressed`): the bytes are compressed once at build
 * time instead of on every request, and a cold load moves a third of the bytes.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Files smaller than this are sent as they are: a compressed copy would save less than a packet. */
export const COMPRESS_MIN_BYTES = 1024;
/** The kinds of asset that compress well (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(?:js|css|json|svg|map)$/;
/** How many files are compressed at once (zlib runs on libuv's thread pool). */
const PARALLEL_FILES = 8;

/** Writes `.gz` and `.br` beside every compressible file of at least COMPRESS_MIN_BYTES under `dir`. */
export async function writeCompressedCopies(dir: string): Promise<number> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  let written = 0;
  const next = async (): Promise<void> => {
    for (let file = files.pop(); file !== undefined; file = files.pop()) {
      const body = await readFile(file);
      if (body.byteLength < COMPRESS_MIN_BYTES) continue;
      const [gz, br] = await Promise.all([
        gzipAsync(body, { level: 9 }),
        brotliAsync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        }),
      ]);
      await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
      written++;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_FILES }, next));
  return written;
}
