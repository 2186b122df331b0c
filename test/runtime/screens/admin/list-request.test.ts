/**
 * The upstream calls of a manifest-defined screen (schemas/screens.ts contract): the list request, the
 * record paths, `{Field}` templates, bulk ids and record names; and the calls of custom actions with
 * their bodies, query strings and results, the table result and download file names.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  actionRequest,
  fileNameFromDisposition,
  tableResultFrom,
  tableValueText,
} from "../../../../runtime/screens/admin/action-request.ts";
import {
  bulkDeletePath,
  fillTemplate,
  listRequestPath,
  navigationTarget,
  recordName,
  recordPath,
  selectedIds,
  withListQuery,
} from "../../../../runtime/screens/admin/list-request.ts";
import { type ListState, readListState, sortParam } from "../../../../runtime/screens/admin/list-url.ts";
import { listPageFrom } from "../../../../runtime/screens/admin/use-admin-data.ts";
import { shippedScreen } from "./screens-fixture.ts";

const accounts = shippedScreen("adminAccounts");
const users = shippedScreen("adminUsers");
const tasks = shippedScreen("adminTasks");
const prospects = shippedScreen("adminProspects");
const queryTool = shippedScreen("adminQueryTool");
const packages = shippedScreen("adminPackageManager");

const custom = (screen: typeof accounts, id: string) => {
  const action = screen.actions.custom?.find((a) => a.id === id);
  if (!action) throw new Error(`${screen.id} has no action ${id}`);
  return action;
};

const state = (screen: typeof accounts, search = "", params = {}): ListState =>
  readListState(screen.list, new URLSearchParams(search), params);

describe("the list request", () => {
  test("a plain list asks the first page in the default size and sort", () => {
    assert.equal(
      listRequestPath(accounts.list, state(accounts)),
      "Admin/Accounts?page=1&pageSize=50&sort=Name",
    );
  });

  test("search (trimmed), descending sort and filters; cleared filters are not sent", () => {
    const s = state(accounts, "page=2&pageSize=25&search=%20north%20&sort=-CreatedAt&Status=Active");
    assert.equal(
      listRequestPath(accounts.list, s),
      "Admin/Accounts?page=2&pageSize=25&search=north&sort=-CreatedAt&Status=Active",
    );
    const internal = shippedScreen("adminInternalUsers");
    assert.equal(
      listRequestPath(internal.list, state(internal, "IsActive=")),
      "Admin/InternalUsers?page=1&pageSize=50&sort=FullName",
    );
    assert.equal(
      listRequestPath(internal.list, state(internal)),
      "Admin/InternalUsers?page=1&pageSize=50&sort=FullName&IsActive=true",
    );
  });

  test("a filter in a path parameter is sent under its name", () => {
    const sort = sortParam(packages.list.defaultSort);
    assert.equal(
      listRequestPath(packages.list, state(packages, "", { folderRecId: "12" })),
      `Admin/PackageManager?page=1&pageSize=${packages.list.paging.defaultPageSize}&sort=${sort}&FolderRecId=12`,
    );
  });

  test("screen-scope calls carry search, sort and filters but no paging", () => {
    const s = state(accounts, "page=3&search=north&Status=Trial");
    assert.equal(
      withListQuery("Admin/Accounts/Export", s),
      "Admin/Accounts/Export?search=north&sort=Name&Status=Trial",
    );
  });

  test("{ items, total } is read defensively", () => {
    assert.deepEqual(listPageFrom({ items: [{ RecId: 1 }], total: 40 }), { rows: [{ RecId: 1 }], total: 40 });
    assert.deepEqual(listPageFrom({ items: [{ RecId: 1 }, null, 3] }), { rows: [{ RecId: 1 }], total: 1 });
    assert.deepEqual(listPageFrom(null), { rows: [], total: 0 });
  });
});

describe("records and templates", () => {
  test("record and bulk paths", () => {
    assert.equal(recordPath(accounts.list, "4"), "Admin/Accounts/4");
    assert.equal(recordPath(accounts.list, "a/b"), "Admin/Accounts/a%2Fb");
    assert.equal(bulkDeletePath(accounts.list), "Admin/Accounts/Delete");
  });

  const cases: Array<[string, string, Record<string, unknown>, string | null]> = [
    ["a number", "Admin/Users/{RecId}/Unlock", { RecId: 7 }, "Admin/Users/7/Unlock"],
    ["text is URL-encoded", "Admin/Config/{Key}", { Key: "a b/c" }, "Admin/Config/a%20b%2Fc"],
    ["a missing field", "Admin/Users/{RecId}/Unlock", {}, null],
    ["an empty field", "Admin/Users/{RecId}/Unlock", { RecId: "" }, null],
    ["an object is no value", "Admin/Users/{RecId}/Unlock", { RecId: { x: 1 } }, null],
    ["no template field", "Admin/Tasks/Cancel", {}, "Admin/Tasks/Cancel"],
  ];
  for (const [name, template, row, expected] of cases) {
    test(`fillTemplate: ${name}`, () => assert.equal(fillTemplate(template, row), expected));
  }

  test("navigation targets stay in the app", () => {
    assert.equal(
      navigationTarget("/admin/users/impersonate/{RecId}", { RecId: 6 }),
      "/admin/users/impersonate/6",
    );
    assert.equal(
      navigationTarget("/admin/packagemanager/{RecId}", { RecId: "..%2F" }),
      "/admin/packagemanager/..%252F",
    );
    assert.equal(navigationTarget("/admin/users/impersonate/{RecId}", {}), null);
  });

  test("bulk ids keep the upstream's number keys, in list order, selected only", () => {
    const rows = [{ RecId: 3 }, { RecId: 1 }, { RecId: 2 }, {}];
    assert.deepEqual(selectedIds(tasks.list, rows, new Set(["1", "3"])), [3, 1]);
  });

  test("a record's name is its title field, else its key", () => {
    assert.equal(recordName(accounts.list, { RecId: 2, Name: "Northwind" }), "Northwind");
    assert.equal(recordName(shippedScreen("adminLogAnalytics").list, { Key: "GET /x" }), "GET /x");
    assert.equal(recordName(accounts.list, { RecId: 2 }), "");
  });
});

describe("custom action calls", () => {
  const s = state(accounts, "search=north&Status=Active");

  test("a row action calls its endpoint with the row's key and no body", () => {
    assert.deepEqual(actionRequest(custom(accounts, "suspend"), { row: { RecId: 4 }, state: s }), {
      method: "POST",
      path: "Admin/Accounts/4/Suspend",
      result: "refresh",
    });
  });

  test("a screen-scope GET download carries the list query", () => {
    assert.deepEqual(actionRequest(custom(accounts, "export"), { state: s }), {
      method: "GET",
      path: "Admin/Accounts/Export?search=north&sort=Name&Status=Active",
      result: "download",
    });
  });

  test("a bulk action sends the ids", () => {
    assert.deepEqual(actionRequest(custom(tasks, "cancelSelected"), { ids: [3, 1], state: state(tasks) }), {
      method: "POST",
      path: "Admin/Tasks/Cancel",
      body: { ids: [3, 1] },
      result: "refresh",
    });
  });

  test("input fields are the body", () => {
    const request = actionRequest(custom(prospects, "convert"), {
      row: { RecId: 9 },
      values: { Domain: "acme" },
      state: state(prospects),
    });
    assert.deepEqual(request?.body, { Domain: "acme" });
    assert.equal(request?.path, "Admin/Prospects/9/Convert");
  });

  test("a table result", () => {
    assert.equal(
      actionRequest(custom(queryTool, "run"), { row: { RecId: 1 }, state: state(queryTool) })?.result,
      "table",
    );
  });

  test("navigateTo makes no call; a missing row field makes none either", () => {
    assert.equal(
      actionRequest(custom(users, "impersonate"), { row: { RecId: 6 }, state: state(users) }),
      null,
    );
    assert.equal(actionRequest(custom(accounts, "suspend"), { row: {}, state: s }), null);
  });
});

describe("action results", () => {
  test("a table result is { columns, rows }", () => {
    assert.deepEqual(tableResultFrom({ columns: ["a", 2], rows: [[1, null], "x"], Truncated: true }), {
      columns: ["a", "2"],
      rows: [[1, null]],
      truncated: true,
    });
    assert.equal(tableResultFrom({ rows: [] }), null);
    assert.equal(tableResultFrom("text"), null);
    assert.equal(tableValueText(null), "");
    assert.equal(tableValueText({ a: 1 }), '{"a":1}');
    assert.equal(tableValueText(false), "false");
  });

  const names: Array<[string | null, string | null]> = [
    ['attachment; filename="accounts.csv"', "accounts.csv"],
    ["attachment; filename=plain.txt", "plain.txt"],
    ["attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf; filename=\"resume.pdf\"", "résumé.pdf"],
    ['attachment; filename="../../etc/passwd"', "_.._etc_passwd"],
    ['attachment; filename="a\\"b.txt"', "a_b.txt"],
    ["attachment", null],
    [null, null],
  ];
  for (const [header, expected] of names) {
    test(`file name of ${JSON.stringify(header)}`, () =>
      assert.equal(fileNameFromDisposition(header), expected));
  }
});
