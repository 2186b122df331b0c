/**
 * The second stage of `npm run build` (decisions/0007-rechunk-with-rollup.md): esbuild bundles,
 * minifies and splits the runtime; rollup then regroups esbuild's ES module chunks so that what the
 * entry needs at load is one file. esbuild splits by the exact set of entry points reaching a module,
 * so the entry's static closure came out as ~26 small files (every lazy screen sharing a different
 * subset of it); rollup knows that a lazily imported chunk only runs after its importer, so modules
 * already loaded by the entry stay in the entry. Fewer requests and module records before the first
 * paint (the cold-load budget, scripts/bench/README.md).
 *
 * Rollup only reads esbuild's output (plain minified ES modules): no TypeScript, CommonJS or CSS
 * reaches it. The icon glyph chunks (thousands of one-glyph files behind the icon picker's glyph
 * sets) are kept as esbuild wrote them and copied unchanged: regrouping them would gain nothing and
 * cost seconds.
 */
import { copyFile, mkdir } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { type Metafile, transform } from "esbuild";
import { type OutputChunk, rollup } from "rollup";

/** One JavaScript file of the final build, as index.html's preload lists and the tests need it. */
export interface BuiltScript {
  /** Path under the assets folder, "/"-separated (e.g. chunks/login-screen-1a2b3c4d.js). */
  file: string;
  /** Files (same notation) it imports statically: they must load before it runs. */
  imports: string[];
  /** The entry and lazily imported source modules whose code it holds (a screen's module, say). */
  entryPoints: string[];
  /** The source modules whose code it holds (paths relative to the project root). */
  inputs: string[];
}

/** Where a build's JavaScript went: the entry's file and every script by file name. */
export interface BuildGraph {
  entry: string;
  scripts: Map<string, BuiltScript>;
}

