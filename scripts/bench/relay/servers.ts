/**
 * Starting and stopping the benchmark's server processes: each is a child Node process that prints
 * `{"port":…}` once listening, so its CPU and memory are its own.
 */
import { type ChildProcess, spawn } from "node:child_process";
import net, { type AddressInfo } from "node:net";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { ROOT } from "../bench-paths.ts";

/** How long a child may take to start listening. */
const START_LIMIT_MS = 60_000;
/** How long a child may take to stop after SIGTERM before it is killed. */
const STOP_LIMIT_MS = 5_000;

/** A running server process. */
export interface ServerProcess {
  name: string;
  child: ChildProcess;
  pid: number;
  url: string;
  /** Full garbage collection in the child (gateway processes only); its memory usage after it. */
  gc(): Promise<NodeJS.MemoryUsage>;
  stop(): Promise<void>;
}

/** Starts `scripts/bench/relay/<script>` with `args`; resolves once it printed its port. */
export async function startServer(
  name: string,
  script: string,
  args: string[] = [],
  options: { exposeGc?: boolean } = {},
): Promise<ServerProcess> {
  const nodeArgs = [...(options.exposeGc ? ["--expose-gc"] : []), "--import", "tsx"];
  const child = spawn(process.execPath, [...nodeArgs, join(ROOT, "scripts/bench/relay", script), ...args], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
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
    gc: () =>
      new Promise<NodeJS.MemoryUsage>((resolve) => {
        const done = (message: unknown) => {
          const usage = (message as { gcDone?: NodeJS.MemoryUsage } | null)?.gcDone;
          if (!usage) return;
          child.off("message", done);
          resolve(usage);
        };
        child.on("message", done);
        child.send("gc");
      }),
    stop: () => stopChild(child),
  };
}

/** SIGTERM, then SIGKILL if it has not exited within STOP_LIMIT_MS. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_LIMIT_MS);
  await exited;
  clearTimeout(timer);
}

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Runs `work` for each item, at most `parallel` at a time, keeping the order of results. */
export async function inBatches<T, R>(items: readonly T[], parallel: number, work: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += parallel) {
    results.push(...(await Promise.all(items.slice(start, start + parallel).map(work))));
  }
  return results;
}
