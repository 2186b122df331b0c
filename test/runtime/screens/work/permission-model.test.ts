/**
 * The permission editor model (§3): every catalogue key gets none, r or rw; a role's `Key_r;Key_rw`
 * string round-trips through the model (parsed with core/access/permission-string.ts, written in
 * catalogue order like the upstream); aliases and repeats are resolved; unreadable entries reported.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import permissions from "../../../../manifests/permissions.json" with { type: "json" };
import {
  type EditorCatalogue,
  formatPermissions,
  isChanged,
  levelCounts,
  readPermissions,
  setAll,
  setLevel,
} from "../../../../runtime/screens/work/security/permission-model.ts";

const catalogue = permissions as unknown as EditorCatalogue;

describe("reading a permission string", () => {
  test("lists every catalogue key in catalogue order, absent keys at none (§3)", () => {
    const model = readPermissions("Reports_r;Dashboards_rw", catalogue);
    assert.deepEqual(
      model.rows.map((row) => row.key),
      catalogue.rolePermissions.map((entry) => entry.key),
    );
    assert.equal(model.rows.find((row) => row.key === "Dashboards")?.level, "rw");
    assert.equal(model.rows.find((row) => row.key === "Reports")?.level, "r");
    assert.equal(model.rows.find((row) => row.key === "Users")?.level, "none");
    assert.deepEqual(model.issues, []);
  });

  test("menu keys are told apart from the other permissions (§6)", () => {
    const model = readPermissions("", catalogue);
    assert.equal(model.rows.find((row) => row.key === "Tasks")?.menu, true);
    assert.equal(model.rows.find((row) => row.key === "Exports")?.menu, false);
    assert.equal(model.rows.find((row) => row.key === "Tasks")?.titleKey, "Permission_Tasks");
  });

  for (const [input, expected, reasons] of [
    ["DataHook_r", "DataHooks_r", []],
    ["dataloader_rw", "DataLoaders_rw", []],
    ["Reports_r;Reports_rw", "Reports_rw", ["duplicate"]],
    ["Reports_rw;Reports_r", "Reports_rw", ["duplicate"]],
    ["Reports_x;Nope_r;broken", "", ["unknownLevel", "unknownKey", "malformed"]],
    [" Tasks_r ; ;Users_rw; ", "Tasks_r;Users_rw", []],
  ] as const) {
    test(`"${input}" reads as "${expected}"`, () => {
      const model = readPermissions(input, catalogue);
      assert.equal(formatPermissions(model), expected);
      assert.deepEqual(
        model.issues.map((issue) => issue.reason),
        reasons,
      );
    });
  }
});

describe("round trip", () => {
  const canonical = [
    "",
    "Dashboards_rw",
    "Dashboards_rw;Reports_r;Tasks_r;Roles_rw;MediaManager_r",
    "Dashboards_r;Binders_r;TableAndViews_rw;DataHooks_r;SupportTickets_rw;Projects_r;InAppChatAccess_r;Exports_rw",
  ];
  for (const text of canonical) {
    test(`catalogue-ordered "${text}" is written back unchanged`, () => {
      assert.equal(formatPermissions(readPermissions(text, catalogue)), text);
    });
  }

  test("any order is written in catalogue order, and reading that gives the same model", () => {
    const model = readPermissions("Tasks_r;Dashboards_rw;Exports_r", catalogue);
    const text = formatPermissions(model);
    assert.equal(text, "Dashboards_rw;Tasks_r;Exports_r");
    assert.deepEqual(readPermissions(text, catalogue).rows, model.rows);
  });

  test("every key at every level survives format then parse", () => {
    for (const level of ["none", "r", "rw"] as const) {
      for (const entry of catalogue.rolePermissions) {
        const model = setLevel(readPermissions("", catalogue), entry.key, level);
        assert.deepEqual(readPermissions(formatPermissions(model), catalogue).rows, model.rows);
      }
    }
  });
});

describe("editing", () => {
  test("setLevel changes one key; none removes it from the string (§3 absent = no access)", () => {
    const start = readPermissions("Dashboards_rw;Reports_r", catalogue);
    const raised = setLevel(start, "Reports", "rw");
    assert.equal(formatPermissions(raised), "Dashboards_rw;Reports_rw");
    assert.equal(formatPermissions(setLevel(raised, "Dashboards", "none")), "Reports_rw");
    assert.equal(formatPermissions(start), "Dashboards_rw;Reports_r", "the model is immutable");
  });

  test("setting the same level or an unknown key returns the same model", () => {
    const start = readPermissions("Dashboards_rw", catalogue);
    assert.equal(setLevel(start, "Dashboards", "rw"), start);
    assert.equal(setLevel(start, "Nope", "r"), start);
  });

  test("setAll changes the menu keys and leaves the other permissions", () => {
    const model = setAll(readPermissions("Exports_rw", catalogue), "r");
    const counts = levelCounts(model);
    const menuKeys = catalogue.rolePermissions.filter((entry) => entry.menu !== false).length;
    assert.equal(counts.r, menuKeys);
    assert.equal(counts.rw, 1);
  });

  test("isChanged compares canonical strings, not spellings", () => {
    const model = readPermissions("Reports_r;Dashboards_rw", catalogue);
    assert.equal(isChanged(model, "Dashboards_rw;Reports_r", catalogue), false);
    assert.equal(isChanged(setLevel(model, "Tasks", "r"), "Dashboards_rw;Reports_r", catalogue), true);
  });
});
