/**
 * The real embedded upstream under measurement, in a process of its own, over the benchmark's data
 * dir: the demo seed with the analytics data on the first start (an empty store), the same store as
 * it was on every later start — a fresh process, so its query engine and result cache start empty.
 * Prints `{"port":…}` once listening; closes on SIGTERM (the data dir stays: the benchmark removes it).
 *
 *   node --import tsx scripts/bench/dashboards/upstream-server.ts <dataDir> <port|0>
 */
import { buildUpstream } from "../../../server/upstream/app.ts";

/** The test fixture's cheap scrypt cost: the seed hashes every demo password (hashes record their cost). */
const BENCH_PASSWORD_COST = { N: 1024, r: 8, p: 1 };

const [dataDir, port] = process.argv.slice(2);
if (!dataDir || port === undefined || !/^\d+$/.test(port)) {
  process.stderr.write("usage: upstream-server.ts <dataDir> <port|0>\n");
  process.exit(2);
}
const app = await buildUpstream({
  dataDir,
  seed: true,
  seedAnalytics: true,
  passwordCost: BENCH_PASSWORD_COST,
});
const address = await app.listen({ host: "127.0.0.1", port: Number(port) });
process.stdout.write(`${JSON.stringify({ port: Number(new URL(address).port) })}\n`);
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
