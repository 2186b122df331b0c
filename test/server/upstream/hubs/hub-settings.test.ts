import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  DEFAULT_CLIENT_TIMEOUT_MS,
  DEFAULT_CONNECTION_TOKEN_TTL_MS,
  DEFAULT_MAX_MESSAGE_BYTES,
  DEFAULT_PING_INTERVAL_MS,
  resolveHubSettings,
} from "../../../../server/upstream/hubs/hub-settings.ts";

const authenticate = async () => null;

describe("resolveHubSettings", () => {
  test("applies the defaults of the brief (15 s ping and token TTL, 30 s client timeout, 64 KiB)", () => {
    const settings = resolveHubSettings({ path: "/hubs/user", authenticate });
    assert.equal(settings.pingIntervalMs, DEFAULT_PING_INTERVAL_MS);
    assert.equal(DEFAULT_PING_INTERVAL_MS, 15_000);
    assert.equal(settings.clientTimeoutMs, DEFAULT_CLIENT_TIMEOUT_MS);
    assert.equal(DEFAULT_CLIENT_TIMEOUT_MS, 30_000);
    assert.equal(settings.connectionTokenTtlMs, DEFAULT_CONNECTION_TOKEN_TTL_MS);
    assert.equal(DEFAULT_CONNECTION_TOKEN_TTL_MS, 15_000);
    assert.equal(settings.maxMessageBytes, DEFAULT_MAX_MESSAGE_BYTES);
    assert.equal(DEFAULT_MAX_MESSAGE_BYTES, 65_536);
  });

  test("keeps explicit values", () => {
    const settings = resolveHubSettings({
      path: "/hubs/chat",
      authenticate,
      pingIntervalMs: 50,
      maxMessageBytes: 10,
    });
    assert.equal(settings.pingIntervalMs, 50);
    assert.equal(settings.maxMessageBytes, 10);
  });

  for (const path of ["hubs/user", "/hubs/user/", "/Hubs/User", "/hubs/:id", "/", "/hubs//user", ""]) {
    test(`rejects the path ${JSON.stringify(path)}`, () =>
      assert.throws(() => resolveHubSettings({ path, authenticate }), TypeError));
  }

  for (const value of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
    test(`rejects a duration of ${value}`, () =>
      assert.throws(
        () => resolveHubSettings({ path: "/hubs/user", authenticate, clientTimeoutMs: value }),
        /clientTimeoutMs/,
      ));
  }
});
