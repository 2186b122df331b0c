/**
 * The signed-in manifest endpoint against a constant route of the same size (DESIGN.md §3 what is
 * served to whom): with an operator layer and account layers for 100 accounts published, closed-loop
 * load of `GET /gw/manifest` from real signed-in sessions (session lookup, served configuration,
 * cache hit; no If-None-Match, so never a 304) against a bare Fastify answering each request with
 * the bytes and headers the gateway served that session.
 */
import { Pool } from "undici";
import { cpuMs } from "../relay/process-meter.ts";
import type { ConstantAnswer } from "./bench-constants.ts";
import { type BenchBrowser, bodyBytes, drain } from "./browsers.ts";
import { type LoadRound, percentile } from "./report.ts";

/** Headers of a connection or a moment, not of the answer: the reference server sets its own. */
const NOT_COPIED = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);

/**
 * An operator layer (the shell's custom title key) and an account layer for each id, branding its
 * title (the account layer's own kind and field, config-kinds.ts ACCOUNT_SHELL_FIELDS).
 */
export function layerEdits(accountIds: readonly number[]) {
  return [
    { kind: "shell", merge: { title: { type: "companyName", customTitleKey: "Shell_ProductName" } } },
    ...accountIds.map((account) => ({
      kind: "shell",
      account,
      merge: { title: { type: account % 2 === 0 ? "custom" : "none" } },
    })),
  ];
}

/** One request of the load: what to ask for, with which headers. */
export interface LoadRequest {
  path: string;
  headers: Record<string, string>;
  /** The body's length (Content-Length); another length counts as an error. */
  bytes: number;
}

/**
 * What the gateway serves each browser at `/gw/manifest` now, as the reference will serve it: one
 * answer per distinct ETag, and for each browser the index of its answer.
 */
/** What the manifest rounds send as Accept-Encoding (a browser's). */
export const MANIFEST_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

export async function servedManifests(
  browsers: readonly BenchBrowser[],
): Promise<{ answers: ConstantAnswer[]; answerOf: number[]; bytes: number[] }> {
  const answers: ConstantAnswer[] = [];
  const byEtag = new Map<string, number>();
  const answerOf: number[] = [];
  const bytes: number[] = [];
  for (const browser of browsers) {
    const answer = await browser.pool.request({
      method: "GET",
      path: "/gw/manifest",
      // As the rounds ask: the constant route then serves the very bytes (compressed, if so) and headers.
      headers: {
        accept: "application/json",
        "accept-encoding": MANIFEST_ACCEPT_ENCODING,
        cookie: browser.cookie,
      },
    });
    const body = await bodyBytes(answer.body);
    if (answer.statusCode !== 200) throw new Error(`GET /gw/manifest: ${answer.statusCode}`);
    const etag = String(answer.headers.etag);
    let index = byEtag.get(etag);
    if (index === undefined) {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (!NOT_COPIED.has(name) && value !== undefined) headers[name] = String(value);
      }
      index = answers.push({ headers, bodyBase64: body.toString("base64") }) - 1;
      byEtag.set(etag, index);
    }
    answerOf.push(index);
    bytes.push(body.length);
  }
  return { answers, answerOf, bytes };
}

/**
 * A closed-loop round: `connections` clients each send the next request when the last one
 * finished, for `durationMs`; request k is `requestAt(k)`. The server's CPU time (pid) is metered.
 */
export async function loadRound(
  origin: string,
  requestAt: (k: number) => LoadRequest,
  options: { connections: number; durationMs: number; serverPid: number },
): Promise<LoadRound> {
  const pool = new Pool(origin, { connections: options.connections, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const cpuBefore = cpuMs(options.serverPid);
  const monotonicStart = Number(process.hrtime.bigint() / 1000n);
  const started = performance.now();
  const deadline = started + options.durationMs;
  const worker = async () => {
    while (performance.now() < deadline) {
      const request = requestAt(next++);
      const t0 = performance.now();
      try {
        const answer = await pool.request({ method: "GET", path: request.path, headers: request.headers });
        await drain(answer.body);
        const length = Number(answer.headers["content-length"]);
        if (answer.statusCode !== 200 || length !== request.bytes) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  const elapsedS = (performance.now() - started) / 1000;
  const monotonicUs = { start: monotonicStart, end: monotonicStart + Math.round(elapsedS * 1e6) };
  const serverCpuMs = cpuMs(options.serverPid) - cpuBefore;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    requestsPerSecond: latencies.length / elapsedS,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    errors,
    serverCpuUsPerRequest: latencies.length > 0 ? (serverCpuMs * 1000) / latencies.length : 0,
    monotonicUs,
  };
}
