/**
 * The list and record contract of schemas/screens.ts on every admin screen of the manifest, over
 * real HTTP: `{ items, total }` pages from 1, every column and (non-secret) form field present,
 * sort=Field / -Field on every sortable column in order, search, every filter, the record at
 * {endpoint}/{rowKey} equal to its row, 404 for a missing record, and 400 InvalidRequest for a bad
 * page, sort, filter value or unknown parameter.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  type AdminCallers,
  assertError,
  endpointFor,
  type ManifestScreen,
  manifestScreens,
  ok,
  startAdmin,
} from "./admin-fixture.ts";
import type { Json } from "./upstream-fixture.ts";

let callers: AdminCallers;
before(async () => {
  callers = await startAdmin();
});
after(async () => callers.upstream.close());

const list = (screen: ManifestScreen, query: string) =>
  callers.admin.get(`${endpointFor(screen.list.endpoint)}?${query}`);

/** Whether values are in order (nulls ignored; numbers and ISO texts compare as such). */
function ordered(values: unknown[], descending: boolean): boolean {
  const present = values.filter(
    (value): value is number | string =>
      typeof value === "number" || (typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value)),
  );
  if (present.length !== values.filter((value) => value !== null).length) return true; // mixed or free text: order is SQLite's
  return present.every((value, index) => {
    const previous = present[index - 1];
    return previous === undefined || (descending ? previous >= value : previous <= value);
  });
}

function formFields(screen: ManifestScreen): string[] {
  const detail = screen.detail as
    | { groups: { fields: { name: string; writeOnly?: boolean }[] }[] }
    | undefined;
  return (detail?.groups ?? []).flatMap((group) =>
    group.fields.filter((field) => !field.writeOnly).map((field) => field.name),
  );
}

for (const screen of manifestScreens()) {
  test(`${screen.id}: pages, columns, sorting, search, filters and records`, async () => {
    const { rowKey } = screen.list;
    const first = ok(await list(screen, "page=1&pageSize=2"), 200, "first page");
    assert.ok(Array.isArray(first.items) && first.items.length <= 2 && first.total >= first.items.length);
    assert.ok(first.items.length > 0, "the seed gives every screen rows");
    for (const row of first.items as Json[]) {
      for (const column of screen.list.columns) assert.ok(column.field in row, `column ${column.field}`);
      assert.ok(rowKey in row, "rowKey");
    }
    // Log analytics counts requests, these included: its totals grow while the test runs.
    const live = screen.list.endpoint === "Admin/LogAnalytics";
    const beyond = ok(await list(screen, `page=${first.total + 50}&pageSize=1`));
    assert.equal(beyond.items.length, 0);
    if (!live) assert.equal(beyond.total, first.total);

    for (const column of screen.list.columns.filter((candidate) => candidate.sortable)) {
      for (const descending of [false, true]) {
        const sorted = ok(
          await list(screen, `pageSize=500&sort=${descending ? "-" : ""}${column.field}`),
          200,
          column.field,
        );
        if (!live) assert.equal(sorted.total, first.total);
        assert.ok(
          ordered(
            sorted.items.map((row: Json) => row[column.field]),
            descending,
          ),
          `sort ${column.field} ${descending}`,
        );
      }
    }

    const row: Json = first.items[0];
    const titleField = (screen.list as { titleField?: string }).titleField;
    const title = titleField && typeof row[titleField] === "string" ? (row[titleField] as string) : undefined;
    if (screen.list.searchable && title) {
      const found = ok(await list(screen, `pageSize=500&search=${encodeURIComponent(title.slice(0, 3))}`));
      assert.ok(found.total >= 1 && (live || found.total <= first.total), `search ${title}`);
    }

    for (const filter of screen.list.filters ?? []) {
      let value: unknown = filter.options?.[0]?.value ?? row[filter.name];
      if (filter.type === "date") value = "2000-01-01";
      if (filter.type === "boolean") value = true;
      if (filter.type === "text" && value === undefined) value = "e";
      if (value === undefined || value === null) continue;
      const filtered = ok(
        await list(screen, `pageSize=500&${filter.name}=${encodeURIComponent(String(value))}`),
        200,
        filter.name,
      );
      if (
        filter.type !== "text" &&
        filter.type !== "date" &&
        !filter.name.endsWith("From") &&
        !filter.name.endsWith("To")
      ) {
        for (const item of filtered.items as Json[]) {
          if (filter.name in item) assert.equal(item[filter.name], value, `filter ${filter.name}`);
        }
      }
      if (filter.options)
        assertError(await list(screen, `${filter.name}=NotAValue`), 400, "InvalidRequest", filter.name);
    }

    if (screen.detail) {
      const record = ok(
        await callers.admin.get(endpointFor(`${screen.list.endpoint}/{${rowKey}}`, row)),
        200,
        "record",
      );
      assert.deepEqual(record, row);
      for (const field of formFields(screen)) assert.ok(field in record, `form field ${field}`);
      const missing = typeof row[rowKey] === "number" ? 999_999 : "missing-key";
      assertError(
        await callers.admin.get(endpointFor(`${screen.list.endpoint}/{${rowKey}}`, { [rowKey]: missing })),
        404,
        "NotFound",
      );
    }

    assertError(await list(screen, "page=0"), 400, "InvalidRequest", "page 0");
    assertError(await list(screen, "pageSize=501"), 400, "InvalidRequest", "page size");
    assertError(await list(screen, "sort=NoSuchField"), 400, "InvalidRequest", "sort");
    assertError(await list(screen, "bogus=1"), 400, "InvalidRequest", "unknown parameter");
  });
}
