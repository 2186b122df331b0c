/**
 * What the benchmark's processes agree on: the upstream's answer under test and the Origin its
 * browsers send. Imported by each script; none of them runs anything when imported.
 */

/** The body of the REST endpoint under test (`GET /api/bench/small`): small, like most §7 answers. */
export const SMALL_BODY = JSON.stringify({
  Items: [
    { RecId: 1, Name: "Revenue by region", Type: "Dashboard" },
    { RecId: 2, Name: "Churn", Type: "Report" },
  ],
  Total: 2,
  Page: 1,
  PageSize: 50,
  Note: "relay benchmark",
});

/** The REST path every relay is measured on. */
export const REST_PATH = "/api/bench/small";

/** The Origin the benchmark's browsers send (the gateway's publicOrigins). */
export const BENCH_ORIGIN = "https://bench.tessera.test";
