/**
 * The manifest schemas' descriptions in the six languages besides English (§1): every description
 * of the nine manifest kinds has a translation and no file keeps one the schemas no longer have,
 * what must not be translated (placeholders, § references, code, paths, property names, numbers)
 * is kept as written, every translation keeps the text rule, and the document form shows the UI
 * language's translation once its file has arrived.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, test } from "node:test";
import {
  describe as describeIn,
  loadSchemaDescriptions,
  type SchemaDescriptions,
} from "../../../../../../runtime/screens/admin/studio/editors/document/schema-descriptions.ts";
import {
  type Language,
  STUDIO_LANGUAGES,
} from "../../../../../../runtime/screens/admin/studio/studio-model.ts";
import { constantsManifestSchema } from "../../../../../../schemas/constants.ts";
import { dialogsManifestSchema } from "../../../../../../schemas/dialogs.ts";
import { menusManifestSchema } from "../../../../../../schemas/menus.ts";
import { notificationsManifestSchema } from "../../../../../../schemas/notifications.ts";
import { permissionsManifestSchema } from "../../../../../../schemas/permissions.ts";
import { routesManifestSchema } from "../../../../../../schemas/routes.ts";
import { screensManifestSchema } from "../../../../../../schemas/screens.ts";
import { shellManifestSchema } from "../../../../../../schemas/shell.ts";
import { isSingleLineText } from "../../../../../../schemas/text-rules.ts";
import { widgetsManifestSchema } from "../../../../../../schemas/widgets.ts";
import { MANIFESTS_DIR, ROOT } from "../../../../../helpers/manifest-fixtures.ts";
import { initTestI18n } from "../../../../components/css-stub.ts";

const LANGUAGES = STUDIO_LANGUAGES.filter((language) => language !== "en");
const DIR = join(ROOT, "runtime", "screens", "admin", "studio", "editors", "document", "schema-descriptions");

/** Every `description` string of a schema, at any depth (the form shows each: formSchema). */
function collectDescriptions(node: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const item of node) collectDescriptions(item, into);
  else if (node !== null && typeof node === "object") {
    for (const [keyword, value] of Object.entries(node)) {
      if (keyword === "description" && typeof value === "string") into.add(value);
      else collectDescriptions(value, into);
    }
  }
  return into;
}

const descriptions = new Set<string>();
for (const schema of [
  routesManifestSchema,
  menusManifestSchema,
  permissionsManifestSchema,
  notificationsManifestSchema,
  dialogsManifestSchema,
  screensManifestSchema,
  shellManifestSchema,
  constantsManifestSchema,
  widgetsManifestSchema,
]) {
  collectDescriptions(schema, descriptions);
}

/**
 * What a translation keeps exactly as the English has it: i18next placeholders, § references,
 * backticked code, `{…}` notation, quoted literals ('none', '/'), ui:* keywords, dotted names
 * (constants.menuColumns), names with underscores (Dashboards_r) or in camel case (shellProfile,
 * RecId), paths (/dashboards/:folderRecId?, v2/User/StopImpersonate) and numbers.
 */
