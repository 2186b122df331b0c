import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, mock, test } from "node:test";
import { ConnectionTokenStore } from "../../../../server/upstream/hubs/connection-tokens.ts";

const alice = { key: "alice" };

describe("ConnectionTokenStore", () => {
  beforeEach(() => mock.timers.enable({ apis: ["setTimeout"] }));
  afterEach(() => mock.timers.reset());

  test("a token is redeemed once, for the principal and connection it was issued for", () => {
    const store = new ConnectionTokenStore<typeof alice>(15_000);
    const issued = store.issue(alice);
    assert.deepEqual(store.redeem(issued.connectionToken), {
      connectionId: issued.connectionId,
      principal: alice,
    });
    assert.equal(store.redeem(issued.connectionToken), undefined);
    assert.equal(store.size, 0);
  });

  test("an unknown token redeems nothing", () => {
    assert.equal(new ConnectionTokenStore(15_000).redeem("guess"), undefined);
  });

  test("a token expires when its lifetime is over, not before", () => {
    const store = new ConnectionTokenStore<typeof alice>(15_000);
    const early = store.issue(alice);
    const late = store.issue(alice);
    mock.timers.tick(14_999);
    assert.notEqual(store.redeem(early.connectionToken), undefined);
    mock.timers.tick(1);
    assert.equal(store.redeem(late.connectionToken), undefined);
    assert.equal(store.size, 0);
  });

  test("tokens and ids are unguessable, distinct and URL-safe; the id is not the token", () => {
    const store = new ConnectionTokenStore<typeof alice>(15_000);
    const issued = Array.from({ length: 50 }, () => store.issue(alice));
    const tokens = new Set(issued.map((grant) => grant.connectionToken));
    assert.equal(tokens.size, 50);
    for (const { connectionToken, connectionId } of issued) {
      assert.match(connectionToken, /^[A-Za-z0-9_-]{43}$/); // 32 random bytes
      assert.match(connectionId, /^[A-Za-z0-9_-]{22}$/); // 16 random bytes
      assert.notEqual(connectionToken, connectionId);
    }
  });

  test("clear revokes every outstanding token", () => {
    const store = new ConnectionTokenStore<typeof alice>(15_000);
    const issued = store.issue(alice);
    store.clear();
    assert.equal(store.redeem(issued.connectionToken), undefined);
  });
});
