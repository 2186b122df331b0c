import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, mock, test } from "node:test";
import {
  bannerStore,
  clickBanner,
  dismissBanner,
  NETWORK_ISSUES_KEY,
  NEW_VERSION_KEY,
  showBanner,
  showNetworkIssuesBanner,
  showNewVersionBanner,
} from "../../../runtime/state/banner-store.ts";
import { BANNER_AUTO_HIDE_MS } from "../../../runtime/state/constants.ts";

const shown = () => bannerStore.get().banner;

describe("the message banner (§4.5, §8)", () => {
  beforeEach(() => mock.timers.enable({ apis: ["setTimeout"] }));
  afterEach(() => {
    dismissBanner();
    mock.timers.reset();
  });

  for (const kind of ["success", "warning", "error"] as const) {
    test(`a ${kind} banner shows and auto-hides after ${BANNER_AUTO_HIDE_MS} ms`, () => {
      const id = showBanner({ kind, textKey: "Saved", params: { name: "x" } });
      assert.deepEqual(shown(), { id, kind, textKey: "Saved", params: { name: "x" } });
      mock.timers.tick(BANNER_AUTO_HIDE_MS - 1);
      assert.equal(shown()?.id, id);
      mock.timers.tick(1);
      assert.equal(shown(), null);
    });
  }

  test("plain text is shown as given", () => {
    const id = showBanner({ kind: "error", text: "Upstream said no" });
    assert.deepEqual(shown(), { id, kind: "error", text: "Upstream said no" });
  });

  test("auto-hiding does not run the callback", () => {
    const onClick = mock.fn();
    showBanner({ kind: "success", textKey: "Saved", onClick });
    mock.timers.tick(BANNER_AUTO_HIDE_MS);
    assert.equal(onClick.mock.callCount(), 0);
  });

  test("a click dismisses the banner and runs its callback once", () => {
    const onClick = mock.fn();
    const id = showBanner({ kind: "warning", textKey: "Careful", onClick });
    clickBanner(id);
    assert.equal(shown(), null);
    assert.equal(onClick.mock.callCount(), 1);
    clickBanner(id);
    mock.timers.tick(BANNER_AUTO_HIDE_MS);
    assert.equal(onClick.mock.callCount(), 1);
  });

  test("a click without a callback only dismisses", () => {
    const id = showBanner({ kind: "success", textKey: "Saved" });
    clickBanner(id);
    assert.equal(shown(), null);
  });

  test("a new banner replaces the old one and restarts the timer", () => {
    const first = mock.fn();
    showBanner({ kind: "error", textKey: "First", onClick: first });
    mock.timers.tick(BANNER_AUTO_HIDE_MS - 100);
    const second = showBanner({ kind: "success", textKey: "Second" });
    mock.timers.tick(100);
    assert.equal(shown()?.id, second);
    mock.timers.tick(BANNER_AUTO_HIDE_MS - 100);
    assert.equal(shown(), null);
    assert.equal(first.mock.callCount(), 0);
  });

  test("a stale id neither dismisses nor clicks the banner on display", () => {
    const old = showBanner({ kind: "error", textKey: "Old" });
    const onClick = mock.fn();
    const current = showBanner({ kind: "error", textKey: "New", onClick });
    dismissBanner(old);
    clickBanner(old);
    assert.equal(shown()?.id, current);
    assert.equal(onClick.mock.callCount(), 0);
  });

  test("'Experiencing network issues' carries the socket icon; a click opens the websockets help page", () => {
    const open = mock.fn<(url: string) => void>();
    const id = showNetworkIssuesBanner("https://help.tessera.example/faq/websockets", open);
    assert.equal(shown()?.icon, "socketDisconnected");
    assert.equal((shown() as { textKey: string }).textKey, NETWORK_ISSUES_KEY);
    clickBanner(id);
    assert.deepEqual(open.mock.calls[0]?.arguments, ["https://help.tessera.example/faq/websockets"]);
  });

  test("the new-version banner; a click reloads when asked to", () => {
    const reload = mock.fn();
    const id = showNewVersionBanner(reload);
    assert.equal((shown() as { textKey: string }).textKey, NEW_VERSION_KEY);
    clickBanner(id);
    assert.equal(reload.mock.callCount(), 1);
  });
});
