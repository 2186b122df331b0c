/**
 * The benchmark's server processes: each a child Node process that prints `{"port":…}` once
 * listening. Every child started is remembered until stopped, so `stopAll` ends them all — on
 * success, on failure and on Ctrl-C.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { ROOT } from "../bench-paths.ts";
import { stopChild } from "../relay/servers.ts";

/** How long a child may take to listen: the first upstream start seeds 100,000 order lines on a busy machine. */
const START_LIMIT_MS = 300_000;

/** A running server process. */
export interface ServerProcess {
  name: string;
  pid: number;
  url: string;
  /** From spawn to the printed port, in ms. */
  startMs: number;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();

/** Starts `scripts/bench/dashboards/<script>` with `args`; resolves once it printed its port. */
export async function startServer(name: string, script: string, args: string[]): Promise<ServerProcess> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(ROOT, "scripts/bench/dashboards", script), ...args],
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  running.add(child);
  child.once("exit", () => running.delete(child));
  const stop = async () => {
    await stopChild(child);
    running.delete(child);
  };
  try {
    const firstLine = await new Promise<string>((resolve, reject) => {
      const limit = setTimeout(
        () => reject(new Error(`${name} did not start within ${START_LIMIT_MS} ms`)),
        START_LIMIT_MS,
      );
      child.once("exit", (code) => reject(new Error(`${name} exited with ${code} before listening`)));
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).once("line", (line) => {
        clearTimeout(limit);
        resolve(line);
      });
    });
    const { port } = JSON.parse(firstLine) as { port: number };
    return {
      name,
      pid: child.pid as number,
      url: `http://127.0.0.1:${port}`,
      startMs: performance.now() - started,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Stops every child still running. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => stopChild(child)));
  running.clear();
}
