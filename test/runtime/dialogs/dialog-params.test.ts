/** Dialog parameters (§2.5): declared names only, required ones present, types exact (integers for recIds). */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  coerceParam,
  splitDialogPath,
  validateDialogParams,
} from "../../../runtime/dialogs/dialog-params.ts";
import type { DialogParam } from "../../../schemas/dialogs.ts";

describe("coerceParam", () => {
  const cases: [DialogParam["type"], unknown, unknown][] = [
    ["integer", 42, 42],
    ["integer", "42", 42],
    ["integer", " 7 ", 7],
    ["integer", -3, -3],
    ["integer", 12.5, undefined],
    ["integer", "12.5", undefined],
    ["integer", "12abc", undefined],
    ["integer", "0x10", undefined],
    ["integer", 1e21, undefined],
    ["integer", Number.NaN, undefined],
    ["integer", true, undefined],
    ["number", "2.5", 2.5],
    ["number", 3, 3],
    ["number", "abc", undefined],
    ["number", Number.POSITIVE_INFINITY, undefined],
    ["string", "w-1", "w-1"],
    ["string", 4, undefined],
    ["boolean", true, true],
    ["boolean", "false", false],
    ["boolean", "yes", undefined],
  ];
  for (const [type, input, expected] of cases) {
    test(`${type} ${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => {
      assert.equal(coerceParam(type, input), expected);
    });
  }
});

describe("validateDialogParams", () => {
  const declared: DialogParam[] = [
    { name: "dashboardRecId", type: "integer", required: true },
    { name: "widgetId", type: "string", required: false },
  ];
  test("accepts declared values and converts path strings", () => {
    assert.deepEqual(validateDialogParams(declared, { dashboardRecId: "12", widgetId: "w1" }), {
      ok: true,
      values: { dashboardRecId: 12, widgetId: "w1" },
    });
  });
  test("leaves absent optional parameters out", () => {
    assert.deepEqual(validateDialogParams(declared, { dashboardRecId: 3, widgetId: null }), {
      ok: true,
      values: { dashboardRecId: 3 },
    });
  });
  test("refuses unknown names, missing required ones and wrong types together", () => {
    const result = validateDialogParams(declared, { other: 1, widgetId: 5 });
    assert.deepEqual(result, {
      ok: false,
      problems: [
        { name: "other", reason: "unknown" },
        { name: "dashboardRecId", reason: "missing" },
        { name: "widgetId", reason: "type" },
      ],
    });
  });
  test("a non-integer recId is refused", () => {
    assert.equal(validateDialogParams(declared, { dashboardRecId: 1.5 }).ok, false);
  });
  test("an inherited property is not a parameter", () => {
    const input = Object.create({ dashboardRecId: 4 }) as Record<string, unknown>;
    assert.equal(validateDialogParams(declared, input).ok, false);
  });
});

test("splitDialogPath separates the query of a legacy path", () => {
  assert.deepEqual(splitDialogPath("dialogs/task/log-viewer?recId=9"), {
    path: "dialogs/task/log-viewer",
    params: { recId: "9" },
  });
  assert.deepEqual(splitDialogPath("dialogs/common/simple"), { path: "dialogs/common/simple", params: {} });
});
