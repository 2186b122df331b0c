/**
 * The benchmark's server processes: each a child Node process of this one that prints `{"port":…}`
 * once listening, so its CPU time is its own (read from /proc by ../relay/process-meter.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { ROOT } from "../bench-paths.ts";
import { stopChild } from "../relay/servers.ts";

/** How long a child may take to start listening. */
const START_LIMIT_MS = 60_000;

/** A running server process. */
export interface ServerProcess {
  name: string;
  child: ChildProcess;
  pid: number;
  url: string;
  stop(): Promise<void>;
}

/** Starts `scripts/bench/publish/<script>` with `args` and Node flags; resolves once it printed its port. */
export async function startServer(
  name: string,
  script: string,
  args: string[] = [],
  nodeFlags: string[] = [],
): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    [...nodeFlags, "--import", "tsx", join(ROOT, "scripts/bench/publish", script), ...args],
    { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] },
  );
  const firstLine = await new Promise<string>((resolve, reject) => {
    const limit = setTimeout(() => reject(new Error(`${name} did not start`)), START_LIMIT_MS);
    child.once("exit", (code) => reject(new Error(`${name} exited with ${code} before listening`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once("line", (line) => {
      clearTimeout(limit);
      resolve(line);
    });
  });
  const { port } = JSON.parse(firstLine) as { port: number };
  return {
    name,
    child,
    pid: child.pid as number,
    url: `http://127.0.0.1:${port}`,
    stop: () => stopChild(child),
  };
}
