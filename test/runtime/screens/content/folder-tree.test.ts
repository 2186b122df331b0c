/**
 * The folder tree (§3 Folder: roots Personal, Team, Shared, Favourites, Deleted; the path from the
 * root down to the current folder), its visible rows and the APG tree view keyboard.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  ALL_ITEMS_ID,
  ancestorIds,
  buildTree,
  moveTargets,
  pathTo,
  rootKindOf,
  treeKey,
  treeTypeahead,
  visibleRows,
} from "../../../../runtime/screens/content/folder-tree.ts";
import { subfolderRows } from "../../../../runtime/screens/content/use-explorer-data.ts";
import { ROOTS } from "./content-fixtures.ts";

const tree = buildTree(ROOTS, { includeAll: true });

describe("buildTree", () => {
  test("All items first, then the roots in the order of §3", () => {
    assert.deepEqual(
      tree.map((node) => node.kind),
      ["All", "Personal", "Team", "Shared", "Favourites", "Deleted"],
    );
    assert.equal(tree[0]?.id, ALL_ITEMS_ID);
  });

  test("children sorted by name", () => {
    assert.deepEqual(
      tree[2]?.children.map((node) => node.name),
      ["Marketing", "Sales"],
    );
  });

  test("deleted folders are children of Deleted, marked deleted", () => {
    assert.deepEqual(
      tree[5]?.children.map((node) => [node.name, node.deleted]),
      [["Archive 2022", true]],
    );
  });

  test("without All items", () => {
    assert.equal(buildTree(ROOTS, { includeAll: false })[0]?.kind, "Personal");
  });
});

describe("folder path (§3: from the root down to the current folder)", () => {
  test("a nested folder", () => {
    assert.deepEqual(
      pathTo(tree, 8).map((node) => node.name),
      ["Team", "Marketing", "Campaigns"],
    );
    assert.deepEqual(ancestorIds(tree, 8), [2, 7]);
    assert.equal(rootKindOf(tree, 8), "Team");
  });
  test("a root is its own path", () => {
    assert.deepEqual(
      pathTo(tree, 4).map((node) => node.kind),
      ["Favourites"],
    );
  });
  test("a deleted folder sits under Deleted", () => {
    assert.equal(rootKindOf(tree, 10), "Deleted");
  });
  test("an unknown folder has no path", () => {
    assert.deepEqual(pathTo(tree, 999), []);
    assert.equal(rootKindOf(tree, 999), null);
  });
});

describe("visible rows", () => {
  test("collapsed: only the top level, with position in set", () => {
    const rows = visibleRows(tree, new Set());
    assert.equal(rows.length, 6);
    assert.deepEqual(
      rows.map((row) => [row.posinset, row.setsize, row.level]),
      [
        [1, 6, 1],
        [2, 6, 1],
        [3, 6, 1],
        [4, 6, 1],
        [5, 6, 1],
        [6, 6, 1],
      ],
    );
    assert.equal(rows[2]?.expandable, true);
    assert.equal(rows[3]?.expandable, false);
  });
  test("expanded Team and Marketing show their children one level deeper", () => {
    const rows = visibleRows(tree, new Set([2, 7]));
    assert.deepEqual(
      rows.map((row) => `${row.level}:${row.node.name || row.node.kind}`),
      [
        "1:All",
        "1:Personal",
        "1:Team",
        "2:Marketing",
        "3:Campaigns",
        "2:Sales",
        "1:Shared",
        "1:Favourites",
        "1:Deleted",
      ],
    );
  });
});

describe("APG tree view keyboard", () => {
  const rows = visibleRows(tree, new Set([2]));
  const cases: Array<[string, number, string, ReturnType<typeof treeKey>]> = [
    ["down moves to the next visible row", 1, "ArrowDown", { type: "focus", id: 2 }],
    ["down on the last row stays", 5, "ArrowDown", null],
    ["up moves to the previous row", 2, "ArrowUp", { type: "focus", id: 1 }],
    ["home goes to the first row", 5, "Home", { type: "focus", id: ALL_ITEMS_ID }],
    ["end goes to the last row", 1, "End", { type: "focus", id: 5 }],
    ["right on a closed parent expands it", 1, "ArrowRight", { type: "expand", ids: [1] }],
    ["right on an open parent moves to its first child", 2, "ArrowRight", { type: "focus", id: 7 }],
    ["right on a leaf does nothing", 3, "ArrowRight", null],
    ["left on an open parent collapses it", 2, "ArrowLeft", { type: "collapse", id: 2 }],
    ["left on a child moves to its parent", 6, "ArrowLeft", { type: "focus", id: 2 }],
    ["left on a closed root does nothing", 3, "ArrowLeft", null],
    ["Enter activates", 6, "Enter", { type: "activate", id: 6 }],
    ["Space activates", 6, " ", { type: "activate", id: 6 }],
    ["* expands every closed sibling", 3, "*", { type: "expand", ids: [1, 5] }],
    ["other keys do nothing", 3, "x", null],
  ];
  for (const [name, focused, key, expected] of cases) {
    test(name, () => assert.deepEqual(treeKey(rows, focused, key), expected));
  }

  test("typeahead finds the next label starting with the character, wrapping", () => {
    const labels = rows.map((row) => row.node.name || "All items");
    assert.equal(treeTypeahead(rows, labels, 1, "s"), 6);
    assert.equal(treeTypeahead(rows, labels, 6, "s"), 3);
    assert.equal(treeTypeahead(rows, labels, 3, "z"), null);
  });
});

describe("move targets", () => {
  test("an object may go to Personal, Team and their live folders only", () => {
    assert.deepEqual(
      [...moveTargets(tree, null)].sort((a, b) => a - b),
      [1, 2, 6, 7, 8, 9],
    );
  });
  test("a folder never into itself or its subtree", () => {
    assert.deepEqual(
      [...moveTargets(tree, 7)].sort((a, b) => a - b),
      [1, 2, 6, 9],
    );
  });
});

describe("subfolder rows of the list", () => {
  const state = { search: "", sort: "Name", page: 1, type: null, item: null };
  const team = tree.find((node) => node.kind === "Team") ?? null;
  test("page 1 lists the subfolders by name; -Name reverses them", () => {
    assert.deepEqual(
      subfolderRows(team, state).map((node) => node.name),
      ["Marketing", "Sales"],
    );
    assert.deepEqual(
      subfolderRows(team, { ...state, sort: "-Name" }).map((node) => node.name),
      ["Sales", "Marketing"],
    );
  });
  test("a search filters them by name; later pages show none", () => {
    assert.deepEqual(
      subfolderRows(team, { ...state, search: "SAL" }).map((node) => node.name),
      ["Sales"],
    );
    assert.deepEqual(subfolderRows(team, { ...state, page: 2 }), []);
    assert.deepEqual(subfolderRows(null, state), []);
  });
});
