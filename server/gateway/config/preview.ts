/**
 * Preview (DESIGN.md §3 "previewed as a given role/account"): the manifest a user of an account
 * would receive from a configuration, with every entry the filters hide from them and the reason —
 * the core's access decisions, the same the gateway and the runtime take.
 */
import {
  type AccessDecision,
  decideAdminModuleAccess,
  decideDialogAccess,
  decideRouteAccess,
} from "../../../core/access/decide.ts";
import {
  evaluateCondition,
  MENU_SESSION_FLAGS,
  type MenuSessionFlag,
} from "../../../core/menus/conditions.ts";
import { decideAdminMenuLink, decideMainMenuLink } from "../../../core/menus/menu-links.ts";
import type { ClientManifest } from "../../../schemas/client-manifest.ts";
import type { ConfigPreviewBody } from "../../../schemas/config-api.ts";
import type { MenuCondition } from "../../../schemas/menus.ts";
import { type AccessFacts, accessFingerprint, userAccessOf } from "../manifests/filter-access.ts";
import type { ManifestSet } from "../manifests/manifest-set.ts";
import { menuConditionInput, resolveManifest } from "../manifests/resolve-manifest.ts";
import type { ServedConfiguration } from "./deployment.ts";

/** An entry the previewed user does not get, and why. */
export interface HiddenEntry {
  kind: "route" | "menuLink" | "adminMenuLink" | "dialog" | "screen";
  id: string;
  /**
   * The core decision's reason (`featureNotIncluded` also for an upgrade route: served, but opening
   * /upgrade instead of its screen); `routeNotOpen` for a link whose route the user cannot open;
   * `conditionNotMet` with `details.section` when the link's section's visibleWhen fails;
   * `hiddenByAccount` for a link the account layer leaves out of its menus.
   */
  reason: string;
  details?: Record<string, unknown>;
  /** The text key naming the entry (a route's or screen's title, a link's text), when it has one. */
  labelKey?: string;
}

/** The access facts of a previewed audience (no session flags: a role preview, not a person's session). */
export function previewFacts(
  accountRecId: number,
  audience: NonNullable<ConfigPreviewBody["audience"]>,
): AccessFacts {
  const flags = Object.fromEntries(MENU_SESSION_FLAGS.map((name) => [name, false])) as Record<
    MenuSessionFlag,
    boolean
  >;
  return {
    accountRecId,
    isAdmin: audience.isAdmin === true,
    impersonating: false,
    rolePermissions: [...new Set(audience.rolePermissions)].sort(),
    adminPermissions: (audience.adminModules ?? [])
      .map((m): [string, boolean, boolean] => [m.key, m.read, m.write])
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
    features: Object.fromEntries(
      Object.entries(audience.features ?? {}).sort(([a], [b]) => (a < b ? -1 : 1)),
    ),
    flags,
    twoFactorPolicy: null,
    authenticationProtocol: null,
  };
}

function refusal(decision: AccessDecision): { reason: string; details?: Record<string, unknown> } {
  if (decision.allowed) return { reason: "allowed" };
  const { allowed: _allowed, reason, ...details } = decision;
  return Object.keys(details).length > 0 ? { reason, details } : { reason };
}

/** The ids of every link of a menu's sections. */
function linkIds(sections: readonly { links: readonly { id: string }[] }[]): Set<string> {
  return new Set(sections.flatMap((section) => section.links.map((link) => link.id)));
}

/**
 * The manifest `facts` would receive from `set`, and what it hides from them. `operatorSet` is the
 * operator layer's set when `set` is an account's (DESIGN.md §3 account layer): a menu link the
 * account's layer leaves out is hidden by the account, whoever the user is.
 */
