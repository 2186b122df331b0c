/**
 * The list state of a manifest-defined screen ↔ the browser URL (schemas/screens.ts): defaults,
 * allowed page sizes and sort fields, filter values by type, filters in path parameters, and the
 * `id` / `delete=true` deep links of §2.4 and §4.3. Table-driven over the shipped screens.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  type ListState,
  listLocation,
  readDeepLink,
  readListState,
  withDeepLink,
  withFilter,
} from "../../../../runtime/screens/admin/list-url.ts";
import { SHIPPED_SCREENS, shippedScreen } from "./screens-fixture.ts";

const accounts = shippedScreen("adminAccounts").list;
const internalUsers = shippedScreen("adminInternalUsers").list;
const logAnalytics = shippedScreen("adminLogAnalytics").list;
const packages = shippedScreen("adminPackageManager").list;
const tasks = shippedScreen("adminTasks").list;

const read = (list: typeof accounts, search: string, params: Record<string, string | undefined> = {}) =>
  readListState(list, new URLSearchParams(search), params);

describe("reading the list state from the URL", () => {
  test("a plain URL gives the manifest's defaults", () => {
    assert.deepEqual(read(accounts, ""), {
      page: 1,
      pageSize: 50,
      search: "",
      sort: { field: "Name", direction: "asc" },
      filters: {},
    });
  });

  const cases: Array<[string, string, Partial<ListState>]> = [
    ["page 3", "page=3", { page: 3 }],
    ["page 0 is page 1", "page=0", { page: 1 }],
    ["a page that is no number is page 1", "page=x", { page: 1 }],
    ["a negative page is page 1", "page=-2", { page: 1 }],
    ["an allowed page size", "pageSize=200", { pageSize: 200 }],
    ["a page size the screen does not offer falls back", "pageSize=30", { pageSize: 50 }],
    [
      "descending sort on a sortable column",
      "sort=-CreatedAt",
      { sort: { field: "CreatedAt", direction: "desc" } },
    ],
    ["ascending sort", "sort=Domain", { sort: { field: "Domain", direction: "asc" } }],
    [
      "a column that is not sortable falls back",
      "sort=IsWhiteLabel",
      { sort: { field: "Name", direction: "asc" } },
    ],
    ["an unknown field falls back", "sort=-Password", { sort: { field: "Name", direction: "asc" } }],
    ["the search text", "search=north%20wind", { search: "north wind" }],
    ["a status among the options", "Status=Trial", { filters: { Status: "Trial" } }],
    ["a status not among the options is dropped", "Status=Deleted", { filters: {} }],
    ["a boolean filter", "IsWhiteLabel=false", { filters: { IsWhiteLabel: "false" } }],
    ["a boolean filter takes only true and false", "IsWhiteLabel=yes", { filters: {} }],
    [
      "a value from an options source is kept",
      "SubscriptionTemplateRecId=3",
      { filters: { SubscriptionTemplateRecId: "3" } },
    ],
    ["a parameter that is no filter is ignored", "Password=x", { filters: {} }],
  ];
  for (const [name, search, expected] of cases) {
    test(name, () => {
      const state = read(accounts, search);
      for (const [key, value] of Object.entries(expected)) {
        assert.deepEqual(state[key as keyof ListState], value, key);
      }
    });
  }

  test("the search is cut to the upstream's 200 characters", () => {
    assert.equal(read(accounts, `search=${"a".repeat(250)}`).search.length, 200);
  });

  test("a filter's default applies when the URL has none; an empty value clears it (any)", () => {
    assert.deepEqual(read(internalUsers, "").filters, { IsActive: "true" });
    assert.deepEqual(read(internalUsers, "IsActive=false").filters, { IsActive: "false" });
    assert.deepEqual(read(internalUsers, "IsActive=").filters, { IsActive: "" });
    assert.deepEqual(read(internalUsers, "IsActive=maybe").filters, { IsActive: "true" });
  });

  test("date filters take real calendar dates only", () => {
    assert.deepEqual(read(tasks, "DateFrom=2026-02-28").filters, { DateFrom: "2026-02-28" });
    assert.deepEqual(read(tasks, "DateFrom=2026-02-30").filters, {});
    assert.deepEqual(read(tasks, "DateFrom=yesterday").filters, {});
  });

  test("a filter kept in a path parameter is read from it (tabs with a default)", () => {
    assert.equal(read(logAnalytics, "", {}).filters.GroupBy, "requests");
    assert.equal(read(logAnalytics, "", { screenTab: "tasks" }).filters.GroupBy, "tasks");
    assert.equal(read(logAnalytics, "", { screenTab: "nonsense" }).filters.GroupBy, "requests");
    // The query string does not set a path filter.
    assert.equal(read(logAnalytics, "GroupBy=tasks", {}).filters.GroupBy, "requests");
  });

  test("a hidden filter in a path parameter (the package manager's folder)", () => {
    assert.deepEqual(read(packages, "", {}).filters, {});
    assert.deepEqual(read(packages, "", { folderRecId: "12" }).filters, { FolderRecId: "12" });
  });

  test("every shipped screen opens with a sortable default sort and an offered page size", () => {
    for (const screen of SHIPPED_SCREENS) {
      const state = read(screen.list, "");
      assert.ok(screen.list.paging.pageSizes.includes(state.pageSize), screen.id);
      assert.deepEqual(state.sort, screen.list.defaultSort, screen.id);
    }
  });
});

describe("writing the list state into the URL", () => {
  const at = (list: typeof accounts, path: string, state: ListState, params = {}, current = "") => {
    const location = listLocation(list, path, params, state, new URLSearchParams(current));
    return `${location.pathname}${location.search}`;
  };

  test("defaults are left out: the plain screen URL stays plain", () => {
    assert.equal(at(accounts, "/admin/accounts", read(accounts, "")), "/admin/accounts");
  });

  test("every non-default value is written, and read back to the same state", () => {
    const state: ListState = {
      page: 2,
      pageSize: 100,
      search: "north",
      sort: { field: "CreatedAt", direction: "desc" },
      filters: { Status: "Active", IsWhiteLabel: "true" },
    };
    const url = at(accounts, "/admin/accounts", state);
    assert.equal(
      url,
      "/admin/accounts?page=2&pageSize=100&search=north&sort=-CreatedAt&Status=Active&IsWhiteLabel=true",
    );
    assert.deepEqual(read(accounts, url.split("?")[1] ?? ""), state);
  });

  test("the record deep link and other parameters stay", () => {
    const state = { ...read(accounts, ""), page: 2 };
    assert.equal(
      at(accounts, "/admin/accounts", state, {}, "id=4&page=5&l=1"),
      "/admin/accounts?id=4&l=1&page=2",
    );
  });

  test("a cleared filter with a default is written empty; back to the default removes it", () => {
    const cleared = withFilter(internalUsers, read(internalUsers, ""), "IsActive", null);
    assert.deepEqual(cleared.filters, { IsActive: "" });
    assert.equal(at(internalUsers, "/admin/internalusers", cleared), "/admin/internalusers?IsActive=");
    const back = withFilter(internalUsers, cleared, "IsActive", "true");
    assert.equal(at(internalUsers, "/admin/internalusers", back), "/admin/internalusers");
  });

  test("a path filter goes into its path parameter; its default leaves the optional segment out", () => {
    const path = "/admin/loganalytics/:screenTab?";
    const tasksTab = withFilter(logAnalytics, read(logAnalytics, ""), "GroupBy", "tasks");
    assert.equal(at(logAnalytics, path, tasksTab), "/admin/loganalytics/tasks");
    const requests = withFilter(logAnalytics, tasksTab, "GroupBy", "requests");
    assert.equal(at(logAnalytics, path, requests, { screenTab: "tasks" }), "/admin/loganalytics");
  });

  test("removing the hidden folder filter returns to the root", () => {
    const path = "/admin/packagemanager/:folderRecId?";
    const inFolder = read(packages, "", { folderRecId: "12" });
    assert.equal(at(packages, path, inFolder, { folderRecId: "12" }), "/admin/packagemanager/12");
    const root = withFilter(packages, inFolder, "FolderRecId", null);
    assert.equal(at(packages, path, root, { folderRecId: "12" }), "/admin/packagemanager");
  });

  test("choosing a filter returns to the first page; an unknown filter changes nothing", () => {
    const state = { ...read(accounts, ""), page: 4 };
    assert.equal(withFilter(accounts, state, "Status", "Trial").page, 1);
    assert.equal(withFilter(accounts, state, "Nope", "x"), state);
  });
});

describe("the record deep link (§2.4, §4.3)", () => {
  const cases: Array<[string, string, { id: string | null; askDelete: boolean }]> = [
    ["none", "", { id: null, askDelete: false }],
    ["id opens the record", "id=11", { id: "11", askDelete: false }],
    ["delete=true with an id asks to delete", "delete=true&id=11", { id: "11", askDelete: true }],
    ["delete without an id means nothing", "delete=true", { id: null, askDelete: false }],
    ["only delete=true asks", "id=11&delete=1", { id: "11", askDelete: false }],
    ["an empty id is none", "id=", { id: null, askDelete: false }],
  ];
  for (const [name, search, expected] of cases) {
    test(name, () => assert.deepEqual(readDeepLink(new URLSearchParams(search)), expected));
  }

  test("setting or removing the id always drops delete", () => {
    assert.equal(withDeepLink(new URLSearchParams("page=2&id=3&delete=true"), "7").toString(), "page=2&id=7");
    assert.equal(withDeepLink(new URLSearchParams("page=2&id=3&delete=true"), null).toString(), "page=2");
  });
});
