import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, mock, test } from "node:test";
import { createDelayedSwitch } from "../../../runtime/components/timing/delayed-switch.ts";
import { createLongPress } from "../../../runtime/components/timing/long-press.ts";
import { debounce, throttle } from "../../../runtime/components/timing/rate-limit.ts";
import {
  LONG_PRESS_REPEAT_MS,
  LONG_PRESS_START_MS,
  SCROLL_STOP_DELAY_MS,
  SUB_MENU_CLOSE_DELAY_MS,
  SUB_MENU_OPEN_DELAY_MS,
  TOOLTIP_SHOW_DELAY_MS,
  TOOLTIP_TARGET_REFRESH_DEBOUNCE_MS,
  VIRTUAL_LIST_THROTTLE_MS,
} from "../../../runtime/state/constants.ts";

beforeEach(() => mock.timers.enable({ apis: ["setTimeout", "setInterval"] }));
afterEach(() => mock.timers.reset());

test("§9 timings", () => {
  assert.deepEqual(
    [SUB_MENU_OPEN_DELAY_MS, SUB_MENU_CLOSE_DELAY_MS, LONG_PRESS_START_MS, LONG_PRESS_REPEAT_MS],
    [100, 100, 400, 50],
  );
  assert.deepEqual(
    [
      SCROLL_STOP_DELAY_MS,
      TOOLTIP_SHOW_DELAY_MS,
      TOOLTIP_TARGET_REFRESH_DEBOUNCE_MS,
      VIRTUAL_LIST_THROTTLE_MS,
    ],
    [100, 300, 500, 50],
  );
});

describe("§9 sub-menu: opens after 100 ms, closes after 100 ms", () => {
  const subMenu = () => {
    const changes: boolean[] = [];
    const timing = createDelayedSwitch({
      onDelayMs: SUB_MENU_OPEN_DELAY_MS,
      offDelayMs: SUB_MENU_CLOSE_DELAY_MS,
      onChange: (on) => changes.push(on),
    });
    return { timing, changes };
  };
  test("hovering opens it only once the delay has passed", () => {
    const { timing, changes } = subMenu();
    timing.requestOn();
    mock.timers.tick(SUB_MENU_OPEN_DELAY_MS - 1);
    assert.deepEqual(changes, []);
    mock.timers.tick(1);
    assert.deepEqual(changes, [true]);
  });
  test("leaving closes it after the close delay", () => {
    const { timing, changes } = subMenu();
    timing.set(true);
    timing.requestOff();
    mock.timers.tick(SUB_MENU_CLOSE_DELAY_MS - 1);
    assert.equal(timing.isOn(), true);
    mock.timers.tick(1);
    assert.deepEqual(changes, [true, false]);
  });
  test("crossing the gap to the sub-menu (leave, then enter within the delay) keeps it open", () => {
    const { timing, changes } = subMenu();
    timing.set(true);
    timing.requestOff();
    mock.timers.tick(SUB_MENU_CLOSE_DELAY_MS / 2);
    timing.requestOn();
    mock.timers.tick(SUB_MENU_CLOSE_DELAY_MS * 5);
    assert.deepEqual(changes, [true]);
  });
  test("passing over an item quickly never opens it", () => {
    const { timing, changes } = subMenu();
    timing.requestOn();
    mock.timers.tick(SUB_MENU_OPEN_DELAY_MS / 2);
    timing.requestOff();
    mock.timers.tick(SUB_MENU_OPEN_DELAY_MS * 5);
    assert.deepEqual(changes, []);
  });
  test("dispose cancels what is pending", () => {
    const { timing, changes } = subMenu();
    timing.requestOn();
    timing.dispose();
    mock.timers.tick(SUB_MENU_OPEN_DELAY_MS * 2);
    assert.deepEqual(changes, []);
  });
});

