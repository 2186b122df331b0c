import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";
import { ApiError, UNKNOWN_FAILURE_KEY } from "../../../runtime/http/api-error.ts";
import { PING_PATH, pingSession } from "../../../runtime/shell/overlays.tsx";
import { setDisconnectionWarning, shellStore } from "../../../runtime/shell/shell-store.ts";
import { bannerStore, dismissBanner } from "../../../runtime/state/banner-store.ts";

describe("the disconnection overlay's ping (§4.2, §7 v2/User/Ping)", () => {
  beforeEach(() => setDisconnectionWarning(true));
  afterEach(() => dismissBanner());

  test("a successful ping clears the warning", async () => {
    const paths: string[] = [];
    await pingSession(async <T>(path: string) => {
      paths.push(path);
      return null as T;
    });
    assert.deepEqual(paths, [PING_PATH]);
    assert.equal(shellStore.get().disconnectionWarning, false);
    assert.equal(bannerStore.get().banner, null);
  });

  test("a failed ping keeps the warning and shows the generic error banner (§8)", async () => {
    await pingSession(async () => {
      throw new ApiError(0, null, "offline", null, false, "NETWORK");
    });
    assert.equal(shellStore.get().disconnectionWarning, true);
    assert.deepEqual(bannerStore.get().banner, {
      id: bannerStore.get().banner?.id,
      kind: "error",
      textKey: UNKNOWN_FAILURE_KEY,
    });
  });

  test("an aborted ping is silent", async () => {
    await pingSession(async () => {
      throw new ApiError(0, null, "aborted", null, true);
    });
    assert.equal(shellStore.get().disconnectionWarning, true);
    assert.equal(bannerStore.get().banner, null);
  });
});
