/**
 * The dialog registry: every component kind of manifests/dialogs.json (and the
 * built-in login announcement) is registered and loads to a component; unknown
 * kinds resolve to nothing (the host renders the visible fallback).
 */
import assert from "node:assert/strict";
import { before, test } from "node:test";
import dialogsManifest from "../../../manifests/dialogs.json" with { type: "json" };
import "../components/css-stub.ts";

type Registry = typeof import("../../../runtime/dialogs/dialog-registry.ts");
let registry: Registry;

before(async () => {
  registry = await import("../../../runtime/dialogs/dialog-registry.ts");
});

const kinds = [...new Set([...dialogsManifest.dialogs.map((d) => d.component), "LoginAnnouncementDialog"])];

test("every manifest dialog component is registered", () => {
  const missing = kinds.filter((kind) => !registry.dialogRegistry.has(kind));
  assert.deepEqual(missing, []);
});

test("each registered kind loads to a function component", async () => {
  for (const kind of registry.dialogRegistry.kinds()) {
    assert.equal(registry.dialogLoader.isReady(kind), false, kind);
    await registry.dialogLoader.load(kind);
    assert.equal(registry.dialogLoader.isReady(kind), true, kind);
  }
  // The loaders registered with the LazyRegistry return a component for every kind.
  for (const kind of registry.dialogRegistry.kinds()) {
    assert.notEqual(registry.dialogRegistry.resolve(kind), null, kind);
  }
});

test("an unknown kind needs no load and resolves to the fallback", () => {
  assert.equal(registry.dialogLoader.isReady("NoSuchDialog"), true);
  assert.equal(registry.dialogRegistry.resolve("NoSuchDialog"), null);
  assert.equal(typeof registry.dialogRegistry.fallback, "function");
});

test("registering a kind twice throws", () => {
  assert.throws(() =>
    registry.dialogRegistry.register("MySettingsDialog", async () => ({ default: () => null })),
  );
});
