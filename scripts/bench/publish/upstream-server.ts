/**
 * The real embedded upstream under measurement, seeded, over a temporary data dir, in a process of
 * its own. Prints `{"port":…}` once listening; on SIGTERM closes and removes the data dir.
 *
 *   node --import tsx scripts/bench/publish/upstream-server.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildUpstream } from "../../../server/upstream/app.ts";

/** The test fixture's cheap scrypt cost: a hundred sign-ins (hashes record their own cost). */
const BENCH_PASSWORD_COST = { N: 1024, r: 8, p: 1 };

const dataDir = mkdtempSync(join(tmpdir(), "tessera-publish-bench-"));
const app = await buildUpstream({
  dataDir,
  seed: true,
  seedAnalytics: true,
  passwordCost: BENCH_PASSWORD_COST,
});
const address = await app.listen({ host: "127.0.0.1", port: 0 });
process.stdout.write(`${JSON.stringify({ port: Number(new URL(address).port) })}\n`);
process.once(
  "SIGTERM",
  () =>
    void app.close().then(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }),
);
