/**
 * `npm run check:manifests`: validates every manifest against its schema and runs
 * the cross checks the gateway runs at boot. Prints `file#/pointer: reason` per
 * problem and exits 1 when there is any.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadLocaleKeys, loadManifestSet } from "../server/gateway/manifests/load-manifests.ts";
import { formatProblem, ManifestError } from "../server/gateway/manifests/manifest-problem.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const manifestsDir = process.argv[2] ?? join(root, "manifests");

try {
  const set = await loadManifestSet(manifestsDir, await loadLocaleKeys(join(root, "locales")));
  console.log(
    `manifests are valid (${set.routes.routes.length} routes, ${set.widgets.kinds.length} widget kinds)`,
  );
} catch (error) {
  if (!(error instanceof ManifestError)) throw error;
  for (const problem of error.problems) console.error(formatProblem(problem));
  console.error(`${error.problems.length} manifest problem(s)`);
  process.exit(1);
}
