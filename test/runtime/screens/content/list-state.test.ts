/**
 * List state ↔ URL and the upstream list query (screens contract: page from 1, pageSize, search,
 * sort Field/-Field), and the debounced search with fake timers.
 */
import assert from "node:assert/strict";
import { describe, mock, test } from "node:test";
import { LIST_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from "../../../../runtime/screens/content/content-limits.ts";
import {
  type ListSpec,
  listRequestQuery,
  listStateSearch,
  nextSort,
  pageCount,
  parseListState,
  withSearch,
  withType,
} from "../../../../runtime/screens/content/list-state.ts";
import { createSearchCommitter } from "../../../../runtime/screens/content/search-committer.ts";

const spec: ListSpec = {
  sortFields: ["Name", "Type", "CreatedAt", "ModifiedAt", "Owner"],
  defaultSort: "Name",
  types: ["DataTable", "DataView"],
};

describe("parseListState", () => {
  const cases: Array<[string, Partial<ReturnType<typeof parseListState>>]> = [
    ["", { search: "", sort: "Name", page: 1, type: null, item: null }],
    ["?q=%20sales%20&sort=-ModifiedAt&page=3", { search: "sales", sort: "-ModifiedAt", page: 3 }],
    ["?sort=Secret", { sort: "Name" }],
    ["?sort=--Name", { sort: "Name" }],
    ["?page=0", { page: 1 }],
    ["?page=-2", { page: 1 }],
    ["?page=abc", { page: 1 }],
    ["?type=DataView", { type: "DataView" }],
    ["?type=Dashboard", { type: null }],
    ["?item=42", { item: 42 }],
    ["?item=4x", { item: null }],
  ];
  for (const [search, expected] of cases) {
    test(`${search || "(empty)"} → ${JSON.stringify(expected)}`, () => {
      const state = parseListState(search, spec);
      for (const [key, value] of Object.entries(expected)) {
        assert.deepEqual(state[key as keyof typeof state], value);
      }
    });
  }
});

describe("listStateSearch", () => {
  test("defaults are left out of the URL", () => {
    assert.equal(listStateSearch("", parseListState("", spec), spec), "");
  });

  test("non-defaults are written; other query entries are kept", () => {
    const state = { search: "q1", sort: "-ModifiedAt", page: 2, type: "DataTable", item: 7 };
    const search = listStateSearch("?embedded=1&q=old", state, spec);
    const query = new URLSearchParams(search);
    assert.equal(query.get("embedded"), "1");
    assert.equal(query.get("q"), "q1");
    assert.equal(query.get("sort"), "-ModifiedAt");
    assert.equal(query.get("page"), "2");
    assert.equal(query.get("type"), "DataTable");
    assert.equal(query.get("item"), "7");
  });

  test("round trip", () => {
    const state = { search: "a b", sort: "Owner", page: 4, type: null, item: null };
    assert.deepEqual(parseListState(listStateSearch("", state, spec), spec), state);
  });
});

describe("changes that restart paging", () => {
  const state = { search: "x", sort: "Name", page: 5, type: null, item: null };
  test("a new search goes to page 1; the same search keeps the page", () => {
    assert.equal(withSearch(state, "y").page, 1);
    assert.equal(withSearch(state, " x ").page, 5);
  });
  test("a new type filter goes to page 1", () => {
    assert.equal(withType(state, "DataTable").page, 1);
    assert.equal(withType(state, null), state);
  });
});

describe("sorting", () => {
  const cases: Array<[string, string, string]> = [
    ["Name", "Name", "-Name"],
    ["-Name", "Name", "Name"],
    ["Name", "Owner", "Owner"],
    ["Name", "ModifiedAt", "-ModifiedAt"],
    ["-ModifiedAt", "ModifiedAt", "ModifiedAt"],
    ["Name", "StartedAt", "-StartedAt"],
  ];
  for (const [current, field, next] of cases) {
    test(`${current} + click ${field} → ${next}`, () => assert.equal(nextSort(current, field), next));
  }
});

describe("paging and the request", () => {
  test("page count is at least 1", () => {
    assert.equal(pageCount(0, LIST_PAGE_SIZE), 1);
    assert.equal(pageCount(50, 50), 1);
    assert.equal(pageCount(51, 50), 2);
  });

  test("the upstream query carries page, size, sort, search, type and extra filters", () => {
    const query = new URLSearchParams(
      listRequestQuery({ search: "kpi", sort: "-ModifiedAt", page: 2, type: "DataView", item: 3 }, 50, {
        folderRecId: 12,
        objectRecId: null,
      }),
    );
    assert.deepEqual(Object.fromEntries(query), {
      page: "2",
      pageSize: "50",
      sort: "-ModifiedAt",
      search: "kpi",
      type: "DataView",
      folderRecId: "12",
    });
  });

  test("an empty search is not sent", () => {
    const query = new URLSearchParams(listRequestQuery(parseListState("", spec), 50));
    assert.equal(query.has("search"), false);
  });
});

describe("debounced search", () => {
  test("commits the trimmed text once typing pauses for SEARCH_DEBOUNCE_MS", () => {
    mock.timers.enable({ apis: ["setTimeout"] });
    try {
      const commits: string[] = [];
      const search = createSearchCommitter("", (text) => commits.push(text), SEARCH_DEBOUNCE_MS);
      search.type("s");
      mock.timers.tick(SEARCH_DEBOUNCE_MS - 1);
      search.type("sal ");
      mock.timers.tick(SEARCH_DEBOUNCE_MS - 1);
      assert.deepEqual(commits, []);
      mock.timers.tick(1);
      assert.deepEqual(commits, ["sal"]);
    } finally {
      mock.timers.reset();
    }
  });

  test("Enter commits at once; the same text is not committed twice", () => {
    mock.timers.enable({ apis: ["setTimeout"] });
    try {
      const commits: string[] = [];
      const search = createSearchCommitter("old", (text) => commits.push(text), SEARCH_DEBOUNCE_MS);
      search.type("new");
      search.flush("new");
      mock.timers.tick(SEARCH_DEBOUNCE_MS);
      search.type(" new ");
      mock.timers.tick(SEARCH_DEBOUNCE_MS);
      search.type("old");
      search.sync("old");
      mock.timers.tick(SEARCH_DEBOUNCE_MS);
      assert.deepEqual(commits, ["new"]);
    } finally {
      mock.timers.reset();
    }
  });

  test("cancel drops a pending commit", () => {
    mock.timers.enable({ apis: ["setTimeout"] });
    try {
      const commits: string[] = [];
      const search = createSearchCommitter("", (text) => commits.push(text), SEARCH_DEBOUNCE_MS);
      search.type("x");
      search.cancel();
      mock.timers.tick(SEARCH_DEBOUNCE_MS);
      assert.deepEqual(commits, []);
    } finally {
      mock.timers.reset();
    }
  });
});
