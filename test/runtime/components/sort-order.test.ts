/**
 * The kit's reading of a list sort ("Field" ascending, "-Field" descending) as aria-sort, which the
 * SortHeader of every content, work and admin list shows.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { sortDirection } from "../../../runtime/components/list/sort-order.ts";

test("aria-sort of a column under a sort", () => {
  const cases: Array<[string, string, string]> = [
    ["Name", "Name", "ascending"],
    ["-Name", "Name", "descending"],
    ["-Name", "Owner", "none"],
    ["", "Name", "none"],
    ["NameSuffix", "Name", "none"],
  ];
  for (const [sort, field, expected] of cases)
    assert.equal(sortDirection(sort, field), expected, `${sort} / ${field}`);
});
