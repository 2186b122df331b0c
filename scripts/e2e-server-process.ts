/**
 * Starts scripts/e2e-server.ts (a fresh build, the embedded upstream with the demo seed, the
 * gateway) as a child process on a port of its own and waits until the gateway is ready; used by
 * the scripts that drive the real app outside Playwright's runner (screenshots, shell benchmark).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** How long the build and the seed may take before the start counts as failed. */
export const E2E_SERVER_START_TIMEOUT_MS = 180_000;
const READY_POLL_MS = 250;

/** A running e2e server: its origin and how to stop it. */
export interface E2eServer {
  origin: string;
  stop: () => Promise<void>;
}

async function ready(origin: string): Promise<boolean> {
  try {
    return (await fetch(`${origin}/readyz`)).ok;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

/** Starts the e2e server on `port`; refuses a port something else already answers on. */
export async function startE2eServer(port: number): Promise<E2eServer> {
  const origin = `http://127.0.0.1:${port}`;
  if (await ready(origin)) throw new Error(`port ${port} is in use: stop what runs there first`);
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/e2e-server.ts"], {
    cwd: root,
    // A build of its own, so a Playwright run starting meanwhile does not rebuild it underneath.
    env: { ...process.env, E2E_PORT: String(port), E2E_DIST_DIR: join(root, ".tmp", `e2e-dist-${port}`) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited(child);
  };
  const deadline = Date.now() + E2E_SERVER_START_TIMEOUT_MS;
  while (!(await ready(origin))) {
    if (child.exitCode !== null) throw new Error(`the e2e server exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the e2e server was not ready within ${E2E_SERVER_START_TIMEOUT_MS} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
  return { origin, stop };
}
