import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The project root, for benchmark scripts. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
