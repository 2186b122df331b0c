/**
 * A small closed-loop HTTP load generator on undici: `connections` clients
 * each send the next request when the last one finished, for `durationMs`.
 */
import { Pool } from "undici";

/** Throughput and latency of one round. */
export interface RoundResult {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** Runs one round against `origin` + `path`; every response must have `expectStatus`. */
export async function runRound(
  origin: string,
  path: string,
  options: {
    connections: number;
    durationMs: number;
    headers?: Record<string, string>;
    expectStatus?: number;
  },
): Promise<RoundResult> {
  const pool = new Pool(origin, { connections: options.connections, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + options.durationMs;
  const started = performance.now();
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const response = await pool.request({ method: "GET", path, headers: options.headers });
        await response.body.dump();
        if (response.statusCode !== (options.expectStatus ?? 200)) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  const elapsedS = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    requestsPerSecond: latencies.length / elapsedS,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    errors,
  };
}

/** The median of some numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
