/**
 * The page's side of the configuration plane (runtime/config/page-config.ts): the report a tab sends
 * on every hub (re)connect names the page's configuration version and every kind its registries
 * know — all the shipped manifests name, so the shipped configuration is never rejected by the build
 * that ships with it (DESIGN.md §3).
 */
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import "../components/css-stub.ts";
import { unshowableReason } from "../../../runtime/config/manifest-check.ts";
import { SCHEMA_DIGESTS } from "../../../schemas/generated/schema-digests.ts";
import { userManifest } from "./config-fixture.ts";

type PageConfig = typeof import("../../../runtime/config/page-config.ts");
type ManifestStore = typeof import("../../../runtime/state/manifest-store.ts");
let page: PageConfig;
let store: ManifestStore;

before(async () => {
  page = await import("../../../runtime/config/page-config.ts");
  store = await import("../../../runtime/state/manifest-store.ts");
});

describe("the tab report", () => {
  test("before any manifest: no version; then the version on display", () => {
    assert.equal(page.pageTabReport().manifestVersion, null);
    store.setManifest(userManifest(6), null);
    const report = page.pageTabReport();
    assert.equal(report.t, "report");
    assert.equal(report.manifestVersion, 6);
    assert.equal(report.build, "unbuilt");
    // The build's schema digest of each manifest kind, as generated (schemas/generated/schema-digests.ts).
    assert.deepEqual(report.schemas, SCHEMA_DIGESTS);
  });

  test("names the registries' kinds, and they cover every kind the shipped manifests name", async () => {
    const { screenRegistry } = await import("../../../runtime/renderers/screen-registry.ts");
    const { dialogRegistry } = await import("../../../runtime/dialogs/dialog-registry.ts");
    const report = page.pageTabReport();
    assert.deepEqual(report.renderers, screenRegistry.kinds());
    assert.deepEqual(report.dialogs, dialogRegistry.kinds());
    const known = { renderers: new Set(report.renderers), dialogs: new Set(report.dialogs) };
    assert.equal(unshowableReason(userManifest(1), known), null);
  });
});
