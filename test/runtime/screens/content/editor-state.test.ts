/**
 * The object editor as data: §5 required name, the upstream's name and definition limits, the
 * dirty state behind the leave guard, and a PUT body with only the changed fields.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  DEFINITION_MAX_CHARS,
  OBJECT_NAME_MAX_CHARS,
} from "../../../../runtime/screens/content/content-limits.ts";
import {
  checkDefinition,
  checkName,
  draftErrors,
  draftOf,
  isDirty,
  updateBody,
} from "../../../../runtime/screens/content/editor-state.ts";

const original = { Name: "Orders 2024", Properties: { Source: "orders", Columns: ["id", "total"] } };

describe("checkName", () => {
  const cases: Array<[string, string | null]> = [
    ["Orders", null],
    ["  Orders  ", null],
    ["", "ValidationErrorMessage_Required"],
    ["   ", "ValidationErrorMessage_Required"],
    ["x".repeat(OBJECT_NAME_MAX_CHARS), null],
    ["x".repeat(OBJECT_NAME_MAX_CHARS + 1), "Content_NameTooLong"],
    ["tab\there", "Content_NameInvalid"],
  ];
  for (const [name, key] of cases) {
    test(`${JSON.stringify(name.length > 20 ? `${name.slice(0, 8)}…(${name.length})` : name)} → ${key}`, () => {
      assert.equal(checkName(name)?.key ?? null, key);
    });
  }
  test("folders use their own maximum", () => {
    assert.equal(checkName("x".repeat(121), 120)?.values?.max, 120);
  });
});

describe("checkDefinition", () => {
  const cases: Array<[string, string | null]> = [
    ["{}", null],
    ['{"a": 1}', null],
    ["", "ValidationErrorMessage_Required"],
    ["{", "Editor_DefinitionInvalidJson"],
    ["[]", "Editor_DefinitionNotObject"],
    ["null", "Editor_DefinitionNotObject"],
    ["42", "Editor_DefinitionNotObject"],
    [JSON.stringify({ big: "x".repeat(DEFINITION_MAX_CHARS) }), "Editor_DefinitionTooLarge"],
    [
      JSON.stringify(Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`f${i}`, i]))),
      "Editor_DefinitionTooManyFields",
    ],
  ];
  for (const [text, key] of cases) {
    test(`${text.length > 20 ? `${text.slice(0, 12)}…` : text || "(empty)"} → ${key}`, () => {
      const result = checkDefinition(text);
      assert.equal(result.ok ? null : result.error.key, key);
    });
  }
});

describe("dirty state and the PUT body", () => {
  const draft = draftOf(original);

  test("the loaded draft is clean and saves nothing", () => {
    assert.equal(isDirty(draft, original), false);
    assert.equal(updateBody(draft, original), null);
  });

  test("re-indenting or reordering keys is not a change", () => {
    const reordered = { ...draft, definition: '{"Columns":["id","total"],   "Source":"orders"}' };
    assert.equal(isDirty(reordered, original), false);
  });

  test("a new name is a change sent alone, trimmed", () => {
    const renamed = { ...draft, name: " Orders 2025 " };
    assert.equal(isDirty(renamed, original), true);
    assert.deepEqual(updateBody(renamed, original), { Name: "Orders 2025" });
  });

  test("a changed definition is sent alone", () => {
    const changed = { ...draft, definition: '{"Source":"orders_v2"}' };
    assert.deepEqual(updateBody(changed, original), { Properties: { Source: "orders_v2" } });
  });

  test("broken JSON is dirty but cannot be saved", () => {
    const broken = { ...draft, definition: "{" };
    assert.equal(isDirty(broken, original), true);
    assert.equal(updateBody(broken, original), null);
    assert.equal(draftErrors(broken).definition?.key, "Editor_DefinitionInvalidJson");
  });

  test("a blank name cannot be saved", () => {
    assert.equal(updateBody({ ...draft, name: " " }, original), null);
    assert.equal(draftErrors({ ...draft, name: " " }).name?.key, "ValidationErrorMessage_Required");
  });
});