export function previewManifest(
  set: ManifestSet,
  served: Pick<ServedConfiguration, "configVersion" | "texts">,
  facts: AccessFacts,
  operatorSet?: ManifestSet,
): { manifest: ClientManifest; hidden: HiddenEntry[] } {
  const manifest = resolveManifest(
    set,
    `preview.${served.configVersion}`,
    { kind: "user", facts, fingerprint: accessFingerprint(facts) },
    served,
  );
  const access = userAccessOf(facts, set.permissions);
  const hidden: HiddenEntry[] = [];
  const servedRoutes = new Map(manifest.routes.routes.map((route) => [route.id, route]));
  for (const route of set.routes.routes) {
    const servedRoute = servedRoutes.get(route.id);
    // §4.1 step 11: an upgrade route is served, but its screen is not: it opens /upgrade instead.
    if (servedRoute?.upgrade) {
      hidden.push({
        kind: "route",
        id: route.id,
        reason: "featureNotIncluded",
        details: { ...servedRoute.upgrade },
        ...(route.titleKey ? { labelKey: route.titleKey } : {}),
      });
    }
    if (servedRoute) continue;
    const decision = decideRouteAccess(route, access.profile, set.permissions.features);
    hidden.push({
      kind: "route",
      id: route.id,
      ...(decision.allowed ? { reason: "signedOutOnly" } : refusal(decision)),
      ...(route.titleKey ? { labelKey: route.titleKey } : {}),
    });
  }
  const input = menuConditionInput(set, access);
  const servedLinks = new Set<string>();
  for (const section of manifest.menus?.main.sections ?? [])
    for (const link of section.links) servedLinks.add(link.id);
  for (const section of manifest.menus?.admin.sections ?? [])
    for (const link of section.links) servedLinks.add(link.id);
  /** Why a link the user does not get is hidden: its own gate, else its section's condition, else its route. */
  const linkRefusal = (
    decision: AccessDecision,
    section: { id: string; visibleWhen?: MenuCondition },
    link: { link: string },
  ) => {
    if (!decision.allowed) return refusal(decision);
    if (!evaluateCondition(section.visibleWhen, input)) {
      return { reason: "conditionNotMet", details: { section: section.id } };
    }
    return { reason: "routeNotOpen", details: { link: link.link } };
  };
  for (const section of set.menus.main.sections) {
    for (const link of section.links) {
      if (servedLinks.has(link.id)) continue;
      hidden.push({
        kind: "menuLink",
        id: link.id,
        ...linkRefusal(decideMainMenuLink(link, input), section, link),
        labelKey: link.textKey,
      });
    }
  }
  for (const section of set.menus.admin.sections) {
    for (const link of section.links) {
      if (servedLinks.has(link.id)) continue;
      hidden.push({
        kind: "adminMenuLink",
        id: link.id,
        ...linkRefusal(decideAdminMenuLink(link, input), section, link),
        labelKey: link.textKey,
      });
    }
  }
  if (operatorSet && operatorSet !== set) {
    const kept = new Set([...linkIds(set.menus.main.sections), ...linkIds(set.menus.admin.sections)]);
    for (const section of operatorSet.menus.main.sections) {
      for (const link of section.links) {
        if (kept.has(link.id)) continue;
        hidden.push({
          kind: "menuLink",
          id: link.id,
          reason: "hiddenByAccount",
          details: { key: link.key },
          labelKey: link.textKey,
        });
      }
    }
    for (const section of operatorSet.menus.admin.sections) {
      for (const link of section.links) {
        if (kept.has(link.id)) continue;
        hidden.push({
          kind: "adminMenuLink",
          id: link.id,
          reason: "hiddenByAccount",
          details: { adminModule: link.adminModule },
          labelKey: link.textKey,
        });
      }
    }
  }
  const servedDialogs = new Set((manifest.dialogs?.dialogs ?? []).map((d) => d.id));
  for (const dialog of set.dialogs.dialogs) {
    if (!servedDialogs.has(dialog.id))
      hidden.push({
        kind: "dialog",
        id: dialog.id,
        ...refusal(decideDialogAccess(dialog, access.profile)),
        labelKey: dialog.titleKey,
      });
  }
  const servedScreens = new Set((manifest.screens?.screens ?? []).map((s) => s.id));
  for (const screen of set.screens.screens) {
    if (!servedScreens.has(screen.id)) {
      hidden.push({
        kind: "screen",
        id: screen.id,
        ...refusal(decideAdminModuleAccess([screen.adminModule], access.profile)),
        labelKey: screen.titleKey,
      });
    }
  }
  return { manifest, hidden };
}
