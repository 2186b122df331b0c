import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, mock, test } from "node:test";
import { ConnectionTimers } from "../../../../server/upstream/hubs/connection-timers.ts";

describe("ConnectionTimers", () => {
  beforeEach(() => mock.timers.enable({ apis: ["setTimeout", "Date"], now: 1_000_000 }));
  afterEach(() => mock.timers.reset());

  test("after() fires once, after its delay", () => {
    const timers = new ConnectionTimers();
    let fired = 0;
    timers.after("handshake", 15_000, () => fired++);
    mock.timers.tick(14_999);
    assert.equal(fired, 0);
    mock.timers.tick(1);
    assert.equal(fired, 1);
    mock.timers.tick(60_000);
    assert.equal(fired, 1);
    assert.equal(timers.has("handshake"), false);
  });

  test("clear() cancels a pending timer", () => {
    const timers = new ConnectionTimers();
    let fired = 0;
    timers.after("handshake", 100, () => fired++);
    timers.clear("handshake");
    mock.timers.tick(1_000);
    assert.equal(fired, 0);
  });

  test("whenIdle() fires every interval while there is no activity", () => {
    const timers = new ConnectionTimers();
    const lastActivity = Date.now();
    let pings = 0;
    timers.whenIdle(
      "ping",
      15_000,
      () => lastActivity,
      () => pings++,
    );
    mock.timers.tick(15_000);
    assert.equal(pings, 1);
    mock.timers.tick(15_000);
    assert.equal(pings, 2);
  });

  test("whenIdle() activity postpones the next firing to interval after the activity", () => {
    const timers = new ConnectionTimers();
    let lastActivity = Date.now();
    let pings = 0;
    timers.whenIdle(
      "ping",
      15_000,
      () => lastActivity,
      () => {
        pings++;
        lastActivity = Date.now(); // sending the ping is activity too
      },
    );
    mock.timers.tick(10_000);
    lastActivity = Date.now(); // a message was sent at t = 10 s
    mock.timers.tick(5_000); // t = 15 s: idle only 5 s
    assert.equal(pings, 0);
    mock.timers.tick(9_999); // t = 24.999 s
    assert.equal(pings, 0);
    mock.timers.tick(1); // t = 25 s: idle 15 s
    assert.equal(pings, 1);
    mock.timers.tick(15_000);
    assert.equal(pings, 2);
  });

  test("stop() cancels everything and refuses new timers", () => {
    const timers = new ConnectionTimers();
    let fired = 0;
    timers.whenIdle(
      "ping",
      100,
      () => 0,
      () => fired++,
    );
    timers.after("handshake", 100, () => fired++);
    timers.stop();
    timers.after("later", 100, () => fired++);
    mock.timers.tick(10_000);
    assert.equal(fired, 0);
  });

  test("an idle callback that stops the timers is not re-armed", () => {
    const timers = new ConnectionTimers();
    let fired = 0;
    timers.whenIdle(
      "timeout",
      30_000,
      () => 0,
      () => {
        fired++;
        timers.stop();
      },
    );
    mock.timers.tick(120_000);
    assert.equal(fired, 1);
    assert.equal(timers.has("timeout"), false);
  });
});
