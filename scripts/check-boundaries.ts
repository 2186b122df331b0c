/**
 * `npm run check:boundaries`: the import boundaries of DESIGN.md §2. The runtime and the server never
 * import each other; the gateway and the upstream share nothing but core/ and schemas/ (they meet over
 * the network); core/ holds pure rules and imports only schemas/ and react-router's pure matching;
 * schemas/ imports no other folder of the project. Every import is read: static, type-only,
 * re-exports and dynamic `import()` with a literal.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** A part of the tree with its own import rule. */
type Zone = "core" | "schemas" | "runtime" | "gateway" | "upstream" | "server-root" | "free";

/** One import that crosses a boundary. */
export interface BoundaryViolation {
  /** The importing file, relative to the checked root, with forward slashes. */
  file: string;
  line: number;
  /** The import as written. */
  specifier: string;
  /** Why it is refused. */
  reason: string;
}

/** Project folders each zone may import (its own zone is always allowed). */
const ALLOWED_ZONES: Record<Zone, readonly Zone[] | "any"> = {
  core: ["schemas"],
  schemas: [],
  runtime: ["core", "schemas", "free"],
  gateway: ["core", "schemas", "free"],
  upstream: ["core", "schemas", "free"],
  // server/main.ts is the composition root: it starts the upstream and points the gateway at it.
  "server-root": ["gateway", "upstream", "core", "schemas", "free"],
  free: "any",
};

/** Packages core/ may import: pure functions only (no DOM, no server framework, no Node API). */
const CORE_PACKAGES = new Set(["react-router"]);

const SOURCE = /\.(ts|tsx|mts)$/;
const SKIPPED_FOLDERS = new Set(["node_modules", "dist", "data", ".tmp", ".git", "test-results"]);
// `from "x"` (imports and re-exports), bare `import "x"`, and `import("x")` with a literal.
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

function zoneOf(path: string): Zone {
  const [top, second] = path.split("/");
  if (top === "core" || top === "schemas" || top === "runtime") return top;
  if (top === "server") {
    if (second === "gateway") return "gateway";
    if (second === "upstream") return "upstream";
    return "server-root";
  }
  return "free";
}

function sourceFiles(root: string, folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    if (SKIPPED_FOLDERS.has(entry.name)) continue;
    const path = folder === "" ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) files.push(...sourceFiles(root, path));
    else if (SOURCE.test(entry.name)) files.push(path);
  }
  return files;
}

/** The import's problem from a file in `zone`, or null when it is allowed. */
function problemOf(zone: Zone, file: string, specifier: string, root: string): string | null {
  if (specifier.startsWith(".")) {
    const target = relative(root, resolve(root, dirname(file), specifier))
      .split(sep)
      .join("/");
    if (target.startsWith("..")) return "imports from outside the project";
    const targetZone = zoneOf(target);
    const allowed = ALLOWED_ZONES[zone];
    if (targetZone === zone || allowed === "any" || allowed.includes(targetZone)) return null;
    return `${zone} may not import ${targetZone} (${target})`;
  }
  if (zone !== "core") return null;
  const name = specifier.startsWith("@")
    ? specifier.split("/").slice(0, 2).join("/")
    : specifier.split("/")[0]!;
  return CORE_PACKAGES.has(name) ? null : `core may not import the package ${specifier}`;
}

/** Every boundary violation under `root` (the project root by default). */
export function checkBoundaries(root: string): BoundaryViolation[] {
  const violations: BoundaryViolation[] = [];
  for (const file of sourceFiles(root, "")) {
    const zone = zoneOf(file);
    if (zone === "free") continue;
    const lines = readFileSync(join(root, file), "utf8").split("\n");
    lines.forEach((text, index) => {
      // Comments name paths too; an import statement never starts with these.
      const trimmed = text.trimStart();
      if (trimmed.startsWith("//") || trimmed.startsWith("*") || trimmed.startsWith("/*")) return;
      for (const match of text.matchAll(IMPORT)) {
        const specifier = match[1]!;
        const reason = problemOf(zone, file, specifier, root);
        if (reason) violations.push({ file, line: index + 1, specifier, reason });
      }
    });
  }
  return violations;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  const violations = checkBoundaries(root);
  for (const v of violations) console.error(`${v.file}:${v.line}: "${v.specifier}": ${v.reason}`);
  if (violations.length > 0) {
    console.error(`${violations.length} import(s) cross a boundary (DESIGN.md §2)`);
    process.exit(1);
  }
  console.log("import boundaries hold");
}
