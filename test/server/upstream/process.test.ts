/**
 * `npm run upstream` runs the upstream as its own process: it reads its environment, seeds on first
 * start, serves over the network, and stops cleanly on SIGTERM.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { DEMO_LOGINS, DEMO_PASSWORD } from "../../../server/upstream/seed/demo-accounts.ts";
import { freePort } from "../../helpers/free-port.ts";

test("the upstream process listens on UPSTREAM_PORT, serves the seeded demo and stops on SIGTERM", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "tessera-process-"));
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/upstream/main.ts"], {
    cwd: join(import.meta.dirname, "../../.."),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      UPSTREAM_PORT: String(port),
      UPSTREAM_HOST: "127.0.0.1",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  try {
    const started = Date.now();
    while (!output.includes("Server listening")) {
      if (child.exitCode !== null) assert.fail(`the process ended early: ${output}`);
      if (Date.now() - started > 60_000) assert.fail(`no listening line: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { domain, email } = DEMO_LOGINS.owner;
    const login = await fetch(`http://127.0.0.1:${port}/api/Login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ Domain: domain, Email: email, Password: DEMO_PASSWORD }),
    });
    assert.equal(login.status, 200);
    const { Token } = (await login.json()) as { Token: string };
    const config = await fetch(`http://127.0.0.1:${port}/api/Common/LoggedInConfig`, {
      headers: { authorization: `Bearer ${Token}` },
    });
    assert.equal(config.status, 200);
    assert.ok(!output.includes(Token), "tokens never reach the log");
    child.kill("SIGTERM");
    assert.equal(await exited, 0);
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});
