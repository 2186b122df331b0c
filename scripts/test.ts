/**
 * `npm test`: node:test suites (an explicit file list — Node 20's --test does not
 * expand globs) followed by the Playwright suite in Debian's Chromium.
 * `--unit` runs only the node:test suites, `--e2e` only Playwright.
 */
import { spawn, spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
/**
 * The longest one node:test test may run; the runner counts a whole test file as one test too. A
 * test that hangs fails after it instead of holding CI until its own limit.
 */
const NODE_TEST_TIMEOUT_MS = 180_000;
/**
 * The files that compute for minutes: the configuration plane's properties (ten thousand generated
 * change sets, a hundred publications with rollbacks) and the studio's form rendered for every item
 * of every manifest. They run in a node:test run of their own, one at a time, with a budget of their own.
 */
const PROPERTY_FILES = [
  join("test", "server", "gateway", "config", "config-change-set-properties.test.ts"),
  join("test", "server", "gateway", "config", "config-publication-properties.test.ts"),
  join("test", "runtime", "screens", "admin", "studio", "document", "document-form-render.test.ts"),
] as const;
const PROPERTY_TIMEOUT_MS = 900_000;
/**
 * Test files run at once. Most files wait on sockets and timers far more than they compute (a run at
 * two files per core kept both cores only half busy), so one file more than the cores.
 */
const NODE_TEST_CONCURRENCY = availableParallelism() + 1;

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

/** Runs a command with its output streamed, without blocking what runs beside it. */
function runStreamed(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", env: process.env });
    child.on("error", () => resolve(1));
    child.on("close", (code) => resolve(code ?? 1));
  });
}

/** Runs a command beside the others, keeping its output to print once it ends (no interleaving). */
function runBeside(command: string, args: string[]): Promise<{ status: number; output: Buffer }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: process.env });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("error", (error) => resolve({ status: 1, output: Buffer.from(String(error)) }));
    child.on("close", (code) => resolve({ status: code ?? 1, output: Buffer.concat(chunks) }));
  });
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
  const nodeTestArgs = (timeoutMs: number, concurrency: number, list: string[]) => [
    "--import",
    "tsx",
    "--test",
    `--test-concurrency=${concurrency}`,
    `--test-timeout=${timeoutMs}`,
    ...list,
  ];
  // The long files compute without waiting, one at a time, beside the other files: they fill the time
  // those spend waiting. Their report follows the others'.
  const propertyRun = runBeside(
    process.execPath,
    nodeTestArgs(
      PROPERTY_TIMEOUT_MS,
      1,
      files.filter((file) => properties.has(file)),
    ),
  );
  const mainArgs = nodeTestArgs(
    NODE_TEST_TIMEOUT_MS,
    NODE_TEST_CONCURRENCY,
    files.filter((file) => !properties.has(file)),
  );
  const mainStatus = await runStreamed(process.execPath, mainArgs);
  const property = await propertyRun;
  process.stdout.write("\n# the long-running files, run beside the others:\n");
  process.stdout.write(property.output);
  status = mainStatus || property.status || status;
}
process.exit(status);
