/**
 * `npm run build`: bundles the runtime with esbuild — ES modules with code
 * splitting and content hashes — into dist/assets/, and writes dist/index.html
 * pointing at the hashed entry. Deterministic: the same sources give the same bytes.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Metafile } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const ENTRY = "runtime/main.tsx";

/** The hashed entry script and stylesheet of a build, as URLs. */
export function entryAssets(metafile: Metafile, outdir: string): { script: string; style: string | null } {
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (output.entryPoint !== ENTRY) continue;
    const toUrl = (path: string) => `/assets/${relative(outdir, join(root, path)).split("\\").join("/")}`;
    return { script: toUrl(file), style: output.cssBundle ? toUrl(output.cssBundle) : null };
  }
  throw new Error(`no output for ${ENTRY}`);
}

/** The page every in-app path serves: no inline script (the CSP forbids it). */
export function indexHtml(assets: { script: string; style: string | null }): string {
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    "<title>Tessera</title>",
    assets.style ? `<link rel="stylesheet" href="${assets.style}">` : "",
    `<script type="module" src="${assets.script}"></script>`,
    "</head>",
    "<body>",
    '<div id="root"></div>',
    "</body>",
    "</html>",
    "",
  ]
    .filter((line) => line !== "")
    .join("\n");
}

/** Builds into `distDir` (default dist/); returns the metafile. */
export async function buildRuntime(
  distDir = join(root, "dist"),
  options: { debug?: boolean } = {},
): Promise<Metafile> {
  const outdir = join(distDir, "assets");
  await rm(distDir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: [ENTRY],
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: ["es2022"],
    outdir,
    entryNames: "[name]-[hash]",
    chunkNames: "chunks/[name]-[hash]",
    assetNames: "media/[name]-[hash]",
    minify: !options.debug,
    sourcemap: options.debug ? "linked" : false,
    legalComments: "none",
    jsx: "automatic",
    metafile: true,
    logLevel: "warning",
    define: {
      "process.env.NODE_ENV": JSON.stringify(options.debug ? "development" : "production"),
      __TESSERA_DEBUG__: JSON.stringify(Boolean(options.debug)),
    },
  });
  await writeFile(join(distDir, "index.html"), indexHtml(entryAssets(result.metafile, outdir)));
  return result.metafile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  const metafile = await buildRuntime(undefined, { debug: process.argv.includes("--debug") });
  const files = Object.keys(metafile.outputs).filter((f) => !f.endsWith(".map"));
  const bytes = Object.values(metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
  console.log(
    `built ${files.length} files (${(bytes / 1024).toFixed(0)} KiB) in ${Math.round(performance.now() - started)} ms: ${files
      .map((f) => basename(f))
      .slice(0, 3)
      .join(", ")}…`,
  );
}
