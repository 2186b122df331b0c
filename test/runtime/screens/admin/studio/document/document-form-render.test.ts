/**
 * Renders the document form of every item of every real manifest to HTML in Node (react-dom/server,
 * stylesheets stubbed by css-stub.ts): the theme handles every part of the manifest schemas (no
 * field left to rjsf's fallback), labels come from the texts, and §6 read-only disables every input
 * and button of the form.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, test } from "node:test";
import type { ManifestKindName } from "../../../../../../runtime/screens/admin/studio/studio-model.ts";
import { MANIFESTS_DIR, ROOT } from "../../../../../helpers/manifest-fixtures.ts";
import { initTestI18n } from "../../../../components/css-stub.ts";

type Model =
  typeof import("../../../../../../runtime/screens/admin/studio/editors/document/document-form-model.ts");
let render: (node: unknown) => string;
let createElement: typeof import("react").createElement;
let DocumentForm: typeof import("../../../../../../runtime/screens/admin/studio/editors/document/document-form.tsx").DocumentForm;
let model: Model;

const KINDS: readonly ManifestKindName[] = [
  "routes",
  "menus",
  "permissions",
  "notifications",
  "dialogs",
  "screens",
  "shell",
  "constants",
  "widgets",
];

before(async () => {
  const en = JSON.parse(readFileSync(join(ROOT, "locales", "en.json"), "utf8")) as Record<string, string>;
  await initTestI18n(en);
  const server = await import("react-dom/server");
  render = (node) => server.renderToStaticMarkup(node as never);
  ({ createElement } = await import("react"));
  ({ DocumentForm } = await import(
    "../../../../../../runtime/screens/admin/studio/editors/document/document-form.tsx"
  ));
  model = await import(
    "../../../../../../runtime/screens/admin/studio/editors/document/document-form-model.ts"
  );
});

const manifest = (kind: ManifestKindName) =>
  JSON.parse(readFileSync(join(MANIFESTS_DIR, `${kind}.json`), "utf8"));
const schemaOf = (kind: ManifestKindName) =>
  JSON.parse(readFileSync(join(ROOT, "schemas", "generated", `${kind}.schema.json`), "utf8"));

function formHtml(kind: ManifestKindName, index: number, readOnly: boolean): string {
  const document = manifest(kind);
  const item = model.documentItems(kind, document)[index];
  assert.ok(item);
  return render(
    createElement(DocumentForm, {
      idPrefix: "doc",
      schema: model.itemSchema(kind, schemaOf(kind), item),
      value: model.toFormData(kind, document, index),
      readOnly,
      label: "Item",
      textOf: () => undefined,
      onChange: () => undefined,
      focus: null,
    }),
  );
}

describe("the document form renders every item of every manifest", () => {
  for (const kind of KINDS) {
    test(`${kind}: every item renders, no part left unsupported, no problem shown`, () => {
      const count = model.documentItems(kind, manifest(kind)).length;
      for (let index = 0; index < count; index++) {
        const html = formHtml(kind, index, false);
        assert.ok(html.includes("<form"), `${kind} ${index}`);
        assert.ok(
          !html.includes("This part can be edited in the JSON tab"),
          `${kind} ${index}: unsupported part`,
        );
        assert.ok(!html.includes("Unsupported field"), `${kind} ${index}: rjsf fallback`);
        assert.ok(
          !html.includes("Problems in this entry"),
          `${kind} ${index}: a valid item shows no problem`,
        );
      }
    });
  }

  test("labels come from the texts: a route's path and its access group", () => {
    const routes = manifest("routes");
    const index = model.documentItems("routes", routes).findIndex((item) => item.label === "/login");
    const html = formHtml("routes", index, false);
    assert.match(html, /<label[^>]*>Path/);
    assert.match(html, /<legend[^>]*>Access/);
    assert.ok(html.includes('value="/login"'));
  });

  test("a widget kind's form shows its settings schema field by field: each setting, its title key, its choices", () => {
    const widgets = manifest("widgets");
    const index = model.documentItems("widgets", widgets).findIndex((item) => item.label === "kpi");
    const html = formHtml("widgets", index, false);
    assert.match(html, /<legend[^>]*>Settings schema/);
    for (const value of ["WidgetSetting_Format", "WidgetSetting_Format_Currency", "WidgetSetting_Decimals"]) {
      assert.ok(html.includes(`value="${value}"`), value);
    }
    assert.ok(html.includes('value="Currency"'), "a setting's name is editable as a map key");
  });

  test("§6 read-only: every input, select, text area and button of the form is disabled", () => {
    for (const kind of ["routes", "screens", "shell"] as const) {
      const html = formHtml(kind, model.documentItems(kind, manifest(kind)).length - 1, true);
      const controls = [...html.matchAll(/<(input|select|textarea|button)\b[^>]*>/g)].map((m) => m[0]);
      assert.ok(controls.length > 0, kind);
      for (const control of controls) {
        if (/type="hidden"/.test(control)) continue;
        assert.match(control, /\sdisabled=""/, `${kind}: ${control}`);
      }
    }
  });

  test("an invalid item shows its problems, each with a way to its field", () => {
    const routes = manifest("routes");
    routes.routes[2].path = "Not A Path";
    const item = model.documentItems("routes", routes)[3];
    assert.ok(item);
    const html = render(
      createElement(DocumentForm, {
        idPrefix: "doc",
        schema: model.itemSchema("routes", schemaOf("routes"), item),
        value: model.toFormData("routes", routes, 3),
        readOnly: false,
        label: "Item",
        textOf: () => undefined,
        onChange: () => undefined,
        focus: null,
      }),
    );
    assert.ok(html.includes("Problems in this entry: 1"));
    assert.ok(html.includes("This value does not have the expected format."));
  });
});

describe("the document editor's item list", () => {
  const texts = Object.fromEntries(
    ["en", "de", "es", "fr", "nl", "pt", "it"].map((language) => [
      language,
      JSON.parse(readFileSync(join(ROOT, "locales", `${language}.json`), "utf8")) as Record<string, string>,
    ]),
  );
  const editorHtml = async (kind: ManifestKindName, readOnly: boolean) => {
    const { default: DocumentEditor } = await import(
      "../../../../../../runtime/screens/admin/studio/editors/document/document-editor.tsx"
    );
    const document = manifest(kind);
    return render(
      createElement(DocumentEditor, {
        kind,
        document,
        live: document,
        texts: texts as never,
        liveTexts: texts as never,
        readOnly,
        onChange: () => undefined,
        onTextsChange: () => undefined,
        focusPointer: null,
      }),
    );
  };

  test("routes: the general item, then every route by its path with its id, the first one current", async () => {
    const html = await editorHtml("routes", false);
    assert.match(html, /<nav class="studio-doc__items" aria-label="Entries of Routes">/);
    assert.match(html, /<h3[^>]*>General<\/h3>/);
    assert.match(html, /<h3[^>]*>Routes<\/h3>/);
    const items = [...html.matchAll(/class="studio-doc__item"[^>]*>/g)];
    assert.equal(items.length, model.documentItems("routes", manifest("routes")).length);
    assert.match(items[0]?.[0] ?? "", /aria-current="true"/);
    assert.ok(html.includes(">/login</span>"));
    assert.match(html, /role="tab"[^>]*aria-selected="true"[^>]*>Form</);
    assert.match(html, /<button type="button" class="kit-button studio-doc__add">/);
    assert.ok(html.includes("Search entries"));
  });

  test("screens are listed by id with their title in the UI language", async () => {
    const html = await editorHtml("screens", false);
    const screens = manifest("screens").screens as { id: string; titleKey: string }[];
    const [first] = screens;
    assert.ok(first);
    assert.ok(html.includes(`>${first.id}</span>`));
    assert.ok(html.includes(texts.en?.[first.titleKey] as string), "the title from the texts");
  });

  test("§6 read-only: adding entries is disabled; choosing an entry and the tabs stay", async () => {
    const html = await editorHtml("dialogs", true);
    assert.match(html, /<button type="button" class="kit-button studio-doc__add" disabled="">/);
    assert.doesNotMatch(html, /class="studio-doc__item"[^>]*disabled/);
    assert.doesNotMatch(html, /role="tab"[^>]*disabled/);
  });
});