test("§9 tooltip: shows after 300 ms, hides at once", () => {
  const changes: boolean[] = [];
  const timing = createDelayedSwitch({
    onDelayMs: TOOLTIP_SHOW_DELAY_MS,
    offDelayMs: 0,
    onChange: (on) => changes.push(on),
  });
  timing.requestOn();
  mock.timers.tick(TOOLTIP_SHOW_DELAY_MS - 1);
  assert.deepEqual(changes, []);
  mock.timers.tick(1);
  timing.requestOff();
  assert.deepEqual(changes, [true, false]);
});

describe("§9 long press: starts after 400 ms, repeats every 50 ms", () => {
  test("held: fires at 400 ms and every 50 ms after, until released", () => {
    let count = 0;
    const press = createLongPress(() => {
      count += 1;
    });
    press.press();
    mock.timers.tick(LONG_PRESS_START_MS - 1);
    assert.equal(count, 0);
    mock.timers.tick(1);
    assert.equal(count, 1);
    mock.timers.tick(LONG_PRESS_REPEAT_MS * 4);
    assert.equal(count, 5);
    assert.equal(press.release(), true, "a long press happened: the click is skipped");
    mock.timers.tick(LONG_PRESS_REPEAT_MS * 10);
    assert.equal(count, 5);
  });
  test("a short press is an ordinary click", () => {
    let count = 0;
    const press = createLongPress(() => {
      count += 1;
    });
    press.press();
    mock.timers.tick(LONG_PRESS_START_MS - 1);
    assert.equal(press.release(), false);
    mock.timers.tick(LONG_PRESS_START_MS);
    assert.equal(count, 0);
  });
  test("pressing again restarts the wait", () => {
    let count = 0;
    const press = createLongPress(() => {
      count += 1;
    });
    press.press();
    mock.timers.tick(LONG_PRESS_START_MS - 10);
    press.press();
    mock.timers.tick(LONG_PRESS_START_MS - 10);
    assert.equal(count, 0);
    mock.timers.tick(10);
    assert.equal(count, 1);
    press.dispose();
  });
});

describe("debounce: scroll-stop after 100 ms, tooltip target refresh after 500 ms", () => {
  for (const [name, delay] of [
    ["scroll-stop", SCROLL_STOP_DELAY_MS],
    ["tooltip target refresh", TOOLTIP_TARGET_REFRESH_DEBOUNCE_MS],
  ] as const) {
    test(`${name}: reported once, ${delay} ms after the last event, with its arguments`, () => {
      const calls: number[] = [];
      const stopped = debounce((position: number) => calls.push(position), delay);
      stopped(1);
      mock.timers.tick(delay - 1);
      stopped(2);
      mock.timers.tick(delay - 1);
      assert.deepEqual(calls, []);
      mock.timers.tick(1);
      assert.deepEqual(calls, [2]);
    });
  }
  test("cancel drops the pending call", () => {
    const calls: number[] = [];
    const stopped = debounce(() => calls.push(1), SCROLL_STOP_DELAY_MS);
    stopped();
    stopped.cancel();
    mock.timers.tick(SCROLL_STOP_DELAY_MS * 2);
    assert.deepEqual(calls, []);
  });
});

test("throttle: the virtual list handles scrolling at most every 50 ms, first and last positions included", () => {
  const seen: number[] = [];
  const onScroll = throttle((top: number) => seen.push(top), VIRTUAL_LIST_THROTTLE_MS);
  onScroll(0);
  for (let top = 10; top <= 90; top += 10) {
    mock.timers.tick(5);
    onScroll(top);
  }
  assert.deepEqual(seen, [0], "leading call only so far (45 ms passed)");
  mock.timers.tick(VIRTUAL_LIST_THROTTLE_MS);
  assert.deepEqual(seen, [0, 90], "trailing call with the latest position");
  mock.timers.tick(VIRTUAL_LIST_THROTTLE_MS * 3);
  assert.deepEqual(seen, [0, 90]);
  onScroll(100);
  assert.deepEqual(seen, [0, 90, 100], "after a quiet period the next call runs at once");
});
