import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  isMaskedPassword,
  MASKED_PASSWORD_PLACEHOLDER,
  passwordDisplay,
} from "../../../runtime/forms/password-mask.ts";
import {
  acceptCustomValue,
  hasSelectAll,
  isSearchable,
  selectedValues,
  selectValueProblem,
} from "../../../runtime/forms/select-rules.ts";
import {
  MASKED_PASSWORD_MIN_CHARS,
  MASKED_PASSWORD_PLACEHOLDER_CHARS,
} from "../../../runtime/state/constants.ts";

describe("§5 password: only asterisks and longer than 4 characters shows an 8-asterisk placeholder", () => {
  test("the constants say so", () => {
    assert.equal(MASKED_PASSWORD_MIN_CHARS, 5);
    assert.equal(MASKED_PASSWORD_PLACEHOLDER_CHARS, 8);
    assert.equal(MASKED_PASSWORD_PLACEHOLDER, "********");
  });
  const cases: Array<[unknown, boolean]> = [
    ["****", false],
    ["*****", true],
    ["************", true],
    ["****a", false],
    [" *****", false],
    ["", false],
    [null, false],
    [12345, false],
  ];
  for (const [value, masked] of cases) {
    test(`${JSON.stringify(value)} → ${masked ? "masked" : "shown"}`, () =>
      assert.equal(isMaskedPassword(value), masked));
  }
  test("display: a masked secret is an empty input with the placeholder", () => {
    assert.deepEqual(passwordDisplay("*****", "Password"), { value: "", placeholder: "********" });
    assert.deepEqual(passwordDisplay("secret", "Password"), { value: "secret", placeholder: "Password" });
    assert.deepEqual(passwordDisplay(undefined), { value: "", placeholder: undefined });
  });
});

describe("§5 select value shapes", () => {
  const cases: Array<[boolean, unknown, boolean]> = [
    [true, ["a"], true],
    [true, [], true],
    [true, "a", false],
    [true, 1, false],
    [false, "a", true],
    [false, 0, true],
    [false, false, true],
    [false, ["a"], false],
    [false, { a: 1 }, false],
    [true, null, true],
    [false, undefined, true],
  ];
  for (const [multiple, value, fits] of cases) {
    test(`${multiple ? "multi" : "single"} with ${JSON.stringify(value)} ${fits ? "fits" : "is a console error"}`, () => {
      assert.equal(selectValueProblem(multiple, value) === null, fits);
    });
  }
  test("selectedValues normalises any shape", () => {
    assert.deepEqual(selectedValues(null), []);
    assert.deepEqual(selectedValues("a"), ["a"]);
    assert.deepEqual(selectedValues([1, "b", { x: 1 }, true]), [1, "b", true]);
  });
});

describe("§5 custom values", () => {
  test("empty or blank is never added", () => {
    assert.equal(acceptCustomValue(""), null);
    assert.equal(acceptCustomValue("   "), null);
  });
  test("the value is trimmed", () => assert.equal(acceptCustomValue("  new  "), "new"));
  test("refused only when the custom validation returns false", () => {
    assert.equal(
      acceptCustomValue("x", () => false),
      null,
    );
    assert.equal(
      acceptCustomValue("x", () => true),
      "x",
    );
    assert.equal(
      acceptCustomValue("x", () => undefined),
      "x",
    );
  });
});

describe("§9 option counts", () => {
  test("searchable from 10 options", () => {
    assert.equal(isSearchable(9), false);
    assert.equal(isSearchable(10), true);
  });
  test("select-all from 5 options", () => {
    assert.equal(hasSelectAll(4), false);
    assert.equal(hasSelectAll(5), true);
  });
});
