/**
 * Which actions an admin screen offers, and in what state (§6, schemas/screens.ts): Write on the
 * module unless readOnly; enabledWhen on the row; hidden in the list, disabled in the dialog (except
 * the secondary readOnly ones); confirmations with {{name}} and {{count}}. Table-driven.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  type ActionContext,
  actionState,
  bulkActionViews,
  bulkConfirmation,
  canEditRecord,
  rowActionViews,
  rowConditionHolds,
  rowConfirmation,
  saveButtonState,
  selectionEnabled,
  toolbarActionViews,
} from "../../../../runtime/screens/admin/action-rules.ts";
import { SHIPPED_SCREENS, shippedScreen } from "./screens-fixture.ts";

const accounts = shippedScreen("adminAccounts").actions;
const users = shippedScreen("adminUsers").actions;
const creditNotes = shippedScreen("adminCreditNotes").actions;
const tasks = shippedScreen("adminTasks").actions;
const blockedIps = shippedScreen("adminBlockedIps").actions;

const states = (views: Array<{ id: string; state: string }>) =>
  Object.fromEntries(views.map((view) => [view.id, view.state]));

describe("actionState (§6)", () => {
  const cases: Array<[boolean, boolean, ActionContext, string | null]> = [
    // needsWrite, condition holds, context → state
    [true, true, { write: true, place: "list" }, "enabled"],
    [true, false, { write: true, place: "list" }, "disabled"],
    [true, true, { write: false, place: "list" }, null],
    [true, true, { write: false, place: "dialog" }, "disabled"],
    [true, false, { write: false, place: "dialog" }, "disabled"],
    [false, true, { write: false, place: "list" }, "enabled"],
    [false, true, { write: false, place: "dialog" }, "enabled"],
    [false, false, { write: false, place: "dialog" }, "disabled"],
  ];
  for (const [needsWrite, holds, context, expected] of cases) {
    test(`needs Write ${needsWrite}, condition ${holds}, Write ${context.write} in the ${context.place} → ${expected}`, () => {
      assert.equal(actionState(needsWrite, holds, context), expected);
    });
  }
});

describe("enabledWhen", () => {
  const condition = { field: "Status", values: ["Trial", "Active"] };
  const cases: Array<[Record<string, unknown> | null, boolean]> = [
    [{ Status: "Trial" }, true],
    [{ Status: "Active" }, true],
    [{ Status: "Suspended" }, false],
    [{}, false],
    [null, false],
  ];
  for (const [row, expected] of cases) {
    test(`${JSON.stringify(row)} → ${expected}`, () =>
      assert.equal(rowConditionHolds(condition, row), expected));
  }
  test("no condition always holds", () => assert.equal(rowConditionHolds(undefined, null), true));
  test("values compare strictly (no type juggling)", () => {
    assert.equal(rowConditionHolds({ field: "Count", values: [1] }, { Count: "1" }), false);
  });
});

describe("row actions of the accounts screen", () => {
  const active = { RecId: 2, Name: "Northwind", Status: "Active" };
  const suspended = { ...active, Status: "Suspended" };

  test("staff with Write: suspend for an active account, reactivate disabled, delete", () => {
    assert.deepEqual(states(rowActionViews(accounts, active, { write: true, place: "list" })), {
      suspend: "enabled",
      reactivate: "disabled",
      delete: "enabled",
    });
    assert.deepEqual(states(rowActionViews(accounts, suspended, { write: true, place: "list" })), {
      suspend: "disabled",
      reactivate: "enabled",
      delete: "enabled",
    });
  });

  test("read-only staff: nothing in the row menu; everything disabled in the dialog (§6)", () => {
    assert.deepEqual(rowActionViews(accounts, active, { write: false, place: "list" }), []);
    assert.deepEqual(states(rowActionViews(accounts, active, { write: false, place: "dialog" })), {
      suspend: "disabled",
      reactivate: "disabled",
      delete: "disabled",
    });
  });

  test("delete comes last, danger-styled", () => {
    const views = rowActionViews(accounts, active, { write: true, place: "dialog" });
    assert.deepEqual(views.at(-1), {
      id: "delete",
      kind: "delete",
      labelKey: "Action_Delete",
      variant: "danger",
      state: "enabled",
    });
  });

  test("impersonation (navigateTo) needs Write and an active user", () => {
    const user = { RecId: 6, FullName: "Vera", Status: "Active", AuthenticationProtocol: "Password" };
    assert.equal(states(rowActionViews(users, user, { write: true, place: "list" })).impersonate, "enabled");
    assert.equal(
      states(rowActionViews(users, { ...user, Status: "Locked" }, { write: true, place: "list" }))
        .impersonate,
      "disabled",
    );
    assert.equal(states(rowActionViews(users, user, { write: false, place: "list" })).impersonate, undefined);
  });

  test("a readOnly secondary row action stays enabled without Write", () => {
    const creditNote = { RecId: 1, Number: "CN-1", Status: "Issued" };
    const views = states(rowActionViews(creditNotes, creditNote, { write: false, place: "dialog" }));
    assert.equal(views.downloadPdf, "enabled");
    assert.equal(views.issue, "disabled");
  });
});

describe("the toolbar and the bulk bar", () => {
  test("create and screen actions with Write; only readOnly ones without", () => {
    assert.deepEqual(
      toolbarActionViews(accounts, true).map((view) => view.id),
      ["create", "export"],
    );
    assert.deepEqual(
      toolbarActionViews(accounts, false).map((view) => view.id),
      ["export"],
    );
  });

  test("bulk delete and bulk custom actions need Write; selection exists only with one", () => {
    assert.deepEqual(
      bulkActionViews(blockedIps, true).map((view) => view.id),
      ["bulkDelete"],
    );
    assert.deepEqual(
      bulkActionViews(tasks, true).map((view) => view.id),
      ["cancelSelected"],
    );
    assert.equal(selectionEnabled(tasks, true), true);
    assert.equal(selectionEnabled(tasks, false), false);
    assert.equal(selectionEnabled(accounts, true), false);
  });

  test("no shipped screen offers an action the user may not run", () => {
    for (const screen of SHIPPED_SCREENS) {
      for (const view of [
        ...toolbarActionViews(screen.actions, false),
        ...bulkActionViews(screen.actions, false),
      ]) {
        assert.equal(view.custom?.readOnly, true, `${screen.id}: ${view.id}`);
      }
    }
  });
});

describe("editing the record", () => {
  const draft = { RecId: 1, Status: "Draft" };
  const issued = { RecId: 1, Status: "Issued" };
  const cases: Array<
    [string, Record<string, unknown> | null, boolean, boolean, "enabled" | "disabled" | null]
  > = [
    ["Write on a draft", draft, true, true, "enabled"],
    ["Write on an issued note (enabledWhen fails)", issued, true, false, "disabled"],
    ["no Write", draft, false, false, "disabled"],
    ["not loaded yet", null, true, false, "disabled"],
  ];
  for (const [name, record, write, editable, save] of cases) {
    test(name, () => {
      assert.equal(canEditRecord(creditNotes, record, write), editable);
      assert.equal(saveButtonState(creditNotes, record, write), save);
    });
  }

  test("a screen without an edit action has no save button", () => {
    assert.equal(saveButtonState(tasks, { RecId: 1 }, true), null);
    assert.equal(canEditRecord(tasks, { RecId: 1 }, true), false);
  });
});

describe("confirmations", () => {
  test("a row confirmation names the record; a bulk one counts", () => {
    assert.deepEqual(rowConfirmation("Confirm_DeleteAccount", "Northwind"), {
      key: "Confirm_DeleteAccount",
      params: { name: "Northwind" },
    });
    assert.deepEqual(bulkConfirmation("Confirm_CancelTasks", 3), {
      key: "Confirm_CancelTasks",
      params: { count: 3 },
    });
  });
  test("no key, no question", () => {
    assert.equal(rowConfirmation(undefined, "x"), null);
    assert.equal(bulkConfirmation(undefined, 2), null);
  });
});
