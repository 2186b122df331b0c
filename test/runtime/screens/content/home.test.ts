/**
 * The home screen as data: §2.2 /home/{type}/{itemRecId?}/{secondaryType?} → /?type&id&menu opens the
 * item among the routes the user may open; the areas of the feed (permission held and feature
 * Included, §5); the one call of each panel and the items a panel shows.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { feedItemsToShow, feedPath, homeAreas } from "../../../../runtime/screens/home/home-feed.ts";
import { homeQuery, homeTarget, routeAllowed } from "../../../../runtime/screens/home/home-target.ts";
import { profile } from "../../../helpers/guard-fixture.ts";
import { object, PERMISSIONS, ROUTES, route } from "./content-fixtures.ts";

const owner = profile({
  permissions: Object.fromEntries(PERMISSIONS.rolePermissions.map((p) => [p.key, "rw" as const])),
  features: Object.fromEntries(PERMISSIONS.features.map((f) => [f.id, "Included" as const])),
});
const viewer = profile({
  permissions: { Dashboards: "r" },
  features: { Dashboard: "Included", Report: "Included" },
});
const noInsights = profile({
  permissions: { Insights: "rw", Dashboards: "rw" },
  features: { Insight: "Optional", Dashboard: "Included" },
});

describe("homeQuery", () => {
  test("no parameters: nothing to open", () => assert.equal(homeQuery("?l=1"), null));
  test("type, id and menu", () => {
    assert.deepEqual(homeQuery("?type=dashboard&id=12&menu=comments"), {
      type: "dashboard",
      id: 12,
      menu: "comments",
    });
  });
  test("a malformed id is dropped", () => {
    assert.deepEqual(homeQuery("?type=Dashboard&id=x"), { type: "Dashboard", id: null, menu: null });
  });
});

describe("homeTarget", () => {
  const cases: Array<[string, string, ReturnType<typeof profile>, string | null]> = [
    [
      "an item with a viewer opens it (type case-insensitive)",
      "?type=dashboard&id=12",
      owner,
      "/dashboard/viewer/12",
    ],
    ["an item with only an editor, with rw", "?type=DataFusion&id=18", owner, "/data/editor/18"],
    ["an item with neither opens its explorer's details", "?type=Alert&id=10", owner, "/alerts?item=10"],
    ["a type without an id opens its list", "?type=Report", owner, "/reports"],
    ["an area name works as a type", "?type=dashboards&id=3", owner, "/dashboard/viewer/3"],
    ["a task opens its detail route", "?type=Task&id=37", owner, "/tasks/37"],
    ["a ticket opens the list with ?id=", "?type=SupportTicket&id=4", owner, "/supporttickets?id=4"],
    [
      "a type the user may not open falls back to the menu",
      "?type=Insight&id=1&menu=Dashboards",
      noInsights,
      "/dashboards",
    ],
    ["the viewer has no editor for data", "?type=DataTable&id=4", viewer, null],
    ["a menu of §4.1 step 10", "?menu=Reports", owner, "/reports"],
    ["a menu without its permission", "?menu=Reports", viewer, null],
    ["an unknown type", "?type=Spaceship&id=1", owner, null],
  ];
  for (const [name, search, who, expected] of cases) {
    test(name, () => {
      const query = homeQuery(search);
      assert.ok(query);
      assert.equal(homeTarget(query, ROUTES, PERMISSIONS.homeRedirects, who), expected);
    });
  }
});

describe("routeAllowed (§5 access checks)", () => {
  test("feature Included and permission at the route's level", () => {
    assert.equal(routeAllowed(route("dashboards"), viewer), true);
    assert.equal(routeAllowed(route("dashboardEditor"), viewer), false);
    assert.equal(routeAllowed(route("insights"), noInsights), false);
  });
  test("an upgrade route is never opened", () => {
    assert.equal(
      routeAllowed(
        { ...route("dashboards"), upgrade: { feature: "Dashboard", objectType: "Dashboard" } },
        owner,
      ),
      false,
    );
  });
});

describe("homeAreas", () => {
  test("the owner sees every library area once", () => {
    const areas = homeAreas(ROUTES, owner).map((a) => a.area);
    assert.equal(new Set(areas).size, areas.length);
    assert.ok(areas.includes("Dashboards") && areas.includes("MediaManager") && areas.includes("Alerts"));
  });
  test("only areas whose permission is held and feature Included", () => {
    assert.deepEqual(
      homeAreas(ROUTES, viewer).map((a) => a.area),
      ["Dashboards"],
    );
    assert.deepEqual(
      homeAreas(ROUTES, noInsights).map((a) => a.area),
      ["Dashboards"],
    );
  });
});

describe("feedPath", () => {
  test("one call per panel, across the areas", () => {
    assert.equal(feedPath("Recent", 12), "Content/Recent?limit=12");
    assert.equal(feedPath("Favourites", 12), "Content/Favourites?limit=12");
  });
});

describe("feedItemsToShow", () => {
  const { FolderRecId: _folder, IsDeleted: _deleted, DeletedAt: _deletedAt, ...body } = object();
  const item = (RecId: number, Area: string | null) => ({ ...body, RecId, Area });
  const items = [item(1, "Reports"), item(2, "Dashboards"), item(3, null), item(4, "Dashboards")];
  test("only areas the screen can link (an explorer route the user may open), in the upstream's order", () => {
    assert.deepEqual(
      feedItemsToShow(items, homeAreas(ROUTES, viewer), 10).map((shown) => shown.RecId),
      [2, 4],
    );
    assert.deepEqual(
      feedItemsToShow(items, homeAreas(ROUTES, owner), 10).map((shown) => shown.RecId),
      [1, 2, 4],
    );
  });
  test("at most the limit", () => {
    assert.equal(feedItemsToShow(items, homeAreas(ROUTES, owner), 2).length, 2);
  });
});
