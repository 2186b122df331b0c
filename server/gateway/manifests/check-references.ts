import { createRouteMatcher, routeOfLink } from "../../../core/routes/match.ts";
import { type ManifestProblem, walkJson } from "./manifest-problem.ts";
import { MANIFEST_KINDS, type ManifestSet } from "./manifest-set.ts";
import { type ProblemMessageName, problemMessage } from "./problem-messages.ts";

/** Ids of the objects in a top-level array of a manifest (e.g. dialogs.dialogs[].id). */
function idsOf(document: object, arrayName: string, idName = "id"): Set<string> {
  const items = (document as Record<string, unknown>)[arrayName];
  const ids = new Set<string>();
  if (!Array.isArray(items)) return ids;
  for (const item of items) {
    const id = (item as Record<string, unknown>)?.[idName];
    if (typeof id === "string") ids.add(id);
  }
  return ids;
}

/** Duplicate values of `idName` in a top-level array, as problems. */
function duplicates(file: string, document: object, arrayName: string, idName: string): ManifestProblem[] {
  const seen = new Map<string, number>();
  const problems: ManifestProblem[] = [];
  const items = (document as Record<string, unknown>)[arrayName];
  if (!Array.isArray(items)) return problems;
  items.forEach((item, index) => {
    const values = [
      (item as Record<string, unknown>)[idName],
      ...(((item as Record<string, unknown>).aliases as string[]) ?? []),
    ];
    for (const value of values) {
      if (typeof value !== "string") continue;
      const before = seen.get(value.toLowerCase());
      if (before !== undefined) {
        problems.push({
          file,
          pointer: `/${arrayName}/${index}/${idName}`,
          reason: `duplicate ${idName} "${value}" (also /${arrayName}/${before})`,
          message: problemMessage("Duplicate", { field: idName, value, other: `/${arrayName}/${before}` }),
        });
      } else seen.set(value.toLowerCase(), index);
    }
  });
  return problems;
}

/**
 * Every reference by property name resolves: `permission` (and a menu link's
 * `key`) to a role permission, `feature(s)` to a feature, `adminModule(s)` to an
 * admin module, `dialog` to a dialog, `screenId` to a screen, and in-app links
 * (`link`, a redirect's `to`) to a route.
 */
export function checkReferences(set: ManifestSet): ManifestProblem[] {
  const problems: ManifestProblem[] = [
    ...duplicates("manifests/permissions.json", set.permissions, "rolePermissions", "key"),
    ...duplicates("manifests/permissions.json", set.permissions, "features", "id"),
    ...duplicates("manifests/permissions.json", set.permissions, "adminModules", "key"),
    ...duplicates("manifests/dialogs.json", set.dialogs, "dialogs", "id"),
    ...duplicates("manifests/dialogs.json", set.dialogs, "dialogs", "path"),
    ...duplicates("manifests/screens.json", set.screens, "screens", "id"),
    ...duplicates("manifests/notifications.json", set.notifications, "templates", "code"),
  ];
  const known = {
    permission: new Set(set.permissions.rolePermissions.map((p) => p.key)),
    feature: new Set(set.permissions.features.map((f) => f.id)),
    adminModule: new Set(set.permissions.adminModules.map((m) => m.key)),
    dialog: idsOf(set.dialogs, "dialogs"),
    screen: idsOf(set.screens, "screens"),
  };
  const matchApp = createRouteMatcher(set.routes, "app");
  // core's matcher: a link resolves here exactly when the browser's router opens a route for it.
  const resolves = (path: string) => routeOfLink(path, matchApp) !== null;
  type Reference = { set: Set<string>; what: string; message: ProblemMessageName };
  // A Map, not an object literal: property names come from the document, and one such as
  // "__defineGetter__" must not find Object.prototype's member.
  const references = new Map<string, Reference>([
    ["permission", { set: known.permission, what: "role permission key", message: "UnknownPermission" }],
    ["feature", { set: known.feature, what: "feature", message: "UnknownFeature" }],
    ["features", { set: known.feature, what: "feature", message: "UnknownFeature" }],
    ["adminModule", { set: known.adminModule, what: "admin module", message: "UnknownAdminModule" }],
    ["adminModules", { set: known.adminModule, what: "admin module", message: "UnknownAdminModule" }],
    ["dialog", { set: known.dialog, what: "dialog", message: "UnknownDialog" }],
    ["dialogId", { set: known.dialog, what: "dialog", message: "UnknownDialog" }],
    ["screenId", { set: known.screen, what: "screen", message: "UnknownScreen" }],
  ]);
  for (const kind of MANIFEST_KINDS) {
    const file = `manifests/${kind}.json`;
    walkJson(set[kind], (value, pointer, property) => {
      if (typeof value !== "string" || property === null) return;
      const isMenuKey = kind === "menus" && property === "key";
      const reference = references.get(isMenuKey ? "permission" : property);
      if (
        reference &&
        !(kind === "permissions" && (property === "features" || property === "adminModules"))
      ) {
        if (!reference.set.has(value)) {
          problems.push({
            file,
            pointer,
            reason: `unknown ${reference.what} "${value}"`,
            message: problemMessage(reference.message, { value }),
          });
        }
      }
      const isInAppLink =
        (kind === "menus" && property === "link") || (kind !== "routes" && property === "to");
      if (isInAppLink && value.startsWith("/") && !resolves(value)) {
        problems.push({
          file,
          pointer,
          reason: `link "${value}" does not resolve to a route`,
          message: problemMessage("LinkUnresolved", { link: value }),
        });
      }
    });
  }
  // The two in-app paths the shell itself opens: where an unknown path goes and where the logo goes.
  const shellPaths: [string, string, string][] = [
    ["manifests/routes.json", "/notFoundRedirect", set.routes.notFoundRedirect],
    ["manifests/shell.json", "/logo/link", set.shell.logo.link],
  ];
  for (const [file, pointer, path] of shellPaths) {
    if (!resolves(path)) {
      problems.push({
        file,
        pointer,
        reason: `link "${path}" does not resolve to a route`,
        message: problemMessage("LinkUnresolved", { link: path }),
      });
    }
  }
  set.routes.routes.forEach((route, index) => {
    if (route.redirect && !resolves(route.redirect.to.replace(/\/:[^/]+/g, "/x"))) {
      problems.push({
        file: "manifests/routes.json",
        pointer: `/routes/${index}/redirect/to`,
        reason: `redirect target "${route.redirect.to}" does not resolve to a route`,
        message: problemMessage("RedirectUnresolved", { target: route.redirect.to }),
      });
    }
  });
  return problems;
}
