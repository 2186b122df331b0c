/**
 * Which explorer actions are offered where (§2.2, §6): changes need the route's permission at rw
 * and an object the caller may change; virtual folders create nothing; deleted items are restored
 * or purged; roots are locked.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  contextActions,
  folderActions,
  type ListPlace,
  objectActions,
  placeOf,
  shareChanges,
} from "../../../../runtime/screens/content/explorer-actions.ts";
import { buildTree, findNode } from "../../../../runtime/screens/content/folder-tree.ts";
import { ROOTS } from "./content-fixtures.ts";

const tree = buildTree(ROOTS, { includeAll: true });

describe("placeOf", () => {
  const cases: Array<[Parameters<typeof placeOf>[1], ListPlace]> = [
    [{ kind: "all" }, "All"],
    [{ kind: "folder", id: 1 }, "Personal"],
    [{ kind: "folder", id: 2 }, "Team"],
    [{ kind: "folder", id: 3 }, "Shared"],
    [{ kind: "folder", id: 4 }, "Favourites"],
    [{ kind: "folder", id: 5 }, "Deleted"],
    [{ kind: "folder", id: 8 }, "Folder"],
    [{ kind: "folder", id: 10 }, "DeletedFolder"],
    [{ kind: "folder", id: 999 }, "Unknown"],
    [{ kind: "invalid", raw: "editor" }, "Unknown"],
  ];
  for (const [ref, place] of cases) {
    test(`${JSON.stringify(ref)} → ${place}`, () => assert.equal(placeOf(tree, ref), place));
  }
});

describe("contextActions: what may be created where", () => {
  const yes = { createObject: true, createFolder: true, upload: false };
  const cases: Array<[ListPlace, boolean, ReturnType<typeof contextActions>]> = [
    ["All", true, { createObject: true, createFolder: false, upload: false }],
    ["Personal", true, yes],
    ["Team", true, yes],
    ["Folder", true, yes],
    ["Shared", true, { createObject: false, createFolder: false, upload: false }],
    ["Favourites", true, { createObject: false, createFolder: false, upload: false }],
    ["Deleted", true, { createObject: false, createFolder: false, upload: false }],
    ["DeletedFolder", true, { createObject: false, createFolder: false, upload: false }],
    ["Unknown", true, { createObject: false, createFolder: false, upload: false }],
    ["Folder", false, { createObject: false, createFolder: false, upload: false }],
  ];
  for (const [place, canWrite, expected] of cases) {
    test(`${place} with ${canWrite ? "rw" : "r"}`, () => {
      assert.deepEqual(contextActions({ canWrite, place, creatable: true, uploads: false }), expected);
    });
  }
  test("documents and media upload instead of creating", () => {
    assert.deepEqual(contextActions({ canWrite: true, place: "Folder", creatable: false, uploads: true }), {
      createObject: false,
      createFolder: true,
      upload: true,
    });
  });
});

describe("objectActions", () => {
  const links = { view: "/dashboard/viewer/1", edit: "/dashboard/editor/1" };
  const item = { IsDeleted: false, CanChange: true, IsFavourite: false };
  const cases: Array<[string, Parameters<typeof objectActions>[0], string[]]> = [
    [
      "rw on an own object: everything",
      { canWrite: true, item, links },
      ["view", "edit", "details", "favourite", "rename", "duplicate", "move", "share", "delete"],
    ],
    [
      "r: view, details and favourites only",
      { canWrite: false, item, links: { ...links, edit: null } },
      ["view", "details", "favourite"],
    ],
    [
      "rw on an object shared read-only: duplicate but no change",
      { canWrite: true, item: { ...item, CanChange: false }, links },
      ["view", "details", "favourite", "duplicate"],
    ],
    [
      "a favourite offers unfavourite",
      { canWrite: false, item: { ...item, IsFavourite: true }, links },
      ["view", "details", "unfavourite"],
    ],
    [
      "no viewer route",
      { canWrite: false, item, links: { view: null, edit: null } },
      ["details", "favourite"],
    ],
    [
      "deleted with rw: restore and purge",
      { canWrite: true, item: { ...item, IsDeleted: true }, links },
      ["details", "restore", "purge"],
    ],
    ["deleted with r", { canWrite: false, item: { ...item, IsDeleted: true }, links }, ["details"]],
  ];
  for (const [name, input, expected] of cases) {
    test(name, () => assert.deepEqual(objectActions(input), expected));
  }
});

describe("folderActions", () => {
  const node = (id: number) => findNode(tree, id)!;
  test("roots are locked", () => {
    for (const id of [1, 2, 3, 4, 5])
      assert.deepEqual(folderActions({ canWrite: true, node: node(id) }), ["open"]);
  });
  test("a live folder with rw", () => {
    assert.deepEqual(folderActions({ canWrite: true, node: node(8) }), ["open", "rename", "move", "delete"]);
  });
  test("a live folder with r", () => {
    assert.deepEqual(folderActions({ canWrite: false, node: node(8) }), ["open"]);
  });
  test("a deleted folder with rw", () => {
    assert.deepEqual(folderActions({ canWrite: true, node: node(10) }), ["open", "restore", "purge"]);
  });
});

describe("shareChanges", () => {
  test("shares the new teams and unshares the dropped ones", () => {
    assert.deepEqual(shareChanges([1, 2], [2, 3]), { share: [3], unshare: [1] });
    assert.deepEqual(shareChanges([], []), { share: [], unshare: [] });
  });
});
