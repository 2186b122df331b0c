/**
 * Content routes of the default manifest (§2.2): the area and types of each explorer, explorer paths
 * with `:folderRecId?` or the `folder` query, where an object opens, and the legacy frames (§2.3).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  areaConfig,
  explorerPath,
  explorerRouteOf,
  folderFromLocation,
  historyLink,
  legacyFrameUrl,
  objectLinks,
  openLink,
  PLUGIN_TABS,
  pluginTab,
  recIdParam,
  rootOfTab,
} from "../../../../runtime/screens/content/explorer-area.ts";
import { ROUTES, route } from "./content-fixtures.ts";

describe("areaConfig", () => {
  const cases: Array<[string, string, string[], string[], boolean]> = [
    ["dashboards", "Dashboards", ["Dashboard"], ["Dashboard"], false],
    [
      "data",
      "TableAndViews",
      ["DataTable", "DataFusion", "DataMerge", "DataView"],
      ["DataTable", "DataFusion", "DataMerge", "DataView"],
      false,
    ],
    [
      "connections",
      "Connections",
      ["DataConnection", "ConnectionBroker"],
      ["DataConnection", "ConnectionBroker"],
      false,
    ],
    ["dataLoaders", "DataLoaders", ["DataLoader"], ["DataLoader"], false],
    ["files", "MediaManager", ["Media"], [], true],
    ["alerts", "Alerts", ["Alert"], ["Alert"], false],
  ];
  for (const [id, area, types, creatable, uploads] of cases) {
    test(`${id}: area ${area}`, () => {
      assert.deepEqual(areaConfig(route(id)), {
        area,
        objectTypes: types,
        creatableTypes: creatable,
        uploads,
      });
    });
  }
  test("a route without permission or types has no area", () => {
    assert.equal(areaConfig(route("home")), null);
  });
  test("every explorer route of the manifest names an area", () => {
    for (const candidate of ROUTES.filter((r) => r.screen?.kind === "explorer")) {
      assert.ok(areaConfig(candidate), candidate.id);
    }
  });
});

describe("explorer paths", () => {
  test("routes with :folderRecId? put the folder in the path", () => {
    assert.equal(explorerPath(route("dashboards"), null), "/dashboards");
    assert.equal(explorerPath(route("dashboards"), 8), "/dashboards/8");
    assert.equal(explorerPath(route("dashboards"), 8, "?q=kpi&folder=3"), "/dashboards/8?q=kpi");
  });
  test("routes without the parameter (/dataloader, /alerts) use the folder query", () => {
    assert.equal(explorerPath(route("dataLoaders"), 4), "/dataloader?folder=4");
    assert.equal(explorerPath(route("alerts"), null, "?folder=4&sort=Owner"), "/alerts?sort=Owner");
  });
});

describe("folderFromLocation", () => {
  test("no folder: the area's landing list", () => {
    assert.deepEqual(folderFromLocation(route("dashboards"), {}, ""), {
      ref: { kind: "all" },
      canonical: null,
    });
  });
  test("a folder in the path", () => {
    assert.deepEqual(folderFromLocation(route("dashboards"), { folderRecId: "8" }, ""), {
      ref: { kind: "folder", id: 8 },
      canonical: null,
    });
  });
  test("/media → /files?folder=82 is made canonical as /files/82 (§2.2)", () => {
    assert.deepEqual(folderFromLocation(route("files"), {}, "?folder=82&q=logo"), {
      ref: { kind: "folder", id: 82 },
      canonical: "/files/82?q=logo",
    });
  });
  test("the folder query of a route without the parameter stays", () => {
    assert.deepEqual(folderFromLocation(route("dataLoaders"), {}, "?folder=4"), {
      ref: { kind: "folder", id: 4 },
      canonical: null,
    });
  });
  for (const raw of ["editor", "0", "-1", "1e3", "12abc"]) {
    test(`"${raw}" is not a folder`, () => {
      assert.deepEqual(folderFromLocation(route("dashboards"), { folderRecId: raw }, "").ref, {
        kind: "invalid",
        raw,
      });
    });
  }
});

describe("where an object opens", () => {
  const cases: Array<[string, string, boolean, { view: string | null; edit: string | null }]> = [
    ["Dashboards", "Dashboard", true, { view: "/dashboard/viewer/5", edit: "/dashboard/designer/5" }],
    ["Dashboards", "Dashboard", false, { view: "/dashboard/viewer/5", edit: null }],
    ["Reports", "Report", true, { view: "/report/viewer/5", edit: "/report/editor/5" }],
    ["TableAndViews", "DataFusion", true, { view: null, edit: "/data/editor/5" }],
    ["TableAndViews", "DataTable", false, { view: null, edit: null }],
    ["MediaManager", "Media", true, { view: "/files/viewer/5", edit: null }],
    ["Insights", "Insight", true, { view: null, edit: "/insight/editor/5" }],
    ["Alerts", "Alert", true, { view: null, edit: null }],
    ["LiveDocs", "LiveDoc", true, { view: "/livedoc/viewer/5", edit: null }],
  ];
  for (const [area, type, canWrite, expected] of cases) {
    test(`${type} (${canWrite ? "rw" : "r"})`, () => {
      assert.deepEqual(objectLinks(ROUTES, area, type, 5, canWrite), expected);
    });
  }
  test("the mobile report (no exit button) is never the viewer", () => {
    assert.equal(objectLinks(ROUTES, "Reports", "Report", 5, false).view, "/report/viewer/5");
  });
  test("without the native dashboard designer, the legacy editor the manifest maps", () => {
    const routes = ROUTES.filter((r) => r.id !== "dashboardDesigner");
    assert.equal(objectLinks(routes, "Dashboards", "Dashboard", 5, true).edit, "/dashboard/editor/5");
  });
  test("a shared link's public route is never where a member's object opens", () => {
    const routes = ROUTES.filter((r) => r.id !== "dashboardViewer");
    assert.equal(objectLinks(routes, "Dashboards", "Dashboard", 5, false).view, null);
  });
  test("an upgrade route is not used", () => {
    const routes = ROUTES.map((r) =>
      r.id === "dashboardViewer" ? { ...r, upgrade: { feature: "Dashboard", objectType: "Dashboard" } } : r,
    );
    assert.equal(objectLinks(routes, "Dashboards", "Dashboard", 5, false).view, null);
  });
  test("open: the viewer, else the editor, else nothing", () => {
    assert.equal(openLink({ view: "/v", edit: "/e" }), "/v");
    assert.equal(openLink({ view: null, edit: "/e" }), "/e");
    assert.equal(openLink({ view: null, edit: null }), null);
  });
});

describe("legacy frames the manifest maps (§2.3)", () => {
  test("the dashboard viewer frames the legacy viewer", () => {
    assert.equal(
      legacyFrameUrl(ROUTES, route("dashboardViewer"), "Dashboard", 5),
      "/legacy/dashboard/viewer?id=5",
    );
  });
  test("the data editor frames the fusion and merge editors by type", () => {
    assert.equal(legacyFrameUrl(ROUTES, route("dataEditor"), "DataFusion", 5), "/legacy/data/fusion?id=5");
    assert.equal(legacyFrameUrl(ROUTES, route("dataEditor"), "DataMerge", 5), "/legacy/data/merge?id=5");
    assert.equal(legacyFrameUrl(ROUTES, route("dataEditor"), "DataTable", 5), null);
  });
  test("report, binder and file viewers have none", () => {
    assert.equal(legacyFrameUrl(ROUTES, route("reportViewer"), "Report", 5), null);
    assert.equal(legacyFrameUrl(ROUTES, route("binderViewer"), "Binder", 5), null);
    assert.equal(legacyFrameUrl(ROUTES, route("fileViewer"), "Media", 5), null);
  });
});

describe("helpers", () => {
  test("the explorer route of an area", () => {
    assert.equal(explorerRouteOf(ROUTES, "MediaManager")?.id, "files");
    assert.equal(explorerRouteOf(ROUTES, "Nope"), null);
  });
  test("record ids from the path", () => {
    assert.equal(recIdParam("42"), 42);
    assert.equal(recIdParam("042"), null);
    assert.equal(recIdParam(undefined), null);
    assert.equal(recIdParam("x"), null);
  });
});

describe("history links (§2.2 /scheduleshistory, /alertshistory)", () => {
  test("a schedule or an alert opens its own history", () => {
    assert.equal(historyLink(ROUTES, "Schedule", 9), "/scheduleshistory?object=9");
    assert.equal(historyLink(ROUTES, "Alert", 10), "/alertshistory?object=10");
  });
  test("other types have none", () => {
    assert.equal(historyLink(ROUTES, "Dashboard", 1), null);
  });
});

describe("plugins tabs (§2.2 /plugins/{screenTab?})", () => {
  const cases: Array<[string | undefined, string | null]> = [
    [undefined, "all"],
    ["", "all"],
    ["favourites", "favourites"],
    ["Deleted", "deleted"],
    ["installed", null],
  ];
  for (const [raw, tab] of cases) {
    test(`${JSON.stringify(raw)} → ${tab}`, () => assert.equal(pluginTab(raw), tab));
  }
  test("each tab but all lists a root", () => {
    assert.deepEqual(PLUGIN_TABS, ["all", "personal", "team", "shared", "favourites", "deleted"]);
    assert.equal(rootOfTab("all"), null);
    assert.equal(rootOfTab("shared"), "Shared");
  });
});
