/**
 * `npm run bench`: the manifest endpoint against a constant JSON route of the
 * same size, served by the same gateway process, in alternating rounds of one
 * run. Reports the throughput ratio (manifest / constant) — not a test.
 *
 *   node --import tsx scripts/bench/manifest.ts [--rounds 5] [--seconds 3] [--connections 16]
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { ROOT } from "./bench-paths.ts";
import { median, type RoundResult, runRound } from "./load.ts";

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

const rounds = flag("rounds", 5);
const durationMs = flag("seconds", 3) * 1000;
const connections = flag("connections", 16);

const server = spawn(process.execPath, ["--import", "tsx", join(ROOT, "scripts/bench/manifest-server.ts")], {
  cwd: ROOT,
  stdio: ["ignore", "pipe", "inherit"],
});
const firstLine = await new Promise<string>((resolve) =>
  createInterface({ input: server.stdout }).once("line", resolve),
);
const { port, bytes } = JSON.parse(firstLine) as { port: number; bytes: number };
const origin = `http://127.0.0.1:${port}`;

const results: Record<string, RoundResult[]> = { manifest: [], constant: [], manifest304: [] };
const etag = (await fetch(`${origin}/gw/manifest`)).headers.get("etag") ?? "";
// Warm-up, then alternate so drift hits both sides alike.
await runRound(origin, "/gw/manifest", { connections, durationMs: 1000 });
await runRound(origin, "/bench/constant", { connections, durationMs: 1000 });
for (let round = 0; round < rounds; round += 1) {
  results.manifest?.push(await runRound(origin, "/gw/manifest", { connections, durationMs }));
  results.constant?.push(await runRound(origin, "/bench/constant", { connections, durationMs }));
  results.manifest304?.push(
    await runRound(origin, "/gw/manifest", {
      connections,
      durationMs,
      headers: { "if-none-match": etag },
      expectStatus: 304,
    }),
  );
}
server.kill("SIGTERM");

const summary = Object.fromEntries(
  Object.entries(results).map(([name, list]) => [
    name,
    {
      requestsPerSecond: Math.round(median(list.map((r) => r.requestsPerSecond))),
      p50Ms: Number(median(list.map((r) => r.p50Ms)).toFixed(3)),
      p99Ms: Number(median(list.map((r) => r.p99Ms)).toFixed(3)),
      errors: list.reduce((sum, r) => sum + r.errors, 0),
    },
  ]),
);
const ratio = (summary.manifest?.requestsPerSecond ?? 0) / (summary.constant?.requestsPerSecond || 1);
console.log(JSON.stringify({ bodyBytes: bytes, rounds, durationMs, connections, ...summary }, null, 2));
console.log(`manifest / constant throughput ratio: ${ratio.toFixed(3)}`);
