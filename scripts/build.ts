/**
 * `npm run build`: bundles the runtime with esbuild — ES modules with code splitting — then lets
 * rollup regroup the chunks so the entry's static closure is one file (build-rechunk.ts), into
 * dist/assets/ with content hashes, and writes dist/index.html pointing at the hashed entry. The texts
 * are not copied: the runtime names the gateway's content-addressed texts URLs (DESIGN.md §3, texts
 * served by version; server/gateway/config/text-digest.ts), the ones a manifest that changed no text
 * names too. Deterministic: the same sources give the same bytes.
 */
import { createHash } from "node:crypto";
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";
import { SCREEN_CHUNKS_ELEMENT_ID } from "../runtime/boot/screen-chunks.ts";
import { SESSION_PATH } from "../runtime/session/session-store.ts";
import { MANIFEST_URL } from "../runtime/state/fetch-manifest.ts";
import { textsBody, textsDigest, textsUrl } from "../server/gateway/config/text-digest.ts";
import { writeCompressedCopies } from "./build-compress.ts";
import { type BuildGraph, graphOfMetafile, rechunk } from "./build-rechunk.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const ENTRY = "runtime/main.tsx";
/** The language whose texts the first paint always needs (the fallback of every other). */
const FALLBACK_LANGUAGE = "en";
/**
 * The gateway calls runtime/main.tsx starts before anything else: preloaded by index.html, they
 * run while the scripts download instead of after they have run (a shorter cold load).
 */
const BOOT_REQUESTS = [MANIFEST_URL, SESSION_PATH];
/** The chunks per screen kind as a file of its own, for the gateway (next to index.html). */
const SCREEN_CHUNKS_FILE = "screen-chunks.json";
/** Hex digits of the SHA-256 content hash in a locale asset's name. */
const LOCALE_HASH_LENGTH = 12;
/** Characters of the build id (base64url of a SHA-256), within the tab report's 64. */
export const BUILD_ID_LENGTH = 22;
/**
 * What `__TESSERA_BUILD_ID__` reads while esbuild and rollup run; replaced by the build id once the
 * output is known (stampBuildId). As long as the id, so a debug build's source map columns hold.
 */
const BUILD_ID_PLACEHOLDER = "tessera-build-id".padEnd(BUILD_ID_LENGTH, "_");

/**
 * react-i18next's package entry re-exports its ICU `Trans` components, whose module-level code
 * esbuild cannot drop (about 2.7 KB gzip nobody calls). The runtime uses three of its exports; this
 * plugin resolves the bare `react-i18next` import to exactly those modules of the installed
 * package. Importing anything else from it fails the build ("No matching export"), so a new use
 * is added here consciously: `I18nextProvider` gives the studio's previews an i18next instance of
 * their own (the draft's texts in the previewed language) and lands only in their lazy chunks.
 */
export const slimReactI18next: Plugin = {
  name: "slim-react-i18next",
  setup(pluginBuild) {
    const packageDir = dirname(createRequire(import.meta.url).resolve("react-i18next/package.json"));
    const module = (name: string) => JSON.stringify(join(packageDir, "dist", "es", `${name}.js`));
    pluginBuild.onResolve({ filter: /^react-i18next$/ }, () => ({
      path: "react-i18next",
      namespace: "slim-react-i18next",
    }));
    pluginBuild.onLoad({ filter: /.*/, namespace: "slim-react-i18next" }, () => ({
      contents: [
        `export { useTranslation } from ${module("useTranslation")};`,
        `export { initReactI18next } from ${module("initReactI18next")};`,
        `export { I18nextProvider } from ${module("I18nextProvider")};`,
      ].join("\n"),
      resolveDir: packageDir,
      loader: "js",
    }));
  },
};

/** The texts of every language in locales/, by language (the file as JSON.parse reads it). */
async function localeTexts(): Promise<Map<string, Record<string, string>>> {
  const localesDir = join(root, "locales");
  const texts = new Map<string, Record<string, string>>();
  for (const file of (await readdir(localesDir)).filter((name) => name.endsWith(".json")).sort()) {
    texts.set(file.slice(0, -".json".length), JSON.parse(await readFile(join(localesDir, file), "utf8")));
  }
  if (!texts.has(FALLBACK_LANGUAGE)) throw new Error(`locales/${FALLBACK_LANGUAGE}.json is missing`);
  return texts;
}

/**
 * language → the gateway URL of the shipped texts (`/gw/texts/<language>/<digest>.json`, digest by
 * server/gateway/config/text-digest.ts): the value of the runtime's `__TESSERA_LOCALE_URLS__`
 * (runtime/i18n/locale-urls.ts) and the URL a manifest names while no operator changed a text.
 */
export async function gatewayTextUrls(): Promise<Record<string, string>> {
  const urls: Record<string, string> = {};
  for (const [language, texts] of await localeTexts()) {
    urls[language] = textsUrl(language, textsDigest(textsBody(texts)));
  }
  return urls;
}

/**
 * Copies locales/<language>.json into `outdir`/locales/<language>-<hash>.json (compact JSON,
 * content-hashed) and returns language → URL: for pages served without the gateway, which has no
 * `/gw/texts` (the shell benchmark's own pages, scripts/bench/shell/build-pages.ts).
 */
