/**
 * The import-boundary check against a fixture tree holding one crossing per rule of DESIGN.md §2 and
 * the imports that are allowed: each crossing is reported with its file, line and import, nothing else.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { checkBoundaries } from "../../scripts/check-boundaries.ts";

/** The fixture: file → source. */
const TREE: Record<string, string> = {
  "schemas/user.ts": 'import type { Helper } from "../core/helper.ts";\nexport type User = Helper;\n',
  "core/helper.ts": [
    'import type { User } from "../schemas/user.ts";',
    'import { matchPath } from "react-router";',
    'import type { FastifyInstance } from "fastify";',
    'import { readFileSync } from "node:fs";',
    'import { decide } from "../runtime/decide.ts";',
    "export type Helper = string;",
  ].join("\n"),
  "runtime/decide.ts": [
    'import { helper } from "../core/helper.ts";',
    'import { route } from "../server/gateway/route.ts";',
    "// A comment naming ../server/gateway/route.ts is not an import.",
    "export const decide = 1;",
  ].join("\n"),
  "runtime/lazy.tsx": 'const screen = () => import("../server/upstream/screen.ts");\n',
  "server/gateway/route.ts": [
    'import { decide } from "../../runtime/decide.ts";',
    'export { store } from "../upstream/store.ts";',
    'import { helper } from "../../core/helper.ts";',
    'import Fastify from "fastify";',
  ].join("\n"),
  "server/upstream/store.ts": 'import type { Route } from "../gateway/route.ts";\nexport const store = 1;\n',
  "server/upstream/screen.ts": "export const screen = 1;\n",
  "server/main.ts":
    'import { store } from "./upstream/store.ts";\nimport { route } from "./gateway/route.ts";\n',
  "test/anything.test.ts":
    'import { store } from "../server/upstream/store.ts";\nimport "../runtime/decide.ts";\n',
  "scripts/tool.ts": 'import { decide } from "../runtime/decide.ts";\n',
};

let root: string;
before(() => {
  root = mkdtempSync(join(tmpdir(), "tessera-boundaries-"));
  for (const [file, source] of Object.entries(TREE)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), source);
  }
});
after(() => rmSync(root, { recursive: true, force: true }));

test("each crossing is reported with its file, line and import; allowed imports are not", () => {
  const found = checkBoundaries(root)
    .map((v) => `${v.file}:${v.line} ${v.specifier} — ${v.reason}`)
    .sort();
  assert.deepEqual(found, [
    "core/helper.ts:3 fastify — core may not import the package fastify",
    "core/helper.ts:4 node:fs — core may not import the package node:fs",
    "core/helper.ts:5 ../runtime/decide.ts — core may not import runtime (runtime/decide.ts)",
    "runtime/decide.ts:2 ../server/gateway/route.ts — runtime may not import gateway (server/gateway/route.ts)",
    "runtime/lazy.tsx:1 ../server/upstream/screen.ts — runtime may not import upstream (server/upstream/screen.ts)",
    "schemas/user.ts:1 ../core/helper.ts — schemas may not import core (core/helper.ts)",
    "server/gateway/route.ts:1 ../../runtime/decide.ts — gateway may not import runtime (runtime/decide.ts)",
    "server/gateway/route.ts:2 ../upstream/store.ts — gateway may not import upstream (server/upstream/store.ts)",
    "server/upstream/store.ts:1 ../gateway/route.ts — upstream may not import gateway (server/gateway/route.ts)",
  ]);
});
