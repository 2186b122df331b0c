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
 * The longest one node:test test may run. The runner counts a whole test file as one test too, and
 * the configuration plane's property files take minutes on a machine shared by two runners.
 */
const NODE_TEST_TIMEOUT_MS = 300_000;

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
  const files = unitTestFiles();
  // node:test last, so its summary closes the output.
  // A test that hangs fails after NODE_TEST_TIMEOUT_MS instead of holding CI until its own limit.
  const timeout = `--test-timeout=${NODE_TEST_TIMEOUT_MS}`;
  status =
    run(process.execPath, ["--import", "tsx", "--test", "--test-concurrency=2", timeout, ...files]) || status;
}
process.exit(status);
