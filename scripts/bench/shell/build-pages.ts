/**
 * Builds the benchmark's own pages with esbuild, the way scripts/build.ts builds the runtime
 * (ESM, minified, production React, content hashes): the bare React page and the notifications
 * bench page. Each gets a folder with index.html and assets/.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { build } from "esbuild";
import { writeLocaleAssets } from "../../build.ts";
import { writeCompressedCopies } from "../../build-compress.ts";

/** Builds `entry` (relative to the repository root) into `dir`; returns dir. */
export async function buildPage(
  root: string,
  entry: string,
  dir: string,
  title: string,
  options: { minify?: boolean } = {},
): Promise<string> {
  const outdir = join(dir, "assets");
  await rm(dir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  // The runtime's texts as the real build ships them (the notifications page starts i18n).
  const localeUrls = await writeLocaleAssets(outdir);
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: ["es2022"],
    outdir,
    entryNames: "[name]-[hash]",
    chunkNames: "chunks/[name]-[hash]",
    minify: options.minify ?? true,
    legalComments: "none",
    jsx: "automatic",
    metafile: true,
    logLevel: "warning",
    define: {
      "process.env.NODE_ENV": '"production"',
      __TESSERA_DEBUG__: "false",
      __TESSERA_LOCALE_URLS__: JSON.stringify(localeUrls),
    },
  });
  let script = "";
  let style = "";
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (output.entryPoint !== entry) continue;
    script = `/assets/${basename(file)}`;
    if (output.cssBundle) style = `/assets/${basename(output.cssBundle)}`;
  }
  if (!script) throw new Error(`no output for ${entry}`);
  const html = [
    "<!doctype html>",
    '<html lang="en">',
    `<head><meta charset="utf-8"><title>${title}</title>`,
    style ? `<link rel="stylesheet" href="${style}">` : "",
    `<script type="module" src="${script}"></script></head>`,
    '<body><div id="root"></div></body>',
    "</html>",
  ].join("\n");
  await writeFile(join(dir, "index.html"), html);
  // Compressed copies as the runtime's build writes them, served the same way (static-server.ts).
  await writeCompressedCopies(outdir);
  return dir;
}
