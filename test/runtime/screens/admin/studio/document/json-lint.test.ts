/**
 * The raw JSON editor's inline validation (DESIGN.md §3 documents, CSP-safe interpretation): the real
 * manifests lint clean, whole and item by item; a schema violation is reported with its pointer and
 * marked on the characters it is about; a syntax error is marked where the text breaks. Also the
 * position-keeping parser and what completion offers.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import fc from "fast-check";
import {
  documentItems,
  itemSchema,
  toFormData,
} from "../../../../../../runtime/screens/admin/studio/editors/document/document-form-model.ts";
import {
  lintJsonText,
  propertySuggestions,
  schemasAt,
  valueSuggestions,
} from "../../../../../../runtime/screens/admin/studio/editors/document/json-schema-assist.ts";
import {
  locationOf,
  parseJsonWithLocations,
  pointerAtOffset,
  pointerOf,
  pointerTokens,
} from "../../../../../../runtime/screens/admin/studio/editors/document/json-source-map.ts";
import type { JsonSchemaObject } from "../../../../../../runtime/screens/admin/studio/editors/document/schema-validation.ts";
import {
  MANIFEST_KIND_NAMES,
  type ManifestKindName,
} from "../../../../../../runtime/screens/admin/studio/studio-model.ts";
import { MANIFESTS_DIR, ROOT } from "../../../../../helpers/manifest-fixtures.ts";

const t = (key: string, params?: Record<string, unknown>) =>
  params ? `${key} ${JSON.stringify(params)}` : key;
const manifestText = (kind: ManifestKindName) => readFileSync(join(MANIFESTS_DIR, `${kind}.json`), "utf8");
const rootSchema = (kind: ManifestKindName): JsonSchemaObject =>
  JSON.parse(readFileSync(join(ROOT, "schemas", "generated", `${kind}.schema.json`), "utf8"));
const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

describe("the JSON editor's lint: none for the real documents", () => {
  for (const kind of MANIFEST_KIND_NAMES) {
    test(`${kind}: the manifest file as it is, and each item's JSON`, () => {
      const text = manifestText(kind);
      const lint = lintJsonText(text, rootSchema(kind), t);
      assert.equal(lint.parses, true);
      assert.deepEqual(lint.diagnostics, []);
      const document = JSON.parse(text);
      for (const item of documentItems(kind, document)) {
        const itemLint = lintJsonText(
          pretty(toFormData(kind, document, item.index)),
          itemSchema(kind, rootSchema(kind), item),
          t,
        );
        assert.deepEqual(itemLint.diagnostics, [], `${kind} ${item.label}`);
      }
    });
  }
});

/** The routes manifest with one change, pretty-printed, and its lint. */
function lintRoutesWith(change: (document: { routes: Record<string, unknown>[] }) => void) {
  const document = JSON.parse(manifestText("routes"));
  change(document);
  const text = pretty(document);
  return { text, lint: lintJsonText(text, rootSchema("routes"), t) };
}

describe("the JSON editor's lint: a violation, its pointer and its place", () => {
  test("a path that breaks the route pattern: the pointer of the path, the path's characters marked", () => {
    const { text, lint } = lintRoutesWith((document) => {
      (document.routes[3] as Record<string, unknown>).path = "Not A Path";
    });
    assert.equal(lint.parses, true);
    assert.equal(lint.diagnostics.length, 1);
    const [diagnostic] = lint.diagnostics as [(typeof lint.diagnostics)[number]];
    assert.equal(diagnostic.pointer, "/routes/3/path");
    assert.equal(text.slice(diagnostic.from, diagnostic.to), '"Not A Path"');
    assert.match(diagnostic.message, /^Validation_Pattern/);
  });

  test("a property the schema does not allow: its name is marked", () => {
    const { text, lint } = lintRoutesWith((document) => {
      (document.routes[5] as Record<string, unknown>).colour = "red";
    });
    const [diagnostic] = lint.diagnostics as [(typeof lint.diagnostics)[number]];
    assert.equal(lint.diagnostics.length, 1);
    assert.equal(diagnostic.pointer, "/routes/5/colour");
    assert.equal(text.slice(diagnostic.from, diagnostic.to), '"colour"');
    assert.match(diagnostic.message, /StudioDocument_LintUnknownProperty .*colour/);
  });

  test("a missing required property: its pointer, marked on the object that lacks it", () => {
    const { text, lint } = lintRoutesWith((document) => {
      delete (document.routes[6] as Record<string, unknown>).id;
    });
    const required = lint.diagnostics.find((diagnostic) => diagnostic.pointer === "/routes/6/id");
    assert.ok(required, JSON.stringify(lint.diagnostics));
    assert.equal(text[required.from], "{");
    assert.match(required.message, /StudioDocument_LintRequired .*"property":"id"/);
  });

  test("a wrong type, a limit and two alternatives at once", () => {
    const { lint } = lintRoutesWith((document) => {
      (document.routes[0] as Record<string, unknown>).titleKey = 42;
      (document.routes[1] as Record<string, unknown>).id = "x".repeat(81);
      (document.routes[2] as Record<string, unknown>).redirect = { to: "/" };
    });
    const byPointer = new Map(lint.diagnostics.map((diagnostic) => [diagnostic.pointer, diagnostic.message]));
    assert.match(
      byPointer.get("/routes/0/titleKey") ?? "",
      /StudioDocument_LintType .*StudioDocument_Type_string/,
    );
    assert.match(byPointer.get("/routes/1/id") ?? "", /Validation_MaxLength .*"limit":80/);
    assert.match(byPointer.get("/routes/2") ?? "", /StudioDocument_LintOneOf .*"matches":2/);
    assert.equal(lint.diagnostics.length, 3, "the alternatives' own failures are not repeated");
  });

  test("a syntax error is marked where the text breaks and nothing is applied", () => {
    const text = '{\n  "version": 1,\n  "routes": [\n    { "id": "x" "path": "/" }\n  ]\n}\n';
    const lint = lintJsonText(text, rootSchema("routes"), t);
    assert.equal(lint.parses, false);
    assert.equal(lint.value, undefined);
    const [diagnostic] = lint.diagnostics as [(typeof lint.diagnostics)[number]];
    assert.equal(diagnostic.pointer, null);
    assert.equal(text.slice(diagnostic.from, diagnostic.from + 6), '"path"');
    assert.match(diagnostic.message, /"line":4,"column":17/);
  });
});

