import { foldText } from "../../components/select/select-options.ts";
import type { LibraryObject } from "./object-api.ts";

/** The live objects whose name contains `query` (case- and accent-insensitive), by name (pickers). */
export function pickable(objects: readonly LibraryObject[], query: string): LibraryObject[] {
  const q = foldText(query.trim());
  return objects
    .filter((o) => !o.IsDeleted && (q === "" || foldText(o.Name).includes(q)))
    .sort((a, b) => a.Name.localeCompare(b.Name));
}