export async function writeLocaleAssets(outdir: string): Promise<Record<string, string>> {
  const targetDir = join(outdir, "locales");
  await mkdir(targetDir, { recursive: true });
  const urls: Record<string, string> = {};
  for (const [language, texts] of await localeTexts()) {
    const body = JSON.stringify(texts);
    const hash = createHash("sha256").update(body).digest("hex").slice(0, LOCALE_HASH_LENGTH);
    const name = `${language}-${hash}.json`;
    await writeFile(join(targetDir, name), body);
    urls[language] = `/assets/locales/${name}`;
  }
  return urls;
}

/** The build id of a page: the SHA-256 of its index.html (which names every hashed file it loads), base64url. */
export function buildIdOf(indexHtmlText: string): string {
  return createHash("sha256").update(indexHtmlText).digest("base64url").slice(0, BUILD_ID_LENGTH);
}

/**
 * Writes the build id into the scripts in place of BUILD_ID_PLACEHOLDER; returns how many scripts
 * carried it. The id is known only once the output is (it is the hash of index.html), so it cannot
 * be an esbuild define of its own; file names keep the hash of their content with the placeholder,
 * which still changes whenever the code does.
 */
async function stampBuildId(assetsDir: string, buildId: string): Promise<number> {
  let stamped = 0;
  for (const entry of await readdir(assetsDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
    const file = join(entry.parentPath, entry.name);
    const code = await readFile(file, "utf8");
    if (!code.includes(BUILD_ID_PLACEHOLDER)) continue;
    await writeFile(file, code.replaceAll(BUILD_ID_PLACEHOLDER, buildId));
    stamped++;
  }
  return stamped;
}

/** The scripts `file` imports statically, directly or through other scripts (what it needs to run). */
export function staticImports(graph: BuildGraph, file: string): string[] {
  const seen = new Set<string>([file]);
  const queue = [file];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const imported of graph.scripts.get(next)?.imports ?? []) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      queue.push(imported);
    }
  }
  seen.delete(file);
  return [...seen];
}

/** The screen registry: which module renders each screen kind (runtime/renderers/screen-registry.ts). */
const SCREEN_REGISTRY = "runtime/renderers/screen-registry.ts";
const SCREEN_REGISTRATION = /\.register\(\s*"([^"]+)",\s*\(\)\s*=>\s*import\("([^"]+)"\),?\s*\)/g;

/**
 * index.html's data block of screen chunks, compact (it ships with every page): the file names
 * under /assets/ once, and per screen kind the indexes of the chunks its lazy module needs beyond
 * the entry's (its own chunk first).
 */
export interface ScreenChunks {
  files: string[];
  screens: Record<string, number[]>;
}

/**
 * What each screen kind's lazy module needs: the runtime modulepreloads all of it at once for the
 * first route (runtime/boot/first-route.ts), so the screen's shared chunks do not wait until its
 * own chunk has been fetched and parsed.
 */
export async function screenChunks(graph: BuildGraph): Promise<ScreenChunks> {
  const source = await readFile(join(root, SCREEN_REGISTRY), "utf8");
  const registrations = [...source.matchAll(SCREEN_REGISTRATION)];
  if (registrations.length !== source.split(".register(").length - 1) {
    throw new Error(`${SCREEN_REGISTRY}: a registration does not read register("kind", () => import("…"))`);
  }
  const initial = new Set([graph.entry, ...staticImports(graph, graph.entry)]);
  const files: string[] = [];
  const indexOf = (file: string) => {
    const known = files.indexOf(file);
    return known >= 0 ? known : files.push(file) - 1;
  };
  const screens: Record<string, number[]> = {};
  for (const [, kind, specifier] of registrations) {
    if (!kind || !specifier) continue;
    const module = relative(root, join(root, dirname(SCREEN_REGISTRY), specifier))
      .split("\\")
      .join("/");
    const file = [...graph.scripts.values()].find((script) => script.entryPoints.includes(module))?.file;
    if (!file) throw new Error(`${SCREEN_REGISTRY}: no chunk for ${module} (screen "${kind}")`);
    screens[kind] = [file, ...staticImports(graph, file)].filter((out) => !initial.has(out)).map(indexOf);
  }
  return { files, screens };
}

/**
 * The entry script and stylesheet of a build, as URLs, and the scripts the entry imports
 * statically (preloaded, so the browser fetches them with the entry instead of after parsing it).
 */
export function entryAssets(
  graph: BuildGraph,
  style: string | null,
): { script: string; style: string | null; preload: string[] } {
  const toUrl = (file: string) => `/assets/${file}`;
  return {
    script: toUrl(graph.entry),
    style: style ? toUrl(style) : null,
    preload: staticImports(graph, graph.entry).map(toUrl),
  };
}

