/**
 * The configuration API's rate limits (server/gateway/config/README.md "API"): per staff member, 600
 * reads and 60 changes a minute, each counted apart; past them `429` with `Retry-After`, and the next
 * minute opens again. Through the routes over a real socket, on the real plane and an in-memory store,
 * with the routes' clock moved by hand.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import Fastify, { type FastifyInstance } from "fastify";
import { ConfigPlane } from "../../../../server/gateway/config/config-plane.ts";
import {
  CONFIG_READS_PER_MINUTE,
  CONFIG_WRITES_PER_MINUTE,
  type ConfigStaff,
  configRoutes,
} from "../../../../server/gateway/config/config-routes.ts";
import { IN_MEMORY, SqliteConfigStore } from "../../../../server/gateway/config/sqlite-config-store.ts";
import { ManualClock } from "../../../helpers/manual-clock.ts";
import { defaultBase } from "../session/gateway-fixture.ts";

const STAFF: Record<string, ConfigStaff> = {
  busy: { name: "tessera/busy@tessera.example", read: true, write: true },
  other: { name: "tessera/other@tessera.example", read: true, write: true },
};

let app: FastifyInstance;
let url: string;
let plane: ConfigPlane;
let store: SqliteConfigStore;
let now = Date.UTC(2026, 11, 1, 9, 0, 0);

before(async () => {
  store = new SqliteConfigStore(IN_MEMORY);
  plane = await ConfigPlane.open({
    store,
    base: await defaultBase(),
    log: Fastify({ logger: false }).log,
    clock: new ManualClock(now),
  });
  app = Fastify({ logger: false });
  // Who calls is the test's `x-staff` header; the session side of staffOf is config-api.test.ts's.
  await app.register(configRoutes, {
    plane,
    staffOf: async (request) => STAFF[String(request.headers["x-staff"])] ?? null,
    now: () => now,
  });
  url = await app.listen({ host: "127.0.0.1", port: 0 });
});
after(async () => {
  await app.close();
  await plane.close();
  await store.close();
});

async function call(who: string, method: "GET" | "POST", path: string) {
  const response = await fetch(`${url}/gw/config${path}`, {
    method,
    headers: { "x-staff": who, ...(method === "POST" ? { "content-type": "application/json" } : {}) },
    ...(method === "POST" ? { body: "{}" } : {}),
  });
  const json = (await response.json()) as { ErrorCode?: number };
  return { status: response.status, retryAfter: response.headers.get("retry-after"), json };
}

test("60 changes a minute per staff member, then 429 with Retry-After; reads and other staff are not held", async () => {
  // A change of a change set that does not exist: the limit counts the request, the plane answers 404.
  const change = (who: string) => call(who, "POST", "/changesets/999/cancel");
  for (let index = 0; index < CONFIG_WRITES_PER_MINUTE; index += 1) {
    assert.equal((await change("busy")).status, 404, `change ${index + 1}`);
  }
  const held = await change("busy");
  assert.equal(held.status, 429);
  assert.equal(held.json.ErrorCode, 8077);
  assert.equal(held.retryAfter, "60");
  assert.equal((await call("busy", "GET", "")).status, 200, "reads are counted apart");
  assert.equal((await change("other")).status, 404, "another staff member is not held");
  now += 30_000;
  const later = await change("busy");
  assert.equal(later.status, 429);
  assert.equal(later.retryAfter, "30", "the wait shrinks as the minute passes");
  now += 30_000;
  assert.equal((await change("busy")).status, 404, "a minute after the first, changes are open again");
});

test("600 reads a minute per staff member, then 429 with Retry-After", async () => {
  now += 120_000;
  for (let index = 0; index < CONFIG_READS_PER_MINUTE; index += 1) {
    assert.equal((await call("other", "GET", "/releases")).status, 200, `read ${index + 1}`);
  }
  const held = await call("other", "GET", "/releases");
  assert.equal(held.status, 429);
  assert.equal(held.retryAfter, "60");
  now += 60_000;
  assert.equal((await call("other", "GET", "/releases")).status, 200);
});