/** The inputs that mark an esbuild output as part of the icon glyph sets (copied, not regrouped). */
const GLYPH_INPUTS = [/node_modules\/@fortawesome\//, /runtime\/components\/icon-picker\/glyph-set-/];
/** Where the gateway serves the assets folder (index.html's script URLs use it too). */
const ASSETS_URL = "/assets/";
/** Content-hash alphabet and length of the regrouped files (lower-case letters and digits). */
const HASH_CHARACTERS = "base36";
/** esbuild's "-HASH" suffix in a chunk's name: rollup adds its own hash. */
const ESBUILD_HASH_SUFFIX = /-[A-Z0-9]{8}$/;

const slash = (path: string) => path.split("\\").join("/");

function isGlyphOutput(output: Metafile["outputs"][string]): boolean {
  const isGlyph = (input: string) => GLYPH_INPUTS.some((pattern) => pattern.test(input));
  // A glyph's own file may hold no code (a facade re-exporting a chunk shared with its aliases).
  if (output.entryPoint) return isGlyph(output.entryPoint);
  const inputs = Object.keys(output.inputs);
  return inputs.length > 0 && inputs.every(isGlyph);
}

/**
 * The build graph of esbuild's own output (no regrouping): used for debug builds, whose source maps
 * rollup would not carry.
 */
export function graphOfMetafile(
  metafile: Metafile,
  root: string,
  assetsDir: string,
  entry: string,
): BuildGraph {
  const scripts = new Map<string, BuiltScript>();
  const fileOf = (out: string) => slash(relative(assetsDir, join(root, out)));
  let entryFile = "";
  for (const [out, output] of Object.entries(metafile.outputs)) {
    if (!out.endsWith(".js")) continue;
    const file = fileOf(out);
    if (output.entryPoint === entry) entryFile = file;
    scripts.set(file, {
      file,
      imports: output.imports.filter((i) => i.kind === "import-statement").map((i) => fileOf(i.path)),
      entryPoints: output.entryPoint ? [output.entryPoint] : [],
      inputs: Object.keys(output.inputs),
    });
  }
  if (!entryFile) throw new Error(`no output for ${entry}`);
  return { entry: entryFile, scripts };
}

/**
 * Regroups the JavaScript esbuild wrote to `stagingAssets` into `assetsDir` (which receives only
 * scripts; the caller copies styles, media and texts). Returns the final build graph.
 */
export async function rechunk(options: {
  root: string;
  metafile: Metafile;
  stagingAssets: string;
  assetsDir: string;
  entry: string;
}): Promise<BuildGraph> {
  const { root, metafile, stagingAssets, assetsDir, entry } = options;
  const staged = graphOfMetafile(metafile, root, stagingAssets, entry);
  const glyphs = new Set<string>();
  for (const [out, output] of Object.entries(metafile.outputs)) {
    if (out.endsWith(".js") && isGlyphOutput(output))
      glyphs.add(slash(relative(stagingAssets, join(root, out))));
  }
  // What the glyph files import statically (esbuild's CommonJS helpers) is copied with them; rollup
  // places its own copy of those helpers for everything else.
  const copied = new Set(glyphs);
  for (const file of copied) {
    for (const imported of staged.scripts.get(file)?.imports ?? []) copied.add(imported);
  }

  const bundle = await rollup({
    input: { main: join(stagingAssets, staged.entry) },
    // The entry exports nothing; lazily imported chunks keep the exports their importers use.
    preserveEntrySignatures: false,
    // esbuild has tree-shaken already; rollup's own pass would take seconds for nothing.
    treeshake: false,
    plugins: [
      {
        name: "keep-glyph-chunks",
        resolveId(source, importer) {
          if (!importer || !source.startsWith(".")) return null;
          const file = slash(relative(stagingAssets, join(dirname(importer), source)));
          // By its URL, verbatim: the copy is served there whichever chunk the importer lands in.
          return glyphs.has(file) ? { id: `${ASSETS_URL}${file}`, external: "absolute" } : null;
        },
      },
    ],
    onwarn(warning, warn) {
      if (warning.code !== "CIRCULAR_DEPENDENCY") warn(warning);
    },
  });
  let output: OutputChunk[];
  try {
    const written = await bundle.write({
      dir: assetsDir,
      format: "es",
      entryFileNames: "[name]-[hash].js",
      chunkFileNames: (chunk) => `chunks/${chunk.name.replace(ESBUILD_HASH_SUFFIX, "")}-[hash].js`,
      hashCharacters: HASH_CHARACTERS,
      compact: true,
      plugins: [
        {
          name: "minify-joins",
          // Rollup's joins between esbuild's modules are readable code; minify them as esbuild would.
          async renderChunk(code) {
            const result = await transform(code, { format: "esm", minify: true, target: "es2022" });
            return result.code;
          },
        },
      ],
    });
    output = written.output.filter((item): item is OutputChunk => item.type === "chunk");
  } finally {
    await bundle.close();
  }

  const scripts = new Map<string, BuiltScript>();
  let entryFile = "";
  for (const chunk of output) {
    const parts = chunk.moduleIds.map((id) => slash(relative(stagingAssets, id)));
    if (chunk.isEntry) entryFile = chunk.fileName;
    scripts.set(chunk.fileName, {
      file: chunk.fileName,
      // Other chunks by file name; the glyph files by the URL resolveId gave them.
      imports: chunk.imports.map((imported) =>
        imported.startsWith(ASSETS_URL) ? imported.slice(ASSETS_URL.length) : imported,
      ),
      entryPoints: parts.flatMap((part) => staged.scripts.get(part)?.entryPoints ?? []),
      inputs: [...new Set(parts.flatMap((part) => staged.scripts.get(part)?.inputs ?? []))],
    });
  }
  for (const file of copied) {
    const script = staged.scripts.get(file);
    if (!script) continue;
    await mkdir(dirname(join(assetsDir, file)), { recursive: true });
    await copyFile(join(stagingAssets, file), join(assetsDir, file));
    scripts.set(file, script);
  }
  if (!entryFile) throw new Error("rollup wrote no entry chunk");
  return { entry: entryFile, scripts };
}
