/**
 * The publish benchmark's figures and targets (scripts/bench/README.md, "Publish benchmark"), and
 * how they are printed: one row per round, each beside its target.
 */

/** What the benchmark holds the product against. */
export const PUBLISH_TARGETS = {
  /** Publish call to a tab's `applied`, over every tab of a round. */
  acknowledgedP50Ms: 200,
  acknowledgedP99Ms: 500,
  /** Requests/s of the signed-in manifest against the constant route of the same size. */
  manifestVsConstant: 0.8,
} as const;

/** The value at `p` percent of ascending `sorted` (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] as number;
}

/** The median of some numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** One publication acknowledged by the connected tabs. */
export interface PublishRound {
  round: string;
  version: number;
  /** `POST /gw/config/changesets` (draft and validation), before the clock starts. */
  draftMs: number;
  /** `POST /gw/config/changesets/:id/publish`, until its answer arrived. */
  publishMs: number;
  tabs: number;
  acknowledged: number;
  textsFetched: number;
  /** Publish call start → `applied` sent, over the tabs. */
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Publish call start → the tab got `manifestPublished` (median, p99). */
  eventP50Ms: number;
  eventP99Ms: number;
  /** The event → the manifest read, the manifest → the texts read (medians). */
  manifestP50Ms: number;
  textsP50Ms: number;
  /** CPU time of each process from the publish call to the last `applied`. */
  cpuMs: Record<string, number>;
  wallMs: number;
  /** The round's start and end on the monotonic clock (µs): where it lies in a `--cpu-prof` profile. */
  monotonicUs: { start: number; end: number };
  failures: number;
}

/** One round of closed-loop load on one route. */
export interface LoadRound {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** The server's CPU time per answered request, µs. */
  serverCpuUsPerRequest: number;
  /** The round's start and end on the monotonic clock (µs): where it lies in a `--cpu-prof` profile. */
  monotonicUs: { start: number; end: number };
}

/** One manifest round and the constant round beside it. */
export interface ManifestRound {
  round: number;
  order: string;
  manifest: LoadRound;
  constant: LoadRound;
  /** Requests/s, manifest over constant: the target's measure. */
  ratio: number;
  /**
   * Server CPU per request, constant over manifest: the throughput ratio a server-bound run would
   * reach (on two cores the load generator may saturate first, and then the throughput ratio flatters).
   */
  cpuRatio: number;
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);

/** Prints rows as an aligned text table. */
export function printTable(headers: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: readonly string[]) =>
    cells.map((cell, column) => cell.padStart(widths[column] as number)).join("  ");
  console.log(line(headers));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
}

const verdict = (ok: boolean) => (ok ? "ok" : "MISSED");

/** The publish rounds, one row each, with the targets per round. */
export function printPublishRounds(rounds: readonly PublishRound[]): void {
  const { acknowledgedP50Ms: p50Target, acknowledgedP99Ms: p99Target } = PUBLISH_TARGETS;
  console.log(
    `\nPublish → applied, per tab (targets: p50 ≤ ${p50Target} ms, p99 ≤ ${p99Target} ms; times in ms)`,
  );
  printTable(
    [
      "round",
      "ver",
      "draft",
      "publish",
      "acked",
      "texts",
      "p50",
      "p95",
      "p99",
      "max",
      "p50?",
      "p99?",
      "event p50",
      "event p99",
      "→manifest",
      "→texts",
      "gw cpu",
      "up cpu",
      "client cpu",
    ],
    rounds.map((r) => [
      r.round,
      String(r.version),
      fixed(r.draftMs),
      fixed(r.publishMs),
      `${r.acknowledged}/${r.tabs}`,
      String(r.textsFetched),
      fixed(r.p50Ms),
      fixed(r.p95Ms),
      fixed(r.p99Ms),
      fixed(r.maxMs),
      verdict(r.p50Ms <= p50Target),
      verdict(r.p99Ms <= p99Target),
      fixed(r.eventP50Ms),
      fixed(r.eventP99Ms),
      fixed(r.manifestP50Ms),
      fixed(r.textsP50Ms),
      fixed(r.cpuMs.gateway ?? 0, 0),
      fixed(r.cpuMs.upstream ?? 0, 0),
      fixed(r.cpuMs.client ?? 0, 0),
    ]),
  );
}

/** The manifest rounds against the constant route, with the ratio's target per round. */
export function printManifestRounds(rounds: readonly ManifestRound[]): void {
  const target = PUBLISH_TARGETS.manifestVsConstant;
  console.log(`\nGET /gw/manifest (signed in) vs the constant route of the same size (target ≥ ${target}×)`);
  printTable(
    [
      "round",
      "order",
      "manifest req/s",
      "p50 ms",
      "p99 ms",
      "µs cpu/req",
      "constant req/s",
      "p50 ms",
      "p99 ms",
      "µs cpu/req",
      "ratio",
      "target",
      "cpu ratio",
      "errors",
    ],
    rounds.map((r) => [
      String(r.round),
      r.order,
      fixed(r.manifest.requestsPerSecond, 0),
      fixed(r.manifest.p50Ms, 2),
      fixed(r.manifest.p99Ms, 2),
      fixed(r.manifest.serverCpuUsPerRequest, 0),
      fixed(r.constant.requestsPerSecond, 0),
      fixed(r.constant.p50Ms, 2),
      fixed(r.constant.p99Ms, 2),
      fixed(r.constant.serverCpuUsPerRequest, 0),
      fixed(r.ratio, 3),
      verdict(r.ratio >= target),
      fixed(r.cpuRatio, 3),
      String(r.manifest.errors + r.constant.errors),
    ]),
  );
}
