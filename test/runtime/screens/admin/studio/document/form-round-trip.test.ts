/**
 * The editors' form ↔ JSON round trip for every manifest kind (DESIGN.md §3): every item of every
 * real manifest, turned into form data, put through what rjsf does to form data with the form's own
 * options and validator (@rjsf/utils: the default form state, the retrieved schema, the sanitising
 * on a schema change), and written back, gives the document back unchanged; and an edited field
 * lands at its place and nowhere else.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { createSchemaUtils, deepEquals, type RJSFSchema, schemaHasNestedConditional } from "@rjsf/utils";
import {
  addElement,
  type DocumentItem,
  documentItems,
  documentPointer,
  FORM_DEFAULTS_BEHAVIOUR,
  type FormTexts,
  formSchema,
  fromFormData,
  itemOfPointer,
  itemSchema,
  jsonEqual,
  removeElement,
  toFormData,
  valueAtPointer,
} from "../../../../../../runtime/screens/admin/studio/editors/document/document-form-model.ts";
import { createDocumentFormValidator } from "../../../../../../runtime/screens/admin/studio/editors/document/document-form-validator.ts";
import { pointerOf } from "../../../../../../runtime/screens/admin/studio/editors/document/json-source-map.ts";
import {
  type JsonSchemaObject,
  schemaProblems,
} from "../../../../../../runtime/screens/admin/studio/editors/document/schema-validation.ts";
import {
  MANIFEST_KIND_NAMES,
  type ManifestKindName,
} from "../../../../../../runtime/screens/admin/studio/studio-model.ts";
import { MANIFESTS_DIR, ROOT } from "../../../../../helpers/manifest-fixtures.ts";

const t = (key: string) => key;
const texts: FormTexts = {
  property: (name) => `label:${name}`,
  description: (description) => description,
  type: (type) => `type:${type}`,
  option: (n) => `option ${n}`,
};
const validator = createDocumentFormValidator(t);

const manifest = (kind: ManifestKindName): Record<string, unknown> =>
  JSON.parse(readFileSync(join(MANIFESTS_DIR, `${kind}.json`), "utf8"));
const rootSchema = (kind: ManifestKindName): JsonSchemaObject =>
  JSON.parse(readFileSync(join(ROOT, "schemas", "generated", `${kind}.schema.json`), "utf8"));

/**
 * What the form does with `formData` for `schema` before handing it back, step by step as @rjsf/core's
 * Form does on mount and then on an edit: the default form state, the retrieved schema, and the
 * sanitising it runs when the retrieved schema changed or the schema hides a nested conditional.
 */
function throughRjsf(schema: JsonSchemaObject, formData: unknown): unknown {
  const rendered = schema as RJSFSchema;
  const utils = createSchemaUtils(validator, rendered, FORM_DEFAULTS_BEHAVIOUR);
  const nestedConditional = schemaHasNestedConditional(rendered, rendered);
  const mounted = utils.getDefaultFormState(rendered, formData, false, false);
  const mountedSchema = utils.retrieveSchema(rendered, mounted);
  let edited = utils.getDefaultFormState(rendered, mounted, false, true);
  const editedSchema = utils.retrieveSchema(rendered, edited);
  if (nestedConditional || !deepEquals(editedSchema, mountedSchema)) {
    edited = utils.sanitizeDataForNewSchema(editedSchema, mountedSchema, edited);
  }
  return edited;
}

