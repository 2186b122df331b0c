/**
 * `npm test`: node:test suites (an explicit file list — Node 20's --test does not
 * expand globs) followed by the Playwright suite in Debian's Chromium.
 * `--unit` runs only the node:test suites, `--e2e` only Playwright.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
/**
 * The longest one node:test test may run; the runner counts a whole test file as one test too. A
 * test that hangs fails after it instead of holding CI until its own limit.
 */
const NODE_TEST_TIMEOUT_MS = 180_000;
/**
 * The configuration plane's properties: ten thousand generated change sets and a hundred
 * publications with rollbacks take minutes of CPU each, so they run in a node:test run of their own,
 * with a budget of their own.
 */
const PROPERTY_FILES = [
  join("test", "server", "gateway", "config", "config-change-set-properties.test.ts"),
  join("test", "server", "gateway", "config", "config-publication-properties.test.ts"),
] as const;
const PROPERTY_TIMEOUT_MS = 900_000;

/** Every `*.test.ts` under test/, except the Playwright suite in test/e2e. */
export function unitTestFiles(): string[] {
  return readdirSync(join(root, "test"), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".test.ts"))
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .filter((file) => !file.startsWith(join("test", "e2e")))
    .sort();
}

function run(command: string, args: string[]): number {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: process.env });
  return result.status ?? 1;
}

const onlyUnit = process.argv.includes("--unit");
const onlyE2e = process.argv.includes("--e2e");
let status = 0;
if (!onlyUnit) {
  status ||= run(process.execPath, [join(root, "node_modules/@playwright/test/cli.js"), "test"]);
}
if (!onlyE2e) {
  const properties = new Set<string>(PROPERTY_FILES);
  const files = unitTestFiles();
  // A renamed property file must not leave its run without files: node --test would then run everything.
  for (const file of properties) if (!files.includes(file)) throw new Error(`${file} is not a test file`);
  const nodeTests = (timeoutMs: number, list: string[]) =>
    run(process.execPath, [
      "--import",
      "tsx",
      "--test",
      "--test-concurrency=2",
      `--test-timeout=${timeoutMs}`,
      ...list,
    ]);
  // node:test last, so its summary closes the output.
  status =
    nodeTests(
      PROPERTY_TIMEOUT_MS,
      files.filter((file) => properties.has(file)),
    ) || status;
  status =
    nodeTests(
      NODE_TEST_TIMEOUT_MS,
      files.filter((file) => !properties.has(file)),
    ) || status;
}
process.exit(status);
