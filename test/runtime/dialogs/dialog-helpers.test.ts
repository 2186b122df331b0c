/**
 * The pure helpers of the dialogs: the focus trap, the legacy message check,
 * the properties editor, the code checks, widgets, custom periods, pickers,
 * exports, data pages, rating target and the debug log console.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  appendLog,
  isDebugShortcut,
  LOG_CONSOLE_MAX_ENTRIES,
  logConsoleStore,
  toSeverity,
  visibleLogs,
} from "../../../runtime/debug/log-console.ts";
import { trapTarget } from "../../../runtime/dialogs/focus-trap.ts";
import { legacyDialogMessage } from "../../../runtime/dialogs/legacy-bridge.ts";
import { exportAction } from "../../../runtime/dialogs/menu/export-action.ts";
import { sessionToRate } from "../../../runtime/dialogs/menu/rating-target.ts";
import { cellText, pageCount } from "../../../runtime/dialogs/objects/data-rows.ts";
import { customPeriodOf, periodError } from "../../../runtime/dialogs/objects/period.ts";
import { pickable } from "../../../runtime/dialogs/objects/pickable.ts";
import { parsePropertiesText, propertiesToText } from "../../../runtime/dialogs/objects/properties-json.ts";
import { findWidget, withWidgetProperties } from "../../../runtime/dialogs/objects/widgets.ts";
import { balanceError, codeError } from "../../../runtime/dialogs/tools/code-check.ts";
import { connectorSyntaxError } from "../../../runtime/dialogs/tools/connector-check.ts";
import { LOG_CONSOLE_MIN_SEVERITY } from "../../../runtime/state/constants.ts";

describe("trapTarget (APG dialog: Tab wraps inside the dialog)", () => {
  const rows: [number, number, boolean, number | null][] = [
    [0, 3, false, null],
    [2, 3, false, 0],
    [0, 3, true, 2],
    [1, 3, true, null],
    [-1, 3, false, 0],
    [-1, 3, true, 2],
    [-1, 0, false, -1],
  ];
  for (const [index, count, back, expected] of rows) {
    test(`${index}/${count}${back ? " shift" : ""} → ${expected}`, () =>
      assert.equal(trapTarget(index, count, back), expected));
  }
});

describe("legacyDialogMessage (same origin only, checked shapes)", () => {
  const own = "https://app.example";
  test("opens a registry dialog by path", () => {
    assert.deepEqual(
      legacyDialogMessage(own, own, {
        type: "tessera.openDialog",
        path: "dialogs/x/y",
        params: { recId: 1 },
      }),
      {
        type: "tessera.openDialog",
        path: "dialogs/x/y",
        params: { recId: 1 },
      },
    );
  });
  test("refuses other origins, malformed params and unknown types", () => {
    assert.equal(
      legacyDialogMessage("https://evil.example", own, { type: "tessera.openDialog", path: "d" }),
      null,
    );
    assert.equal(legacyDialogMessage(own, own, { type: "tessera.openDialog", path: "d", params: [1] }), null);
    assert.equal(legacyDialogMessage(own, own, { type: "other" }), null);
    assert.equal(legacyDialogMessage(own, own, "tessera.openDialog"), null);
    assert.equal(
      legacyDialogMessage(own, own, { type: "tessera.openLegacyDialog", url: "/x", titleKey: "<b>" }),
      null,
    );
  });
  test("a legacy page as a dialog", () => {
    assert.deepEqual(
      legacyDialogMessage(own, own, { type: "tessera.openLegacyDialog", url: "/legacy/a", titleKey: "T_x" }),
      {
        type: "tessera.openLegacyDialog",
        url: "/legacy/a",
        titleKey: "T_x",
      },
    );
  });
});

describe("properties editor", () => {
  test("the thumbnail is kept out of the text and put back on save", () => {
    const original = { Thumbnail: "QUJD", Cron: "0 8 * * 1" };
    assert.equal(propertiesToText(original), JSON.stringify({ Cron: "0 8 * * 1" }, null, 2));
    assert.deepEqual(parsePropertiesText('{"Cron":"0 9 * * 1","Thumbnail":"x"}', original), {
      ok: true,
      value: { Cron: "0 9 * * 1", Thumbnail: "QUJD" },
    });
  });
  const bad: [string, string][] = [
    ["{", "Properties_InvalidJson"],
    ["[1]", "Properties_NotAnObject"],
    ["42", "Properties_NotAnObject"],
    [JSON.stringify({ a: "x".repeat(49 * 1024) }), "Properties_TooLarge"],
  ];
  for (const [text, key] of bad) {
    test(`refuses ${text.slice(0, 12)} with ${key}`, () => {
      const parsed = parsePropertiesText(text, undefined);
      assert.equal(parsed.ok ? null : parsed.errorKey, key);
    });
  }
  test("empty text is an empty definition", () =>
    assert.deepEqual(parsePropertiesText(" ", {}), { ok: true, value: {} }));
});

describe("code checks", () => {
  const rows: [string, string, string | null][] = [
    ["json", '{"a":1}', null],
    ["json", "{a:1}", "CodeEditor_InvalidJson"],
    ["json", "", null],
    ["sql", "SELECT (a) FROM t WHERE b = ')'", null],
    ["sql", "SELECT (a FROM t", "CodeEditor_UnbalancedBrackets"],
    ["sql", "SELECT a) FROM t", "CodeEditor_UnbalancedBrackets"],
    ["javascript", "f('x", "CodeEditor_UnclosedQuote"],
    ["javascript", "a = [1, {b: 2}]", null],
    ["javascript", 'a = "\\"";', null],
    ["text", "((", null],
  ];
  for (const [language, code, expected] of rows) {
    test(`${language}: ${code} → ${expected}`, () => assert.equal(codeError(language, code), expected));
  }
  test("balanceError on mismatched pairs", () =>
    assert.equal(balanceError("(]"), "CodeEditor_UnbalancedBrackets"));
  test("connector syntax: JSON when it starts as an object", () => {
    assert.equal(connectorSyntaxError('{"a":'), "CodeEditor_InvalidJson");
    assert.equal(connectorSyntaxError("SELECT 1"), null);
    assert.equal(connectorSyntaxError("   "), null);
  });
});

describe("dashboard helpers", () => {
  test("custom period: stored only when valid; From not after To", () => {
    assert.deepEqual(customPeriodOf({ CustomPeriod: { From: "2024-01-01", To: "2024-02-01" } }), {
      From: "2024-01-01",
      To: "2024-02-01",
    });
    assert.equal(customPeriodOf({ CustomPeriod: { From: "yesterday", To: "2024-02-01" } }), null);
    assert.equal(customPeriodOf(undefined), null);
    assert.equal(periodError({ From: "2024-03-01", To: "2024-02-01" }), "CustomPeriod_Order");
    assert.equal(periodError({ From: "", To: "2024-02-01" }), "ValidationErrorMessage_Required");
    assert.equal(periodError({ From: "2024-02-01", To: "2024-02-01" }), null);
  });
  test("widgets: found by id and type; properties replaced in place", () => {
    const props = {
      Widgets: [
        { Id: "w1", Type: "Chart", Properties: { a: 1 } },
        { Id: "w2", Type: "Text" },
      ],
    };
    assert.equal(findWidget(props, "w1", "Chart")?.Id, "w1");
    assert.equal(findWidget(props, "w1", "Table"), null);
    assert.equal(findWidget({}, "w1", "Chart"), null);
    assert.deepEqual(withWidgetProperties(props, "w1", { a: 2 }).Widgets, [
      { Id: "w1", Type: "Chart", Properties: { a: 2 } },
      { Id: "w2", Type: "Text" },
    ]);
  });
});

describe("lists", () => {
  const object = (RecId: number, Name: string, IsDeleted = false) =>
    ({ RecId, Name, IsDeleted, Type: "Dashboard" }) as never;
  test("pickable: live objects matching the search (accents and case ignored), by name", () => {
    const list = [object(1, "Ventes été"), object(2, "Sales"), object(3, "ventes 2023", true)];
    assert.deepEqual(
      pickable(list, "VENTES ETE").map((o) => o.RecId),
      [1],
    );
    assert.deepEqual(
      pickable(list, "").map((o) => o.RecId),
      [2, 1],
    );
  });
  test("export actions", () => {
    const item = {
      RecId: 1,
      TaskRecId: 5,
      ExportName: "a.csv",
      Status: "Succeeded",
      Message: null,
      CreatedAt: "",
    };
    assert.equal(exportAction({ ...item, FileUID: "f", IsExpired: false }), "download");
    assert.equal(exportAction({ ...item, FileUID: "f", IsExpired: true }), "expired");
    assert.equal(exportAction({ ...item, FileUID: null, IsExpired: false }), "taskLog");
    assert.equal(exportAction({ ...item, TaskRecId: null, FileUID: null, IsExpired: false }), "none");
  });
  test("data pages and cells", () => {
    assert.equal(pageCount(0), 1);
    assert.equal(pageCount(101, 100), 2);
    assert.equal(cellText(null), "");
    assert.equal(cellText({ a: 1 }), '{"a":1}');
    assert.equal(cellText(3.5), "3.5");
  });
  test("the rating goes to the most recently archived unrated session", () => {
    const s = (RecId: number, ArchivedAt: string | null, Rating: number | null) => ({
      RecId,
      Status: "",
      ArchivedAt,
      Rating,
    });
    assert.equal(
      sessionToRate([s(1, "2024-01-01", null), s(2, "2024-02-01", null), s(3, "2024-03-01", 5)])?.RecId,
      2,
    );
    assert.equal(sessionToRate([s(1, null, null)]), null);
  });
});

describe("debug log console (§9 severities)", () => {
  test("minimum severity defaults to LOG_CONSOLE_MIN_SEVERITY and filters, newest first", () => {
    assert.equal(logConsoleStore.get().minSeverity, LOG_CONSOLE_MIN_SEVERITY);
    const entries = [1, 2, 3].map((severity, id) => ({
      id,
      severity: severity as 1 | 2 | 3,
      message: "",
      details: null,
      at: 0,
    }));
    assert.deepEqual(
      visibleLogs(entries, 2).map((e) => e.severity),
      [3, 2],
    );
  });
  test("severities are clamped to 1–3", () => {
    assert.deepEqual([0, 1, 2, 3, 9, "x"].map(toSeverity), [1, 1, 2, 3, 3, 3]);
  });
  test("the console keeps the newest LOG_CONSOLE_MAX_ENTRIES", () => {
    for (let i = 0; i < LOG_CONSOLE_MAX_ENTRIES + 5; i += 1) appendLog(3, `m${i}`);
    const { entries } = logConsoleStore.get();
    assert.equal(entries.length, LOG_CONSOLE_MAX_ENTRIES);
    assert.equal(entries.at(-1)?.message, `m${LOG_CONSOLE_MAX_ENTRIES + 4}`);
  });
  test("Ctrl+Space and Cmd+Space open the panel", () => {
    assert.equal(isDebugShortcut({ key: " ", code: "Space", ctrlKey: true, metaKey: false }), true);
    assert.equal(isDebugShortcut({ key: " ", code: "Space", ctrlKey: false, metaKey: true }), true);
    assert.equal(isDebugShortcut({ key: " ", code: "Space", ctrlKey: false, metaKey: false }), false);
    assert.equal(isDebugShortcut({ key: "a", code: "KeyA", ctrlKey: true, metaKey: false }), false);
  });
});

describe("automation settings (Schedules|Alerts/{id}/Settings)", () => {
  test("a schedule's editable part drops read-only fields, tasks included", async () => {
    const { editableSettings } = await import("../../../runtime/dialogs/objects/automation-settings.ts");
    const answer = {
      ScheduleRecId: 4,
      ScheduleName: "Daily",
      Configured: true,
      Recurrence: { Frequency: "Daily", Time: "08:00" },
      Enabled: true,
      NextRunAt: "2024-01-01T08:00:00.000Z",
      Tasks: [
        {
          Name: "a",
          ObjectRecId: 3,
          Format: "csv",
          Enabled: true,
          DisabledBySystem: false,
          ConsecutiveFailures: 0,
        },
      ],
      RecipientUserRecIds: [],
    };
    assert.deepEqual(editableSettings("schedule", answer), {
      Recurrence: { Frequency: "Daily", Time: "08:00" },
      Enabled: true,
      Tasks: [{ Name: "a", ObjectRecId: 3, Format: "csv", Enabled: true }],
      RecipientUserRecIds: [],
    });
  });
  test("an unconfigured alert leaves out its null fields; bad text is refused", async () => {
    const { editableSettings, settingsBodyFrom } = await import(
      "../../../runtime/dialogs/objects/automation-settings.ts"
    );
    assert.deepEqual(
      editableSettings("alert", { AlertRecId: 1, Column: null, Enabled: false, Message: "" }),
      {
        Enabled: false,
        Message: "",
      },
    );
    assert.deepEqual(settingsBodyFrom("alert", "[]"), { ok: false, errorKey: "Properties_NotAnObject" });
    assert.deepEqual(settingsBodyFrom("alert", "{"), { ok: false, errorKey: "Properties_InvalidJson" });
    assert.deepEqual(settingsBodyFrom("schedule", '{"Enabled":true,"X":1}'), {
      ok: true,
      body: { Enabled: true },
    });
  });
});
