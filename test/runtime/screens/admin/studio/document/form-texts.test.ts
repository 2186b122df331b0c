/**
 * The document editors' words in the seven languages (§1): every property of every manifest schema
 * has its label text, every text the editors and the switches use exists in every language with the
 * same placeholders, and a name without a text is made readable.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import {
  propertyTextKey,
  readableName,
  schemaPropertyNames,
} from "../../../../../../runtime/screens/admin/studio/editors/document/document-form-model.ts";
import { VALIDATION_TEXT_KEYS } from "../../../../../../runtime/screens/admin/studio/editors/document/schema-validation.ts";
import {
  MANIFEST_KIND_NAMES,
  STUDIO_LANGUAGES,
} from "../../../../../../runtime/screens/admin/studio/studio-model.ts";
import { LOCALES_DIR, ROOT } from "../../../../../helpers/manifest-fixtures.ts";

const locales = Object.fromEntries(
  STUDIO_LANGUAGES.map((language) => [
    language,
    JSON.parse(readFileSync(join(LOCALES_DIR, `${language}.json`), "utf8")) as Record<string, string>,
  ]),
);
const EDITOR_DIR = join(ROOT, "runtime", "screens", "admin", "studio", "editors", "document");

/** The keys the editors' sources name, templates expanded over their known values. */
function keysInSources(): Set<string> {
  const keys = new Set<string>(VALIDATION_TEXT_KEYS);
  const expansions: Record<string, readonly string[]> = {
    "StudioDocument_Type_${type}": ["string", "number", "integer", "boolean", "array", "object", "null"],
    "StudioSwitch_Confirm_${action}": ["on", "off", "window", "end"],
    "StudioSwitch_ConfirmText_${action}": ["on", "off", "window", "end"],
    "StudioSwitch_Do_${action}": ["on", "off", "window", "end"],
    "StudioSwitch_Language_${language}": STUDIO_LANGUAGES,
    "Studio_Kind_${kind}": MANIFEST_KIND_NAMES,
  };
  for (const file of readdirSync(EDITOR_DIR).filter((name) => /\.tsx?$/.test(name))) {
    const source = readFileSync(join(EDITOR_DIR, file), "utf8");
    for (const match of source.matchAll(
      /["`]((?:StudioDocument|StudioForm|StudioSwitch|Studio|Validation|Field|Work)_[A-Za-z_]*(?:\$\{[a-z]+\})?)["`]/g,
    )) {
      const key = match[1] as string;
      const values = expansions[key];
      if (values) for (const value of values) keys.add(key.replace(/\$\{[a-z]+\}/, value));
      else if (!key.includes("${")) keys.add(key);
      else assert.fail(`${file}: a text key template without known values: ${key}`);
    }
  }
  return keys;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("the document editors' texts in the seven languages", () => {
  test("every property and definition of every manifest schema has a label in every language", () => {
    const names = new Set<string>();
    for (const kind of MANIFEST_KIND_NAMES) {
      schemaPropertyNames(
        JSON.parse(readFileSync(join(ROOT, "schemas", "generated", `${kind}.schema.json`), "utf8")),
        names,
      );
    }
    assert.ok(names.size > 200);
    for (const name of names) {
      const key = propertyTextKey(name);
      for (const language of STUDIO_LANGUAGES) {
        assert.ok(locales[language]?.[key]?.trim(), `${key} (${name}) in ${language}`);
      }
    }
  });

  test("every text the editors use exists in every language, with the same placeholders", () => {
    const keys = keysInSources();
    assert.ok(keys.size > 100);
    for (const key of keys) {
      const english = locales.en?.[key];
      assert.ok(english !== undefined, `${key} in en`);
      for (const language of STUDIO_LANGUAGES) {
        const text = locales[language]?.[key];
        assert.ok(text?.trim(), `${key} in ${language}`);
        assert.deepEqual(
          placeholders(text as string),
          placeholders(english),
          `${key} placeholders in ${language}`,
        );
      }
    }
  });

  test("a property name becomes its text key, or readable words without one", () => {
    const cases: [string, string, string][] = [
      ["notFoundRedirect", "StudioForm_NotFoundRedirect", "Not found redirect"],
      ["$schema", "StudioForm_Schema", "Schema"],
      ["fileUID", "StudioForm_FileUID", "File uid"],
      ["conditionLevel1", "StudioForm_ConditionLevel1", "Condition level1"],
      ["type", "Field_Type", "Type"],
      ["adminMenuMaxWidthPx", "StudioForm_AdminMenuMaxWidthPx", "Admin menu max width px"],
    ];
    for (const [name, key, readable] of cases) {
      assert.equal(propertyTextKey(name), key, name);
      assert.equal(readableName(name), readable, name);
    }
  });
});
