/**
 * What the benchmark's processes agree on. Imported by each script; none of them runs anything
 * when imported.
 */

/** The Origin the benchmark's browsers send (the gateway's publicOrigins). */
export const PUBLISH_BENCH_ORIGIN = "https://bench.tessera.test";

/** Where the reference server answers with the constant bytes (`/bench/constant/<n>`, the n-th answer). */
export const CONSTANT_PATH = "/bench/constant";

/** The reference's answer as the benchmark hands it over: headers, and the body in base64. */
export interface ConstantAnswer {
  headers: Record<string, string>;
  bodyBase64: string;
}
