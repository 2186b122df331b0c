/**
 * Every text key the configuration plane can say a summary sentence, a problem or a warning with
 * (summary.ts SUMMARY_TEXT_KEYS, problem-messages.ts PROBLEM_TEXT_KEYS: the lists the code builds its
 * messages from, so a key the code can emit is in them) exists in the seven languages of locales/,
 * a counted one in every plural form i18next picks in that language; and every ajv keyword the
 * schemas use has a message of its own, not the generic one.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { LANGUAGES } from "../../../../server/gateway/config/config-kinds.ts";
import { englishText } from "../../../../server/gateway/config/english-text.ts";
import { SUMMARY_TEXT_KEYS } from "../../../../server/gateway/config/summary.ts";
import {
  PROBLEM_MESSAGES,
  PROBLEM_TEXT_KEYS,
  schemaErrorMessage,
} from "../../../../server/gateway/manifests/problem-messages.ts";

const root = join(import.meta.dirname, "..", "..", "..", "..");
const texts = (language: string) =>
  JSON.parse(readFileSync(join(root, "locales", `${language}.json`), "utf8")) as Record<string, string>;

/** The suffixes i18next looks a counted key up by in `language` (Intl.PluralRules, as i18next does). */
const pluralSuffixes = (language: string) =>
  new Intl.PluralRules(language).resolvedOptions().pluralCategories.map((category) => `_${category}`);

describe("the configuration plane's messages exist in every language", () => {
  const keys = [...SUMMARY_TEXT_KEYS, ...PROBLEM_TEXT_KEYS];
  const english = texts("en");
  const counted = new Set(keys.filter((key) => Object.hasOwn(english, `${key}_one`)));

  test("the lists are the code's: summary sentences, kind names and problem messages", () => {
    assert.ok(keys.includes("StudioSummary_MenuEntryRenamed"));
    assert.ok(keys.includes("Studio_Kind_constants"));
    assert.equal(PROBLEM_TEXT_KEYS.length, PROBLEM_MESSAGES.length);
    assert.equal(new Set(keys).size, keys.length, "no key listed twice");
  });

  for (const language of LANGUAGES) {
    test(`${language}: every key, a counted one in each plural form`, () => {
      const own = texts(language);
      const missing = keys.flatMap((key) =>
        counted.has(key)
          ? pluralSuffixes(language)
              .map((suffix) => `${key}${suffix}`)
              .filter((form) => !Object.hasOwn(own, form))
          : Object.hasOwn(own, key)
            ? []
            : [key],
      );
      assert.deepEqual(missing, []);
    });
  }
});

describe("ajv's keywords each have a message", () => {
  // The keywords of the schemas in schemas/ and of widget settings schemas, with parameters as ajv gives them.
  const errors: { keyword: string; params: Record<string, unknown>; english: string }[] = [
    {
      keyword: "required",
      params: { missingProperty: "id" },
      english: "the required property 'id' is missing",
    },
    { keyword: "additionalProperties", params: { additionalProperty: "x" }, english: "unknown property 'x'" },
    { keyword: "type", params: { type: "string" }, english: "must be of type string" },
    {
      keyword: "enum",
      params: { allowedValues: ["r", "rw", 3] },
      english: "must be one of: r, rw, 3",
    },
    { keyword: "const", params: { allowedValue: "menus" }, english: "must be menus" },
    { keyword: "minLength", params: { limit: 1 }, english: "must be at least 1 character long" },
    { keyword: "maxLength", params: { limit: 80 }, english: "must be at most 80 characters long" },
    { keyword: "pattern", params: { pattern: "^/" }, english: "must match the pattern ^/" },
    { keyword: "format", params: { format: "uri" }, english: "must be a valid uri" },
    { keyword: "minimum", params: { comparison: ">=", limit: 0 }, english: "must be at least 0" },
    { keyword: "maximum", params: { comparison: "<=", limit: 12 }, english: "must be at most 12" },
    { keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, english: "must be more than 0" },
    { keyword: "exclusiveMaximum", params: { comparison: "<", limit: 1 }, english: "must be less than 1" },
    { keyword: "multipleOf", params: { multipleOf: 5 }, english: "must be a multiple of 5" },
    { keyword: "minItems", params: { limit: 1 }, english: "must have at least 1 item" },
    { keyword: "maxItems", params: { limit: 6 }, english: "must have at most 6 items" },
    { keyword: "uniqueItems", params: { i: 3, j: 1 }, english: "item 4 repeats item 2" },
    { keyword: "minProperties", params: { limit: 1 }, english: "must have at least 1 property" },
    { keyword: "maxProperties", params: { limit: 2 }, english: "must have at most 2 properties" },
    {
      keyword: "oneOf",
      params: { passingSchemas: null },
      english: "must match exactly one of the allowed forms",
    },
    { keyword: "anyOf", params: {}, english: "must match one of the allowed forms" },
    { keyword: "not", params: {}, english: "has a form that is not allowed here" },
    {
      keyword: "if",
      params: { failingKeyword: "then" },
      english: "does not meet the conditions that apply to it",
    },
    {
      keyword: "propertyNames",
      params: { propertyName: "__x" },
      english: "the property name '__x' is not allowed",
    },
    {
      keyword: "dependentRequired",
      params: { property: "to", missingProperty: "query", depsCount: 1, deps: "query" },
      english: "'to' needs 'query' beside it",
    },
    { keyword: "contains", params: { minContains: 1 }, english: "must contain at least one matching item" },
    { keyword: "false schema", params: {}, english: "is not allowed here" },
  ];
  for (const error of errors) {
    test(error.keyword, () => {
      const message = schemaErrorMessage(error);
      assert.notEqual(message.key, "StudioProblem_SchemaInvalid");
      assert.equal(englishText(message), error.english);
    });
  }
  test("a keyword without a message of its own names the keyword", () => {
    assert.equal(
      englishText(schemaErrorMessage({ keyword: "discriminator", params: { error: "mapping" } })),
      "does not match the schema (discriminator)",
    );
  });
});