const KEPT_PATTERNS: readonly RegExp[] = [
  /\{\{\w+\}\}/g,
  /§\d+(?:\.\d+)*/g,
  /`[^`]+`/g,
  /\{[^{}]*\}/g,
  /(?<![\w'])'[^'\s]+'(?!\w)/g,
  /\bui:[\w.]+/g,
  /\b[A-Za-z]\w+(?:\.[A-Za-z]\w+)+/g,
  /\b[A-Za-z][A-Za-z0-9]*_\w*/g,
  /\b(?:[a-z]+[A-Z]|[A-Z]+[a-z]+[A-Z]|[A-Z]{2,}[a-z])\w*/g,
  /\b\d+\b/g,
];
/** A run with a slash; a path only when it has more than words (not "and/or"). */
const PATH_PATTERN = /(?:(?:[\w.:?=<>…-]|\{\w+\})*\/)+(?:[\w.:?=<>…-]|\{\w+\})*/g;

function keptTokens(text: string): Set<string> {
  const tokens = new Set<string>();
  for (const pattern of KEPT_PATTERNS) for (const [token] of text.matchAll(pattern)) tokens.add(token);
  for (const [match] of text.matchAll(PATH_PATTERN)) {
    const path = match.replace(/[.:]+$/, "");
    if (/^\/|[{<:.?=A-Z0-9]/.test(path)) tokens.add(path);
  }
  return tokens;
}

function fileText(language: Language): string {
  return readFileSync(join(DIR, `${language}.json`), "utf8");
}

describe("the manifest schemas' descriptions", () => {
  test("are collected from every manifest kind's schema", () => {
    assert.ok(descriptions.size > 300, `${descriptions.size} descriptions`);
    assert.ok(descriptions.has("Unique route id."));
    assert.ok(descriptions.has("§9 a long press starts after 400 ms."));
  });

  test("the kept tokens are what must not be translated, and only that", () => {
    assert.deepEqual(
      [
        ...keptTokens(
          "Shown iff `name` {{count}} §4.1 Dashboards_r shellProfile RecId /dashboards/:folderRecId? " +
            "{Field} 'none' ui:help constants.menuColumns v2/User/StopImpersonate 100 and/or e.g. a note.",
        ),
      ].sort(),
      [
        "'none'",
        "/dashboards/:folderRecId?",
        "1",
        "100",
        "4",
        "Dashboards_r",
        "RecId",
        "StopImpersonate",
        "`name`",
        "constants.menuColumns",
        "folderRecId",
        "menuColumns",
        "shellProfile",
        "ui:help",
        "v2/User/StopImpersonate",
        "{Field}",
        "{count}",
        "{{count}}",
        "§4.1",
      ].sort(),
    );
  });

  for (const language of LANGUAGES) {
    describe(`in ${language}`, () => {
      test("the file is a JSON object, keys sorted, indented by 2, with a final newline", () => {
        const text = fileText(language);
        const translations = JSON.parse(text) as Record<string, unknown>;
        const keys = Object.keys(translations);
        assert.deepEqual(keys, [...keys].sort(), "keys sorted");
        assert.equal(text, `${JSON.stringify(translations, null, 2)}\n`);
      });

      test("every description has a translation, and no key is not a description", () => {
        const translations = JSON.parse(fileText(language)) as Record<string, unknown>;
        const missing = [...descriptions].filter((english) => {
          const translation = translations[english];
          return typeof translation !== "string" || translation.trim() === "";
        });
        assert.deepEqual(missing, [], "descriptions without a translation");
        const stale = Object.keys(translations).filter((key) => !descriptions.has(key));
        assert.deepEqual(stale, [], "keys that are no longer a description");
      });

      test("a translation keeps every placeholder, reference, code, path, name and number as written", () => {
        const translations = JSON.parse(fileText(language)) as Record<string, string>;
        const changed: string[] = [];
        for (const english of descriptions) {
          const translation = translations[english];
          if (typeof translation !== "string") continue;
          for (const token of keptTokens(english)) {
            if (!translation.includes(token)) changed.push(`${token} in «${english}»`);
          }
        }
        assert.deepEqual(changed, []);
      });

      test("a translation keeps the text rule and is not the English text", () => {
        const translations = JSON.parse(fileText(language)) as Record<string, string>;
        for (const [english, translation] of Object.entries(translations)) {
          assert.ok(isSingleLineText(translation), `control or direction character in «${translation}»`);
          assert.notEqual(translation, english, "left in English");
        }
      });

      test("loadSchemaDescriptions hands back the file", async () => {
        assert.deepEqual(await loadSchemaDescriptions(language), JSON.parse(fileText(language)));
      });
    });
  }

  test("English has no file: the schemas' own texts", async () => {
    assert.deepEqual(await loadSchemaDescriptions("en"), {});
  });

  test("describe: the translation, else the English text", () => {
    const translations: SchemaDescriptions = { "Unique route id.": "Eindeutige Routen-ID.", "Blank.": " " };
    assert.equal(describeIn(translations, "Unique route id."), "Eindeutige Routen-ID.");
    assert.equal(describeIn(translations, "Not translated."), "Not translated.");
    assert.equal(describeIn(translations, "Blank."), "Blank.");
    assert.equal(describeIn(translations, "constructor"), "constructor");
    assert.equal(describeIn({}, "Unique route id."), "Unique route id.");
  });
});

describe("the document form shows the descriptions in the UI language", () => {
  let html: (language: Language) => Promise<string>;

  before(async () => {
    await initTestI18n();
    const i18next = (await import("i18next")).default;
    const server = await import("react-dom/server");
    const { createElement } = await import("react");
    const { DocumentForm } = await import(
      "../../../../../../runtime/screens/admin/studio/editors/document/document-form.tsx"
    );
    const model = await import(
      "../../../../../../runtime/screens/admin/studio/editors/document/document-form-model.ts"
    );
    const document = JSON.parse(readFileSync(join(MANIFESTS_DIR, "routes.json"), "utf8"));
    const rootSchema = JSON.parse(
      readFileSync(join(ROOT, "schemas", "generated", "routes.schema.json"), "utf8"),
    );
    const index = model.documentItems("routes", document).findIndex((item) => item.type === "element");
    const item = model.documentItems("routes", document)[index];
    assert.ok(item);
    html = async (language) => {
      await i18next.changeLanguage(language);
      return server.renderToStaticMarkup(
        createElement(DocumentForm, {
          idPrefix: "doc",
          schema: model.itemSchema("routes", rootSchema, item),
          value: model.toFormData("routes", document, index),
          readOnly: false,
          label: "Route",
          textOf: () => undefined,
          onChange: () => undefined,
          focus: null,
        }),
      );
    };
  });

  test("English: the schema's text", async () => {
    assert.ok((await html("en")).includes("Unique route id."));
  });

  test("German, once its file has arrived: the translation", async () => {
    const german = (await loadSchemaDescriptions("de"))["Unique route id."];
    assert.ok(german);
    const rendered = await html("de");
    assert.ok(rendered.includes(german), "the German description");
    assert.ok(!rendered.includes("Unique route id."), "no English description left");
  });
});