/** The pointer (inside `value`) of its first string leaf, depth first; null when it has none. */
function firstStringLeaf(value: unknown, tokens: (string | number)[] = []): string | null {
  if (typeof value === "string") return pointerOf(tokens);
  if (Array.isArray(value)) {
    for (const [i, element] of value.entries()) {
      const found = firstStringLeaf(element, [...tokens, i]);
      if (found !== null) return found;
    }
  } else if (value !== null && typeof value === "object") {
    for (const [key, member] of Object.entries(value)) {
      if (key === "$schema") continue;
      const found = firstStringLeaf(member, [...tokens, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

function setAt(value: unknown, pointer: string, next: unknown): void {
  const tokens = pointer
    .slice(1)
    .split("/")
    .map((token) => token.replaceAll("~1", "/").replaceAll("~0", "~"));
  let node = value as Record<string, unknown>;
  for (const token of tokens.slice(0, -1)) node = node[token] as Record<string, unknown>;
  node[tokens[tokens.length - 1] as string] = next;
}

describe("the editors' form ↔ JSON round trip for every manifest kind", () => {
  for (const kind of MANIFEST_KIND_NAMES) {
    const document = manifest(kind);
    const schema = rootSchema(kind);
    const items = documentItems(kind, document);

    test(`${kind}: the real manifest is valid for the validator the editors use`, () => {
      assert.deepEqual(schemaProblems(schema, document), []);
    });

    test(`${kind}: every item (${items.length}) comes back unchanged through the form`, () => {
      assert.ok(items.length > 0);
      for (const item of items) {
        const rendered = formSchema(itemSchema(kind, schema, item), texts);
        // The form's schema never hides a conditional: rjsf would then sanitise (and pad) on every edit.
        assert.equal(schemaHasNestedConditional(rendered as RJSFSchema, rendered as RJSFSchema), false);
        const formData = toFormData(kind, document, item.index);
        const processed = throughRjsf(rendered, formData);
        assert.ok(
          jsonEqual(processed, formData),
          `${kind} item ${item.index} (${item.label}) changed in rjsf`,
        );
        const back = fromFormData(kind, document, item.index, processed);
        assert.deepEqual(back, document, `${kind} item ${item.index} (${item.label})`);
        assert.equal(back, document, "an unchanged item leaves the very document");
      }
    });

    test(`${kind}: every item's value is valid for its own item schema`, () => {
      for (const item of items) {
        const value = toFormData(kind, document, item.index);
        assert.deepEqual(schemaProblems(itemSchema(kind, schema, item), value), [], `${kind} ${item.label}`);
      }
    });

    test(`${kind}: an edited field lands at its place in the document, and nothing else changes`, () => {
      let edited = 0;
      for (const item of items) {
        const formData = toFormData(kind, document, item.index);
        const leaf = firstStringLeaf(formData);
        if (leaf === null) continue;
        const before = valueAtPointer(formData, leaf) as string;
        setAt(formData, leaf, `${before}-edited`);
        const rendered = formSchema(itemSchema(kind, schema, item), texts);
        const next = fromFormData(kind, document, item.index, throughRjsf(rendered, formData));
        const where = documentPointer(item, leaf);
        assert.equal(valueAtPointer(next, where), `${before}-edited`, `${kind} ${where}`);
        const restored = structuredClone(next);
        setAt(restored, where, before);
        assert.deepEqual(restored, document, `${kind} ${where}: only that field changed`);
        assert.deepEqual(itemOfPointer(kind, document, where), { itemIndex: item.index, innerPointer: leaf });
        edited++;
      }
      assert.ok(edited > 0);
    });
  }

  test("an unknown but valid member survives (a map's extra keys), a cleared field leaves its property out", () => {
    const document = manifest("routes");
    const items = documentItems("routes", document);
    const redirect = items.find((item) => {
      const value = toFormData("routes", document, item.index) as { redirect?: { query?: unknown } };
      return value.redirect?.query !== undefined;
    });
    assert.ok(redirect, "the routes manifest has a redirect with a query");
    const formData = toFormData("routes", document, redirect.index) as Record<
      string,
      Record<string, unknown>
    >;
    (formData.redirect?.query as Record<string, unknown>).extraParameter = { value: "kept" };
    const schema = formSchema(itemSchema("routes", rootSchema("routes"), redirect), texts);
    const next = fromFormData("routes", document, redirect.index, throughRjsf(schema, formData));
    assert.deepEqual(valueAtPointer(next, `${redirect.pointer}/redirect/query/extraParameter`), {
      value: "kept",
    });

    const cleared = toFormData("routes", document, redirect.index) as Record<string, unknown>;
    cleared.titleKey = undefined;
    const without = fromFormData("routes", document, redirect.index, cleared);
    assert.equal(Object.hasOwn(valueAtPointer(without, redirect.pointer) as object, "titleKey"), false);
  });

  test("the document item holds the members no collection or section holds, and writes them in place", () => {
    const document = manifest("routes");
    const [first] = documentItems("routes", document) as [DocumentItem];
    assert.equal(first.type, "document");
    const members = toFormData("routes", document, 0) as Record<string, unknown>;
    assert.deepEqual(Object.keys(members).sort(), ["$schema", "notFoundRedirect", "version"]);
    members.notFoundRedirect = "/home";
    const next = fromFormData("routes", document, 0, members);
    assert.deepEqual(Object.keys(next), Object.keys(document));
    assert.equal(next.notFoundRedirect, "/home");
    assert.equal(next.routes, document.routes);
  });

  test("pointers find their item: an element, a section, the document item, and a collection itself", () => {
    const routes = manifest("routes");
    assert.deepEqual(itemOfPointer("routes", routes, "/routes/3/path"), {
      itemIndex: 4,
      innerPointer: "/path",
    });
    assert.deepEqual(itemOfPointer("routes", routes, "/notFoundRedirect"), {
      itemIndex: 0,
      innerPointer: "/notFoundRedirect",
    });
    assert.equal(itemOfPointer("routes", routes, "/routes"), null);
    const menus = manifest("menus");
    const admin = documentItems("menus", menus).find((item) => item.group === "admin") as DocumentItem;
    assert.deepEqual(itemOfPointer("menus", menus, "/admin/sections/0/titleKey"), {
      itemIndex: admin.index,
      innerPointer: "/sections/0/titleKey",
    });
    const shell = manifest("shell");
    assert.deepEqual(itemOfPointer("shell", shell, "/logo/style"), {
      itemIndex: 0,
      innerPointer: "/logo/style",
    });
  });

  test("adding and removing an element", () => {
    const dialogs = manifest("dialogs");
    const count = (dialogs.dialogs as unknown[]).length;
    const added = addElement("dialogs", dialogs, "dialogs");
    assert.equal((added.document.dialogs as unknown[]).length, count + 1);
    assert.deepEqual(toFormData("dialogs", added.document, added.itemIndex), {});
    const removed = removeElement("dialogs", added.document, added.itemIndex);
    assert.deepEqual(removed, dialogs);
    assert.throws(() => removeElement("dialogs", dialogs, 0), RangeError);
  });
});
