import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  EMAIL_PATTERN,
  fieldErrorReducer,
  INVALID_EMAIL_MESSAGE,
  isFilled,
  isValidEmail,
  NO_FIELD_ERROR,
  REQUIRED_MESSAGE,
  validateValue,
  visibleError,
} from "../../../runtime/forms/validation.ts";

describe("§5 required: what counts as filled", () => {
  const cases: Array<[unknown, boolean, string]> = [
    ["text", true, "a non-blank string"],
    ["  x  ", true, "a string with text around spaces"],
    ["", false, "an empty string"],
    ["   \t\n", false, "a blank string (non-blank after trimming)"],
    [0, true, "the number 0 (a number always counts)"],
    [Number.NaN, true, "NaN is still a number"],
    [false, true, "false (a boolean always counts)"],
    [true, true, "true"],
    [[], false, "an empty array"],
    [[""], true, "an array with one item"],
    [null, false, "null (other values must be truthy)"],
    [undefined, false, "undefined"],
    [{}, true, "an object is truthy"],
  ];
  for (const [value, filled, name] of cases) {
    test(name, () => assert.equal(isFilled(value), filled));
  }
});

describe("§5 e-mail pattern", () => {
  const valid = [
    "a@b.co",
    "first.last+tag@sub.example.org",
    "x_y-z@example-domain.com",
    "O'Brien@example.ie",
  ];
  const invalid = [
    "",
    "plain",
    "a@b",
    "a@b.c",
    "@b.com",
    "a@.com",
    "a@b..com",
    ".a@b.com",
    "a.@b.com",
    "a..b@c.com",
    "a@-b.com",
    "a@b-.com",
    "a b@c.com",
    "a@b.com ",
    "a@b@c.com",
    "a@b.c0m1",
    `${"a".repeat(65)}@b.com`,
    `a@${"b".repeat(64)}.com`,
    `a@${"b.".repeat(130)}com`,
  ];
  for (const email of valid) test(`accepts ${email}`, () => assert.equal(isValidEmail(email), true));
  for (const email of invalid)
    test(`rejects ${JSON.stringify(email.slice(0, 40))}`, () => assert.equal(isValidEmail(email), false));
});

describe("§5 e-mail pattern is linear-time (no catastrophic backtracking)", () => {
  // Inputs shaped to make a backtracking engine re-partition the text; a super-linear pattern would not
  // finish these in any sensible time, so the test's timeout is the guard, not a timed assertion.
  const size = 200_000;
  const adversarial: Array<[string, string]> = [
    ["a long local part without @", "a".repeat(size)],
    ["a long local part then an unfinished domain", `${"a".repeat(size)}@`],
    ["a long domain label ending in a bad character", `a@${"b".repeat(size)}!`],
    ["many dotted labels ending badly", `a@${"b.".repeat(size / 2)}-!`],
    ["many dots in the local part", `${"a.".repeat(size / 2)}@b!`],
    ["alternating label characters and dots then a space", `x@${"a-.".repeat(size / 3)} `],
  ];
  for (const [name, input] of adversarial) {
    test(name, { timeout: 5_000 }, () => {
      assert.equal(EMAIL_PATTERN.test(input), false);
      assert.equal(isValidEmail(input), false);
    });
  }
});

describe("§5 validateValue", () => {
  test("required on an empty value gives the required message", () => {
    assert.equal(validateValue("  ", { required: true }), REQUIRED_MESSAGE);
  });
  test("e-mail is checked only on a filled value", () => {
    assert.equal(validateValue("", { email: true }), null);
    assert.equal(validateValue("nope", { email: true }), INVALID_EMAIL_MESSAGE);
    assert.equal(validateValue(" a@b.co ", { email: true }), null);
  });
  test("custom validators run after the built-in rules and the first message wins", () => {
    const rules = {
      required: true,
      validators: [(v: string) => (v.length < 3 ? "TooShort" : null), () => "Never"],
    };
    assert.equal(validateValue("", rules), REQUIRED_MESSAGE);
    assert.equal(validateValue("ab", rules), "TooShort");
    assert.equal(validateValue("abc", rules), "Never");
  });
  test("a disabled control is never validated", () => {
    assert.equal(validateValue("", { required: true, disabled: true, validators: [() => "X"] }), null);
  });
});

describe("§5 the error clears when the value changes", () => {
  test("validate sets the error for the value, change to another value clears it", () => {
    const rules = { required: true };
    const failed = fieldErrorReducer<string>(NO_FIELD_ERROR, { type: "validate", value: "", rules });
    assert.equal(failed.error, REQUIRED_MESSAGE);
    assert.equal(fieldErrorReducer(failed, { type: "change", value: "" }), failed, "same value keeps it");
    assert.equal(fieldErrorReducer(failed, { type: "change", value: "a" }).error, null);
  });
  test("an imposed error belongs to the value it arrived with", () => {
    const state = fieldErrorReducer<string>(NO_FIELD_ERROR, { type: "external", error: "Taken", value: "x" });
    assert.equal(visibleError(state.error, state.errorValue, "x"), "Taken");
    assert.equal(visibleError(state.error, state.errorValue, "xy"), null);
  });
  test("arrays of the same items count as the same value", () => {
    assert.equal(visibleError("E", ["a", 1], ["a", 1]), "E");
    assert.equal(visibleError("E", ["a", 1], ["a"]), null);
  });
});
