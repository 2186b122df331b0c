/**
 * Turns a request to open a registry dialog — by id (menus, notifications) or
 * by legacy path (legacy screens) — into a stack opening: the entry is looked
 * up in the user's registry (manifest.dialogs, already filtered per user by the
 * gateway), the access rule of §5/§6 applied and the parameters checked.
 */

import type { AccessProfile } from "../../core/access/access-profile.ts";
import type { DialogDefinition } from "../../schemas/dialogs.ts";
import { dialogAccess } from "./dialog-access.ts";
import { type DialogParamProblem, splitDialogPath, validateDialogParams } from "./dialog-params.ts";
import type { DialogOpening } from "./dialog-stack.ts";

/** Which entry is asked for. */
export type DialogLookup = { id: string } | { path: string };

/** The outcome of a request. */
export type DialogResolution =
  | { ok: true; opening: DialogOpening }
  | { ok: false; reason: "unknown" | "forbidden" }
  | { ok: false; reason: "invalidParams"; problems: DialogParamProblem[] };

/** The registry entry a lookup names, or null. */
export function findDialog(
  dialogs: readonly DialogDefinition[],
  lookup: DialogLookup,
): DialogDefinition | null {
  if ("id" in lookup) return dialogs.find((d) => d.id === lookup.id) ?? null;
  const path = lookup.path.replace(/^\/+/, "");
  return dialogs.find((d) => d.path === path) ?? null;
}

/** Resolves a request against the registry and the user's access profile. */
export function resolveDialogRequest(
  dialogs: readonly DialogDefinition[] | null,
  lookup: DialogLookup,
  params: Readonly<Record<string, unknown>>,
  profile: AccessProfile | null,
): DialogResolution {
  // A path may carry its parameters as a query (legacy callers); explicit ones win.
  const split = "path" in lookup ? splitDialogPath(lookup.path) : null;
  const definition = findDialog(dialogs ?? [], split ? { path: split.path } : lookup);
  if (!definition) return { ok: false, reason: "unknown" };
  const access = dialogAccess(definition, profile);
  if (!access.canOpen) return { ok: false, reason: "forbidden" };
  const checked = validateDialogParams(definition.params, { ...split?.params, ...params });
  if (!checked.ok) return { ok: false, reason: "invalidParams", problems: checked.problems };
  return {
    ok: true,
    opening: {
      id: definition.id,
      kind: "registry",
      component: definition.component,
      titleKey: definition.titleKey,
      params: checked.values,
      staysOpenOnNavigation: definition.staysOpenOnNavigation,
      readOnly: access.readOnly,
      legacyUrl: null,
    },
  };
}