describe("the position-keeping parser agrees with JSON.parse", () => {
  test("values, and every pointer's text is the value's JSON", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 4 }), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        const parsed = parseJsonWithLocations(text);
        assert.ok(parsed.ok);
        assert.deepEqual(parsed.value, JSON.parse(text));
        for (const [pointer, location] of parsed.locations) {
          const slice = text.slice(location.valueFrom, location.valueTo);
          assert.deepEqual(JSON.parse(slice), valueAt(JSON.parse(text), pointer));
          if (location.keyFrom !== undefined) {
            const tokens = pointerTokens(pointer);
            assert.equal(JSON.parse(text.slice(location.keyFrom, location.keyTo)), tokens[tokens.length - 1]);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  test("texts JSON.parse refuses are refused, with a position inside the text", () => {
    for (const text of [
      "",
      "{",
      '{"a" 1}',
      "[1,]",
      '{"a":1,}',
      "01",
      '"\u0001"',
      '"\\x"',
      "tru",
      "1 2",
      '{"a":1}}',
    ]) {
      const parsed = parseJsonWithLocations(text);
      assert.equal(parsed.ok, false, text);
      assert.throws(() => JSON.parse(text));
      if (!parsed.ok) assert.ok(parsed.at >= 0 && parsed.at <= text.length);
    }
  });

  test("pointers escape ~ and /, a __proto__ key stays data, and the offset finds its pointer", () => {
    const text = '{"a/b": {"c~d": [10, {"__proto__": true}]}}';
    const parsed = parseJsonWithLocations(text);
    assert.ok(parsed.ok);
    assert.equal(pointerOf(["a/b", "c~d", 1, "__proto__"]), "/a~1b/c~0d/1/__proto__");
    const location = locationOf(parsed.locations, "/a~1b/c~0d/1/__proto__");
    assert.equal(text.slice(location.valueFrom, location.valueTo), "true");
    assert.equal(
      Object.getPrototypeOf((parsed.value as Record<string, Record<string, unknown[]>>)["a/b"]?.["c~d"]?.[1]),
      Object.prototype,
    );
    assert.deepEqual(pointerAtOffset(parsed.locations, text.indexOf("10") + 1), {
      pointer: "/a~1b/c~0d/0",
      onKey: false,
    });
    assert.deepEqual(pointerAtOffset(parsed.locations, text.indexOf('"c~d"') + 2), {
      pointer: "/a~1b/c~0d",
      onKey: true,
    });
    // A missing pointer falls back to its nearest ancestor.
    assert.equal(locationOf(parsed.locations, "/a~1b/missing").valueFrom, text.indexOf('{"c~d"'));
  });
});

function valueAt(value: unknown, pointer: string): unknown {
  let node = value;
  for (const token of pointerTokens(pointer)) node = (node as Record<string, unknown>)[token];
  return node;
}

describe("what completion offers from the schema", () => {
  const schema = rootSchema("routes");
  const document = JSON.parse(manifestText("routes"));

  test("the properties a route may still take, the required ones first", () => {
    const suggestions = propertySuggestions(schemasAt(schema, ["routes", "0"], document), new Set(["id"]));
    const names = suggestions.map((suggestion) => suggestion.name);
    assert.ok(!names.includes("id"));
    assert.ok(names.includes("path") && names.includes("redirect") && names.includes("access"));
    assert.equal(suggestions[0]?.required, true);
    assert.equal(suggestions.find((suggestion) => suggestion.name === "path")?.type, "string");
  });

  test("an enum's values, a boolean's, and the branch a oneOf value takes (menus' conditions, through $ref)", () => {
    assert.deepEqual(valueSuggestions(schemasAt(schema, ["routes", "0", "mode"], document)), ["app", "help"]);
    assert.deepEqual(valueSuggestions(schemasAt(schema, ["routes", "0", "access", "public"], document)), [
      true,
      false,
    ]);
    const menus = rootSchema("menus");
    const menusDocument = JSON.parse(manifestText("menus"));
    const names = (tokens: string[], value: unknown, present: string[] = []) =>
      propertySuggestions(schemasAt(menus, tokens, value), new Set(present)).map(
        (suggestion) => suggestion.name,
      );
    // help.visibleWhen is {"anyOf": [{"sessionFlag": …}, {"permission": …}]}: the value picks the branch.
    assert.deepEqual(names(["help", "visibleWhen"], menusDocument), ["anyOf"]);
    assert.deepEqual(names(["help", "visibleWhen", "anyOf", "1"], menusDocument, ["permission"]), ["level"]);
    // Without a value every alternative is offered.
    const all = names(["help", "visibleWhen"], undefined);
    for (const name of ["allOf", "anyOf", "not", "permission", "feature", "sessionFlag"])
      assert.ok(all.includes(name), name);
  });
});
