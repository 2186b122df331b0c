/**
 * The JSON Schema of each manifest kind, loaded when an editor first needs it: the editor copies of
 * schemas/generated/ (the same schemas the gateway's precompiled validators come from), one chunk
 * per kind, so opening the routes never downloads the screens' schema.
 */
import type { ManifestKindName } from "../../studio-model.ts";
import type { JsonSchemaObject } from "./schema-validation.ts";

type SchemaModule = { default: unknown };

const LOADERS: Readonly<Record<ManifestKindName, () => Promise<SchemaModule>>> = {
  routes: () => import("../../../../../../schemas/generated/routes.schema.json"),
  menus: () => import("../../../../../../schemas/generated/menus.schema.json"),
  permissions: () => import("../../../../../../schemas/generated/permissions.schema.json"),
  notifications: () => import("../../../../../../schemas/generated/notifications.schema.json"),
  dialogs: () => import("../../../../../../schemas/generated/dialogs.schema.json"),
  screens: () => import("../../../../../../schemas/generated/screens.schema.json"),
  shell: () => import("../../../../../../schemas/generated/shell.schema.json"),
  constants: () => import("../../../../../../schemas/generated/constants.schema.json"),
  widgets: () => import("../../../../../../schemas/generated/widgets.schema.json"),
};

const loaded = new Map<ManifestKindName, Promise<JsonSchemaObject>>();

/** The JSON Schema of `kind` (loaded once). */
export function loadKindSchema(kind: ManifestKindName): Promise<JsonSchemaObject> {
  let schema = loaded.get(kind);
  if (!schema) {
    schema = LOADERS[kind]().then((module) => module.default as JsonSchemaObject);
    // A failed load (a network error) is tried again next time.
    schema.catch(() => loaded.delete(kind));
    loaded.set(kind, schema);
  }
  return schema;
}
