import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { ComponentType } from "react";
import { LazyRegistry } from "../../../runtime/renderers/registry.ts";

const LAZY = Symbol.for("react.lazy");
const Fallback: ComponentType<{ kind: string }> = () => null;
const Screen: ComponentType<object> = () => null;

function registry() {
  let loads = 0;
  const screens = new LazyRegistry<object>("screens", Fallback);
  screens.register("report", async () => {
    loads += 1;
    return { default: Screen };
  });
  return { screens, loads: () => loads };
}

describe("LazyRegistry", () => {
  test("a duplicate kind throws; an unknown kind resolves to null and preloads nothing", () => {
    const { screens } = registry();
    assert.throws(() => screens.register("report", async () => ({ default: Screen })), /already registered/);
    assert.equal(screens.resolve("Report"), null);
    assert.equal(screens.preload("missing"), null);
  });

  test("before its module arrives a kind resolves to a lazy component, kept afterwards", async () => {
    const { screens } = registry();
    const first = screens.resolve("report") as unknown as { $$typeof: symbol };
    assert.equal(first.$$typeof, LAZY);
    await screens.preload("report");
    // The same type as before: a rendered screen must never remount because its module arrived.
    assert.equal(screens.resolve("report"), first);
  });

  test("a preloaded kind resolves to the module's own component (no suspending), loaded once", async () => {
    const { screens, loads } = registry();
    await Promise.all([screens.preload("report"), screens.preload("report")]);
    assert.equal(screens.resolve("report"), Screen);
    assert.equal(loads(), 1);
  });

  test("a failed preload resolves (the render shows and retries it) and may load again", async () => {
    let attempts = 0;
    const screens = new LazyRegistry<object>("screens", Fallback).register("flaky", async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("network");
      return { default: Screen };
    });
    await screens.preload("flaky");
    await screens.preload("flaky");
    assert.equal(attempts, 2);
    assert.equal(screens.resolve("flaky"), Screen);
  });

  test("a kind registered with its module resolves to its component at once and counts as a duplicate", async () => {
    const screens = new LazyRegistry<object>("screens", Fallback).registerLoaded("login", {
      default: Screen,
    });
    assert.equal(screens.resolve("login"), Screen);
    assert.equal(await screens.preload("login"), undefined);
    assert.ok(screens.has("login"));
    assert.throws(() => screens.register("login", async () => ({ default: Screen })), /already registered/);
    assert.throws(() => screens.registerLoaded("login", { default: Screen }), /already registered/);
  });
});
