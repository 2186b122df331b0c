/**
 * Cross checks over a schema-valid manifest set (DESIGN.md §3 publishing rules):
 * links resolve to routes, referenced keys/features/modules/dialogs/screens exist,
 * no duplicates, every text key exists in locales/en.json, no script or foreign
 * links, every §4.3 notification code has a template, the widget kinds are consistent (check-widgets.ts).
 */
import { checkReferences } from "./check-references.ts";
import { checkRoutes } from "./check-routes.ts";
import { checkTemplates } from "./check-templates.ts";
import { checkLinksAndTexts } from "./check-texts-and-links.ts";
import { checkWidgets } from "./check-widgets.ts";
import type { LocaleKeys } from "./load-manifests.ts";
import type { ManifestProblem } from "./manifest-problem.ts";
import type { ManifestSet } from "./manifest-set.ts";

/** Runs every cross check; an empty list means the set may be served. */
export function crossCheckManifests(set: ManifestSet, localeKeys: LocaleKeys): ManifestProblem[] {
  return [
    ...checkRoutes(set),
    ...checkReferences(set),
    ...checkLinksAndTexts(set, localeKeys),
    ...checkTemplates(set),
    ...checkWidgets(set.widgets, localeKeys),
  ];
}
