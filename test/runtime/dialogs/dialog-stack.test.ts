/**
 * The dialog stack (§2.5, §4.5, §9) as data: opened then closing and removed
 * after DIALOG_CLOSE_ANIMATION_MS, the loading background and indicator after
 * their delays, closing on a path change unless flagged, one stack for legacy
 * and new dialogs, focus returned on close.
 */
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, mock, test } from "node:test";
import { createDialogController } from "../../../runtime/dialogs/dialog-controller.ts";
import {
  type DialogOpening,
  dialogStackReducer,
  EMPTY_DIALOG_STACK,
  hasOpenLegacyDialog,
  topDialog,
} from "../../../runtime/dialogs/dialog-stack.ts";
import {
  DIALOG_BACKGROUND_DELAY_MS,
  DIALOG_CLOSE_ANIMATION_MS,
  DIALOG_LOADING_INDICATOR_DELAY_MS,
} from "../../../runtime/state/constants.ts";

const opening = (id: string, over: Partial<DialogOpening> = {}): DialogOpening => ({
  id,
  kind: "registry",
  component: `${id}Dialog`,
  titleKey: `DialogTitle_${id}`,
  params: {},
  staysOpenOnNavigation: false,
  readOnly: false,
  legacyUrl: null,
  ...over,
});

describe("dialogStackReducer", () => {
  test("opens on top with increasing keys; loaded components open at once", () => {
    let s = dialogStackReducer(EMPTY_DIALOG_STACK, { type: "open", opening: opening("a"), loaded: true });
    s = dialogStackReducer(s, { type: "open", opening: opening("b"), loaded: false });
    assert.deepEqual(
      s.entries.map((e) => [e.key, e.id, e.phase]),
      [
        [1, "a", "opened"],
        [2, "b", "loading"],
      ],
    );
    assert.equal(topDialog(s)?.id, "b");
  });
  test("the loading flags only rise while something loads and drop with it", () => {
    let s = dialogStackReducer(EMPTY_DIALOG_STACK, { type: "backgroundDue" });
    assert.equal(s.loadingBackground, false);
    s = dialogStackReducer(s, { type: "open", opening: opening("a"), loaded: false });
    s = dialogStackReducer(s, { type: "backgroundDue" });
    s = dialogStackReducer(s, { type: "indicatorDue" });
    assert.equal(s.loadingBackground && s.loadingIndicator, true);
    s = dialogStackReducer(s, { type: "loaded", key: 1 });
    assert.equal(s.loadingBackground || s.loadingIndicator, false);
  });
  test("a path change closes all but the dialogs flagged to stay open (§4.1)", () => {
    let s = EMPTY_DIALOG_STACK;
    s = dialogStackReducer(s, {
      type: "open",
      opening: opening("a", { staysOpenOnNavigation: true }),
      loaded: true,
    });
    s = dialogStackReducer(s, { type: "open", opening: opening("b"), loaded: true });
    s = dialogStackReducer(s, { type: "pathChanged" });
    assert.deepEqual(
      s.entries.map((e) => e.phase),
      ["opened", "closing"],
    );
    assert.equal(topDialog(s)?.id, "a");
  });
  test("remove only drops a closing entry", () => {
    let s = dialogStackReducer(EMPTY_DIALOG_STACK, { type: "open", opening: opening("a"), loaded: true });
    s = dialogStackReducer(s, { type: "remove", key: 1 });
    assert.equal(s.entries.length, 1);
    s = dialogStackReducer(s, { type: "close", key: 1 });
    s = dialogStackReducer(s, { type: "remove", key: 1 });
    assert.equal(s.entries.length, 0);
  });
  test("legacy and new dialogs share the stack; the legacy container shows only with a legacy dialog", () => {
    let s = dialogStackReducer(EMPTY_DIALOG_STACK, { type: "open", opening: opening("a"), loaded: true });
    assert.equal(hasOpenLegacyDialog(s), false);
    s = dialogStackReducer(s, {
      type: "open",
      opening: opening("legacy", { kind: "legacy", legacyUrl: "/legacy/x" }),
      loaded: true,
    });
    assert.equal(hasOpenLegacyDialog(s), true);
    assert.equal(topDialog(s)?.kind, "legacy");
    s = dialogStackReducer(s, { type: "close", key: 2 });
    assert.equal(hasOpenLegacyDialog(s), false);
  });
  test("a failed load shows the failure instead of loading forever", () => {
    let s = dialogStackReducer(EMPTY_DIALOG_STACK, { type: "open", opening: opening("a"), loaded: false });
    s = dialogStackReducer(s, { type: "loadFailed", key: 1 });
    assert.equal(s.entries[0]?.phase, "failed");
  });
});

