/**
 * Client manifests for the live-configuration tests: the real manifests of manifests/ as a user's
 * manifest of configuration version N, and published versions derived from one by a change.
 */
import constants from "../../../manifests/constants.json";
import dialogs from "../../../manifests/dialogs.json";
import menus from "../../../manifests/menus.json";
import notifications from "../../../manifests/notifications.json";
import permissions from "../../../manifests/permissions.json";
import routes from "../../../manifests/routes.json";
import screens from "../../../manifests/screens.json";
import shell from "../../../manifests/shell.json";
import widgets from "../../../manifests/widgets.json";
import type { ClientManifest } from "../../../schemas/client-manifest.ts";
import type { JsonDocument } from "../../helpers/manifest-fixtures.ts";

const LANGUAGES = ["en", "de", "es", "fr", "nl", "pt", "it"] as const;

/** The texts URLs of a configuration: one digest per version, as if every version changed every text. */
export function textsOf(tag: string): ClientManifest["texts"] {
  return Object.fromEntries(
    LANGUAGES.map((l) => [l, `/gw/texts/${l}/${tag}.json`]),
  ) as ClientManifest["texts"];
}

/** A member's manifest of configuration `configVersion`, resolved from the shipped manifests. */
export function userManifest(configVersion = 1): ClientManifest {
  return structuredClone({
    version: `base+${configVersion}`,
    configVersion,
    texts: textsOf("base"),
    audience: "user",
    user: { accountRecId: 1, impersonating: false },
    routes,
    permissions: {
      rolePermissions: permissions.rolePermissions,
      features: permissions.features,
      homePageTypes: permissions.homePageTypes,
      homeRedirects: permissions.homeRedirects,
    },
    menus,
    notifications,
    dialogs,
    screens,
    shell,
    constants,
    widgets,
  }) as unknown as ClientManifest;
}

/** Version `version` published over `from`: a copy with `change` applied to it as JSON. */
export function published(
  from: ClientManifest,
  version: number,
  change: (draft: JsonDocument) => void = () => undefined,
): ClientManifest {
  const draft = structuredClone(from) as unknown as JsonDocument;
  draft.configVersion = version;
  draft.version = `base+${version}`;
  change(draft);
  return draft as unknown as ClientManifest;
}

/**
 * The draft's entry with `id` in one of its lists (routes.routes, dialogs.dialogs, screens.screens;
 * widgets.kinds by `kind`).
 */
export function entry(list: JsonDocument[], id: string, by: "id" | "kind" = "id"): JsonDocument {
  const found = list.find((item) => item[by] === id);
  if (!found) throw new Error(`no entry ${id}`);
  return found;
}
