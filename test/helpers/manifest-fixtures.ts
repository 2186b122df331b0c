/**
 * Copies of the real manifests in a temporary folder, to corrupt one field and
 * watch the checks and the gateway refuse it.
 */
import { cp, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The project root. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const MANIFESTS_DIR = join(ROOT, "manifests");
export const LOCALES_DIR = join(ROOT, "locales");

/** A manifest document as a test mutates it: any JSON. */
// biome-ignore lint/suspicious/noExplicitAny: tests corrupt arbitrary places of arbitrary JSON.
export type JsonDocument = Record<string, any>;

/** A temporary copy of manifests/ with `mutate` applied to one kind's document. */
export async function corruptedManifests(
  kind: string,
  mutate: (document: JsonDocument) => void,
): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "tessera-manifests-"));
  await cp(MANIFESTS_DIR, dir, { recursive: true });
  const file = join(dir, `${kind}.json`);
  const document = JSON.parse(await readFile(file, "utf8")) as JsonDocument;
  mutate(document);
  await writeFile(file, JSON.stringify(document, null, 2));
  return dir;
}
