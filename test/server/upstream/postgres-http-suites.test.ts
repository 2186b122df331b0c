/**
 * The upstream's HTTP suites on PostgreSQL (DESIGN.md §7): the store contract suites
 * (test/server/upstream/store/) run every family on both backends; these run a set of the suites
 * that drive the real upstream over HTTP again with UPSTREAM_TEST_BACKEND=postgres — each in a
 * node:test run of its own, its upstream on a schema of its own. The set: tenant isolation, the
 * sessions and their hub events, the suites that reach the store beside the API (openStoreSql), and
 * the admin writes whose SQL is shared by both backends. Every suite passes on PostgreSQL (the rest
 * by `UPSTREAM_TEST_BACKEND=postgres node --import tsx --test test/server/upstream/*.test.ts`); the
 * set is what CI's time allows. Skipped when the test server does not answer.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { postgresSkip } from "../../helpers/store-backends.ts";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const ROOT = join(HERE, "..", "..", "..");

/** The suites run again on PostgreSQL. */
export const POSTGRES_HTTP_SUITES = [
  "isolation.test.ts",
  "content-isolation.test.ts",
  "realtime-signalr.test.ts",
  "realtime-backplane.test.ts",
  "api-key-auth.test.ts",
  "jobs-persistence.test.ts",
  "stored-text-rules.test.ts",
  "admin-database-migration-failed.test.ts",
  "admin-accounts.test.ts",
  "admin-network.test.ts",
  "account-branding.test.ts",
] as const;

/** Runs one suite file on PostgreSQL; its exit code and the end of its report. */
function runOnPostgres(file: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    // A run of its own, not a child of this file's: without NODE_TEST_CONTEXT node:test runs it.
    const { NODE_TEST_CONTEXT: _, ...env } = process.env;
    const child = spawn(process.execPath, ["--import", "tsx", "--test", join(HERE, file)], {
      cwd: ROOT,
      env: { ...env, UPSTREAM_TEST_BACKEND: "postgres" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + String(chunk)).slice(-20_000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

/** The failing tests of a TAP report, each with the lines that say why. */
function failures(output: string): string {
  const lines = output.split("\n");
  const found: string[] = [];
  lines.forEach((line, index) => {
    if (/^\s*not ok /.test(line)) found.push(lines.slice(index, index + 24).join("\n"));
  });
  return found.join("\n") || output.slice(-4_000);
}

// In a run already on PostgreSQL the suites themselves are in it.
const skip =
  process.env.UPSTREAM_TEST_BACKEND === "postgres"
    ? "this run's suites are on PostgreSQL already"
    : await postgresSkip();

// Two at a time: each waits on its sockets and the server as much as it computes.
describe("upstream HTTP suites on PostgreSQL", { concurrency: 2 }, () => {
  for (const file of POSTGRES_HTTP_SUITES) {
    it(file, { skip }, async () => {
      const { code, output } = await runOnPostgres(file);
      assert.equal(code, 0, failures(output));
      assert.match(output, /^# pass [1-9]/m, "the suite ran tests");
      assert.match(output, /^# fail 0$/m);
    });
  }
});