/** The page every in-app path serves: no inline script (the CSP forbids it). */
export function indexHtml(assets: {
  script: string;
  style: string | null;
  preload?: string[];
  /** JSON the first paint fetches (the fallback texts), preloaded with the scripts. */
  preloadFetch?: string[];
  /** The chunks of each screen kind (screenChunks), a JSON data block the runtime reads. */
  screenChunks?: ScreenChunks;
}): string {
  // A data block is not executed, so the CSP's script-src does not apply; "<" is escaped so the
  // text cannot close the element.
  const chunks = JSON.stringify(assets.screenChunks ?? { files: [], screens: {} }).replaceAll("<", "\\u003c");
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    "<title>Tessera</title>",
    // No icon request: without a link the browser asks for /favicon.ico, which is the app page.
    '<link rel="icon" href="data:,">',
    assets.style ? `<link rel="stylesheet" href="${assets.style}">` : "",
    `<script type="module" src="${assets.script}"></script>`,
    ...(assets.preload ?? []).map((url) => `<link rel="modulepreload" href="${url}">`),
    // crossorigin: fetch() requests in CORS mode; without it the preload would not be reused.
    ...(assets.preloadFetch ?? []).map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin>`),
    `<script type="application/json" id="${SCREEN_CHUNKS_ELEMENT_ID}">${chunks}</script>`,
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

/** What a build produced: its scripts (BuildGraph), the entry's stylesheet under /assets/ and its build id. */
export interface BuiltRuntime extends BuildGraph {
  style: string | null;
  /** `__TESSERA_BUILD_ID__`: what a tab reports to the gateway as its build (buildIdOf). */
  buildId: string;
}

/** Copies every file under `from` but scripts into `to`, keeping the folders (styles, media, texts). */
async function copyNonScripts(from: string, to: string): Promise<void> {
  for (const entry of await readdir(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith(".js")) continue;
    const target = join(to, relative(from, join(entry.parentPath, entry.name)));
    await mkdir(dirname(target), { recursive: true });
    await copyFile(join(entry.parentPath, entry.name), target);
  }
}

/**
 * Builds into `distDir` (default dist/): esbuild into a staging folder, then (except debug builds,
 * whose source maps rollup would not carry) rollup regroups the scripts (scripts/build-rechunk.ts).
 */
export async function buildRuntime(
  distDir = join(root, "dist"),
  options: { debug?: boolean } = {},
): Promise<BuiltRuntime> {
  const outdir = join(distDir, "assets");
  const staging = join(distDir, ".staging");
  await rm(distDir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  const localeUrls = await gatewayTextUrls();
  const stagingAssets = options.debug ? outdir : join(staging, "assets");
  const result = await build({
    absWorkingDir: root,
    entryPoints: [ENTRY],
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: ["es2022"],
    outdir: stagingAssets,
    entryNames: "[name]-[hash]",
    chunkNames: "chunks/[name]-[hash]",
    assetNames: "media/[name]-[hash]",
    minify: !options.debug,
    sourcemap: options.debug ? "linked" : false,
    legalComments: "none",
    jsx: "automatic",
    metafile: true,
    logLevel: "warning",
    plugins: [slimReactI18next],
    define: {
      "process.env.NODE_ENV": JSON.stringify(options.debug ? "development" : "production"),
      __TESSERA_DEBUG__: JSON.stringify(Boolean(options.debug)),
      __TESSERA_LOCALE_URLS__: JSON.stringify(localeUrls),
      __TESSERA_BUILD_ID__: JSON.stringify(BUILD_ID_PLACEHOLDER),
    },
  });
  const { metafile } = result;
  const graph = options.debug
    ? graphOfMetafile(metafile, root, outdir, ENTRY)
    : await rechunk({ root, metafile, stagingAssets, assetsDir: outdir, entry: ENTRY });
  const cssBundle = Object.values(metafile.outputs).find((output) => output.entryPoint === ENTRY)?.cssBundle;
  const style = cssBundle ? relative(stagingAssets, join(root, cssBundle)).split("\\").join("/") : null;
  const assets = entryAssets(graph, style);
  const chunks = await screenChunks(graph);
  const page = indexHtml({
    ...assets,
    preloadFetch: [localeUrls[FALLBACK_LANGUAGE] as string, ...BOOT_REQUESTS],
    screenChunks: chunks,
  });
  const buildId = buildIdOf(page);
  if (!options.debug) {
    await copyNonScripts(stagingAssets, outdir);
    await rm(staging, { recursive: true, force: true });
  }
  // Before the compressed copies, which must hold the same bytes.
  if ((await stampBuildId(outdir, buildId)) === 0) throw new Error("no script reads __TESSERA_BUILD_ID__");
  if (!options.debug) await writeCompressedCopies(outdir);
  await writeFile(join(distDir, "index.html"), page);
  // The gateway announces each page's first screen chunks (server/gateway/plugins/first-screen-preload.ts).
  await writeFile(join(distDir, SCREEN_CHUNKS_FILE), JSON.stringify(chunks));
  return { ...graph, style, buildId };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  const built = await buildRuntime(undefined, { debug: process.argv.includes("--debug") });
  console.log(
    `built ${built.scripts.size} scripts in ${Math.round(performance.now() - started)} ms: ${basename(built.entry)}, ${built.style ?? "no stylesheet"}`,
  );
}