describe("createDialogController timings (mock timers)", () => {
  beforeEach(() => mock.timers.enable({ apis: ["setTimeout"] }));
  afterEach(() => mock.timers.reset());

  const never = () => new Promise<void>(() => {});

  test(`closing is removed after ${DIALOG_CLOSE_ANIMATION_MS} ms and focus returns at once`, () => {
    const controller = createDialogController({ isReady: () => true, load: never });
    let focused = 0;
    const results: unknown[] = [];
    const key = controller.open(opening("a"), {
      returnFocus: { focus: () => (focused += 1), isConnected: true },
      onClose: (r) => results.push(r),
    });
    controller.close(key, "done");
    assert.equal(controller.store.get().entries[0]?.phase, "closing");
    assert.equal(focused, 1);
    assert.deepEqual(results, ["done"]);
    mock.timers.tick(DIALOG_CLOSE_ANIMATION_MS - 1);
    assert.equal(controller.store.get().entries.length, 1);
    mock.timers.tick(1);
    assert.equal(controller.store.get().entries.length, 0);
  });

  test(`a lazy load shows the background after ${DIALOG_BACKGROUND_DELAY_MS} ms and the indicator after ${DIALOG_LOADING_INDICATOR_DELAY_MS} ms`, () => {
    const controller = createDialogController({ isReady: () => false, load: never });
    controller.open(opening("a"));
    const flags = () => {
      const s = controller.store.get();
      return [s.loadingBackground, s.loadingIndicator];
    };
    mock.timers.tick(DIALOG_BACKGROUND_DELAY_MS - 1);
    assert.deepEqual(flags(), [false, false]);
    mock.timers.tick(1);
    assert.deepEqual(flags(), [true, false]);
    mock.timers.tick(DIALOG_LOADING_INDICATOR_DELAY_MS - DIALOG_BACKGROUND_DELAY_MS - 1);
    assert.deepEqual(flags(), [true, false]);
    mock.timers.tick(1);
    assert.deepEqual(flags(), [true, true]);
  });

  test("a fast load never shows the background", async () => {
    let resolve = () => {};
    const controller = createDialogController({
      isReady: () => false,
      load: () => new Promise<void>((r) => (resolve = r)),
    });
    controller.open(opening("a"));
    mock.timers.tick(DIALOG_BACKGROUND_DELAY_MS - 1);
    resolve();
    await Promise.resolve();
    await Promise.resolve();
    assert.equal(controller.store.get().entries[0]?.phase, "opened");
    mock.timers.tick(DIALOG_LOADING_INDICATOR_DELAY_MS);
    assert.equal(controller.store.get().loadingBackground, false);
  });

  test("Escape closes only the top dialog; closeTop is false on an empty stack", () => {
    const controller = createDialogController({ isReady: () => true, load: never });
    assert.equal(controller.closeTop(), false);
    controller.open(opening("a"));
    controller.open(opening("b"));
    assert.equal(controller.closeTop(), true);
    assert.deepEqual(
      controller.store.get().entries.map((e) => e.phase),
      ["opened", "closing"],
    );
  });

  test("a path change returns focus to where the bottom-most closing dialog was opened from", () => {
    const controller = createDialogController({ isReady: () => true, load: never });
    const order: string[] = [];
    controller.open(opening("a"), { returnFocus: { focus: () => order.push("page") } });
    controller.open(opening("b"), { returnFocus: { focus: () => order.push("inside a") } });
    controller.pathChanged();
    assert.deepEqual(order, ["inside a", "page"]);
    mock.timers.tick(DIALOG_CLOSE_ANIMATION_MS);
    assert.equal(controller.store.get().entries.length, 0);
  });

  test("a disconnected return target is not focused", () => {
    const controller = createDialogController({ isReady: () => true, load: never });
    let focused = false;
    const key = controller.open(opening("a"), {
      returnFocus: { focus: () => (focused = true), isConnected: false },
    });
    controller.close(key);
    assert.equal(focused, false);
  });
});
