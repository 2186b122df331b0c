import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { identifier, manifestHeaderProperties, textKey } from "./common.ts";

/** One parameter a dialog accepts when it is opened by id or path (from a menu, a notification, a legacy screen). */
const dialogParam = {
  type: "object",
  description: "A parameter of the dialog; values of any other name are refused when the dialog is opened.",
  properties: {
    name: { ...identifier, description: "Parameter name, e.g. recId or connectionRecId (§2.5)." },
    type: {
      enum: ["string", "integer", "number", "boolean"],
      description: "Type of the value; an integer parameter refuses anything but a whole number.",
    },
    required: { type: "boolean", description: "Whether the dialog cannot open without the parameter." },
  },
  required: ["name", "type", "required"],
  additionalProperties: false,
} as const;

/** One dialog of the registry (§2.5). */
export const dialogDefinitionSchema = {
  type: "object",
  description: "A dialog: its id, legacy path, lazily loaded component, parameters and access.",
  properties: {
    id: { ...identifier, description: "Unique dialog id used by menus, notifications and screens." },
    path: {
      type: "string",
      pattern: "^dialogs(/[a-z0-9]+(-[a-z0-9]+)*)+$",
      maxLength: 120,
      description:
        "Legacy dialog path the registry maps to this dialog (§2.5), scheme dialogs/<area>/<name> in " +
        "lower-case kebab-case segments, e.g. dialogs/dashboard/settings. Unique.",
    },
    component: {
      type: "string",
      pattern: "^[A-Z][A-Za-z0-9]*$",
      maxLength: 80,
      description: "Dialog kind, looked up in the runtime's dialog registry and loaded lazily (PascalCase).",
    },
    params: {
      type: "array",
      items: dialogParam,
      description: "Parameters the dialog accepts; names are unique.",
    },
    adminModule: {
      ...identifier,
      description:
        "Admin module the dialog belongs to: it opens only with Read on it (§5), and without Write its " +
        "buttons and inputs are disabled except header buttons and secondary footer buttons (§6).",
    },
    staysOpenOnNavigation: {
      type: "boolean",
      description: "Whether the dialog stays open when the path changes; others close (§4.1).",
    },
    titleKey: { ...textKey, description: "Translation key of the dialog's title." },
    origin: {
      enum: ["menu", "notification", "registry"],
      description:
        "Where §2.5 introduces the dialog: opened from a menu, linked from notifications, or a legacy registry " +
        "entry opened by screens. A notification dialog that is also a registry entry is listed once, as notification.",
    },
  },
  required: ["id", "path", "component", "params", "staysOpenOnNavigation", "titleKey", "origin"],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** The dialogs manifest: the dialog registry of §2.5. */
export const dialogsManifestSchema = {
  $id: "dialogs",
  type: "object",
  description: "The dialog registry (§2.5): every dialog the shell can open, by id and by legacy path.",
  properties: {
    ...manifestHeaderProperties,
    dialogs: {
      type: "array",
      items: dialogDefinitionSchema,
      minItems: 1,
      description: "The dialogs; ids and paths are unique.",
    },
  },
  required: ["version", "dialogs"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type DialogsManifest = FromSchema<typeof dialogsManifestSchema>;
export type DialogDefinition = FromSchema<typeof dialogDefinitionSchema>;
export type DialogParam = FromSchema<typeof dialogParam>;

/** One inconsistency of the dialog registry: the rule it breaks, what it names, and the reason in English. */
export interface DialogRegistryProblem {
  rule: "DialogIdTwice" | "DialogPathTwice" | "DialogParamTwice";
  /** The dialog's `id`, and its `path` or the repeated `param`. */
  params: Record<string, string>;
  reason: string;
}

/**
 * Cross checks ajv cannot express: dialog ids and paths are unique, and so are the parameter names of each
 * dialog. Returns one entry per problem; empty when the registry is consistent.
 */
export function dialogRegistryProblems(manifest: DialogsManifest): DialogRegistryProblem[] {
  const problems: DialogRegistryProblem[] = [];
  const ids = new Set<string>();
  const paths = new Set<string>();
  for (const dialog of manifest.dialogs) {
    const id = dialog.id;
    if (ids.has(id))
      problems.push({ rule: "DialogIdTwice", params: { id }, reason: `dialog id "${id}" is used twice` });
    if (paths.has(dialog.path)) {
      problems.push({
        rule: "DialogPathTwice",
        params: { id, path: dialog.path },
        reason: `dialog path "${dialog.path}" is used twice (dialog "${id}")`,
      });
    }
    ids.add(id);
    paths.add(dialog.path);
    const names = new Set<string>();
    for (const param of dialog.params) {
      if (names.has(param.name)) {
        problems.push({
          rule: "DialogParamTwice",
          params: { id, param: param.name },
          reason: `dialog "${id}" declares parameter "${param.name}" twice`,
        });
      }
      names.add(param.name);
    }
  }
  return problems;
}
