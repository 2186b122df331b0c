import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, mock, test } from "node:test";
import { createDelayedFlag } from "../../../runtime/shell/delayed-flag.ts";
import { PAGE_LOADING_INDICATOR_DELAY_MS } from "../../../runtime/state/constants.ts";

describe(`the page loading indicator appears after ${PAGE_LOADING_INDICATOR_DELAY_MS} ms (§9)`, () => {
  beforeEach(() => mock.timers.enable({ apis: ["setTimeout"] }));
  afterEach(() => mock.timers.reset());

  const flag = () => {
    const changes: boolean[] = [];
    return {
      changes,
      controller: createDelayedFlag(PAGE_LOADING_INDICATOR_DELAY_MS, (v) => changes.push(v)),
    };
  };

  test("not before the delay, at the delay", () => {
    const { changes, controller } = flag();
    controller.set(true);
    mock.timers.tick(PAGE_LOADING_INDICATOR_DELAY_MS - 1);
    assert.deepEqual(changes, []);
    mock.timers.tick(1);
    assert.deepEqual(changes, [true]);
  });

  test("a load that ends before the delay never shows the indicator", () => {
    const { changes, controller } = flag();
    controller.set(true);
    mock.timers.tick(PAGE_LOADING_INDICATOR_DELAY_MS - 1);
    controller.set(false);
    mock.timers.tick(PAGE_LOADING_INDICATOR_DELAY_MS);
    assert.deepEqual(changes, []);
  });

  test("the indicator hides at once when the load ends", () => {
    const { changes, controller } = flag();
    controller.set(true);
    mock.timers.tick(PAGE_LOADING_INDICATOR_DELAY_MS);
    controller.set(false);
    assert.deepEqual(changes, [true, false]);
  });

  test("repeated set(true) does not restart the delay", () => {
    const { changes, controller } = flag();
    controller.set(true);
    mock.timers.tick(PAGE_LOADING_INDICATOR_DELAY_MS - 10);
    controller.set(true);
    mock.timers.tick(10);
    assert.deepEqual(changes, [true]);
    controller.set(true);
    assert.deepEqual(changes, [true]);
  });

  test("dispose stops a pending delay", () => {
    const { changes, controller } = flag();
    controller.set(true);
    controller.dispose();
    mock.timers.tick(PAGE_LOADING_INDICATOR_DELAY_MS);
    assert.deepEqual(changes, []);
  });
});
