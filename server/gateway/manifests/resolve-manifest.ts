/**
 * Manifest resolution (DESIGN.md §3): base manifests → operator layer → account layer (white-label)
 * → filtered for the audience. Layers are JSON Merge Patches per manifest kind (RFC 7386: objects
 * merge, null removes, arrays replace); a layer naming `__proto__`, `constructor` or `prototype`, an
 * unknown kind, or producing a document its schema refuses, is refused whole (ManifestError).
 */
import type { MenuConditionInput } from "../../../core/menus/conditions.ts";
import type { ClientManifest } from "../../../schemas/client-manifest.ts";
import { validatorsById } from "../../../schemas/generated/validators-by-id.js";
import type { RouteDefinition } from "../../../schemas/routes.ts";
import { ForbiddenKeyError, isJsonObject, mergePatch } from "../security/prototype-pollution.ts";
import { type AccessFacts, userAccessOf } from "./filter-access.ts";
import { filterMenus } from "./filter-menus.ts";
import { filterDialogs, filterPermissions, filterScreens } from "./filter-registries.ts";
import { filterRoutes } from "./filter-routes.ts";
import { ManifestError, type ManifestProblem } from "./manifest-problem.ts";
import { MANIFEST_KINDS, type ManifestKind, type ManifestSet } from "./manifest-set.ts";

/** Who a resolved manifest is for. */
export type ManifestAudience =
  | { kind: "anonymous" }
  | {
      kind: "user";
      facts: AccessFacts;
      /** accessFingerprint(facts), computed once per session refresh. */
      fingerprint: string;
    };

/** One override layer: a merge patch per manifest kind, with an id naming its version. */
export interface ManifestLayer {
  /** Changes whenever the layer's content changes (e.g. its published version); part of cache keys. */
  id: string;
  documents: Partial<Record<ManifestKind, unknown>>;
}

/** The base set with each layer applied in order; throws ManifestError naming every problem. */
export function applyLayers(base: ManifestSet, layers: readonly (ManifestLayer | null)[]): ManifestSet {
  let result = base;
  for (const layer of layers) {
    if (!layer) continue;
    const problems: ManifestProblem[] = [];
    const next: Record<string, unknown> = { ...result };
    for (const kind of Object.keys(layer.documents)) {
      const file = `layer ${layer.id}/${kind}`;
      if (!(MANIFEST_KINDS as readonly string[]).includes(kind)) {
        problems.push({ file, pointer: "", reason: "unknown manifest kind" });
        continue;
      }
      const patch = layer.documents[kind as ManifestKind];
      if (!isJsonObject(patch)) {
        problems.push({ file, pointer: "", reason: "a layer document must be a JSON object" });
        continue;
      }
      try {
        const merged = mergePatch(result[kind as ManifestKind], patch);
        const validate = validatorsById[kind];
        if (!validate?.(merged)) {
          for (const error of validate?.errors ?? []) {
            problems.push({
              file,
              pointer: error.instancePath || "/",
              reason: `schema: ${error.message ?? "invalid"}`,
            });
          }
        }
        next[kind] = merged;
      } catch (error) {
        if (!(error instanceof ForbiddenKeyError)) throw error;
        problems.push({ file, pointer: error.pointer, reason: "forbidden key (prototype pollution)" });
      }
    }
    if (problems.length > 0) throw new ManifestError(problems);
    result = next as unknown as ManifestSet;
  }
  return result;
}

/**
 * A visitor without a session gets public screens, redirects and external routes only — never a
 * signed-in route, menu, dialog or admin screen.
 */
function isAnonymousRoute(route: RouteDefinition): boolean {
  if (route.redirect || route.external) return true;
  return route.access?.public === true;
}

/** A document without its editor-only `$schema` line. */
function served<T extends { $schema?: string }>(document: T): T {
  const { $schema: _editorOnly, ...rest } = document;
  return rest as T;
}

/** Resolves an already layered manifest set for an audience. */
export function resolveManifest(
  set: ManifestSet,
  version: string,
  audience: ManifestAudience,
): ClientManifest {
  if (audience.kind === "anonymous") {
    return {
      version,
      audience: "anonymous",
      user: null,
      routes: served({ ...set.routes, routes: set.routes.routes.filter(isAnonymousRoute) }),
      permissions: {
        rolePermissions: [],
        features: [],
        homePageTypes: set.permissions.homePageTypes,
        homeRedirects: [],
      },
      menus: null,
      notifications: null,
      dialogs: null,
      screens: null,
      shell: served(set.shell),
      constants: served(set.constants),
    };
  }
  const access = userAccessOf(audience.facts, set.permissions);
  const routes = filterRoutes(set.routes, set.permissions, access);
  const dialogs = filterDialogs(set.dialogs, access);
  const context: MenuConditionInput = {
    profile: access.profile,
    session: access.session,
    shellFlags: {
      videoTutorials: set.shell.videoTutorials === true,
      signupAllowed: set.shell.signupAllowed === true,
    },
    sessionValues: set.menus.sessionValues,
  };
  const menus = filterMenus(set.menus, context, {
    allRoutes: set.routes,
    openRouteIds: new Set(routes.routes.filter((r) => !r.upgrade).map((r) => r.id)),
    upgradeRouteIds: new Set(routes.routes.filter((r) => r.upgrade).map((r) => r.id)),
    dialogIds: new Set(dialogs.dialogs.map((d) => d.id)),
  });
  return {
    version,
    audience: "user",
    user: { accountRecId: audience.facts.accountRecId, impersonating: access.profile.impersonating },
    routes: served(routes),
    permissions: filterPermissions(set.permissions, access),
    menus: served(menus),
    notifications: served(set.notifications),
    dialogs: served(dialogs),
    screens: served(filterScreens(set.screens, access)),
    shell: served(set.shell),
    constants: served(set.constants),
  };
}
