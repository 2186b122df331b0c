/**
 * The upstream's role permission sets as the gateway reads them (plugins/upstream-roles.ts), for the
 * configuration plane's warning on entries no role can see (§6), over real sockets against a small
 * fake of `GET /ws/Gateway/RolePermissions`: the service token, null on every answer that is not a
 * valid one (no warning rather than a wrong one), the answer kept for UPSTREAM_ROLES_TTL_MS on a fake
 * clock, and one warning per outage.
 */
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { after, afterEach, before, beforeEach, describe, mock, test } from "node:test";
import Fastify, { type FastifyBaseLogger } from "fastify";
import {
  UPSTREAM_ROLES_MAX_RESPONSE_BYTES,
  UPSTREAM_ROLES_TTL_MS,
  UpstreamRoles,
} from "../../../server/gateway/plugins/upstream-roles.ts";
import { freePort } from "../../helpers/free-port.ts";

const TOKEN = "roles-service-token-0123456789abcdef";
const SETS = [
  ["Dashboards_r", "UserProfileAndPreferences_r"],
  ["Alerts_rw", "Reports_r"],
];
const WARN = 40;
const INFO = 30;

/** What the fake answers: a status and a raw body; what it was asked with. */
interface FakeState {
  status: number;
  body: string;
  hits: number;
  tokens: (string | undefined)[];
  /** Held answers, sent when released (concurrent reads). */
  hold: boolean;
  held: (() => void)[];
}

/** The fake upstream: `/ws/Gateway/RolePermissions` answers `state`, anything else 404. */
async function fakeUpstream(): Promise<{ state: FakeState; base: string; close(): Promise<void> }> {
  const state: FakeState = { status: 200, body: "", hits: 0, tokens: [], hold: false, held: [] };
  const server = http.createServer((request, response) => {
    if (request.url !== "/ws/Gateway/RolePermissions") {
      response.writeHead(404).end();
      return;
    }
    state.hits += 1;
    state.tokens.push(request.headers.authorization);
    const { status, body } = state;
    const answer = () => response.writeHead(status, { "content-type": "application/json" }).end(body);
    if (state.hold) state.held.push(answer);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ws/`;
  return {
    state,
    base,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A real Fastify logger writing into `lines`, from debug up. */
function recordingLog(): { log: FastifyBaseLogger; lines: { level: number; msg: string }[] } {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: Fastify({ logger: { level: "debug", stream } }).log, lines };
}

const roles = (sets: unknown) => JSON.stringify({ Roles: sets });

/** A valid answer of about `share` × UPSTREAM_ROLES_MAX_RESPONSE_BYTES: distinct one-entry sets. */
function setsOfBytes(share: number): string {
  const sets: string[][] = [];
  let bytes = 0;
  for (let i = 0; bytes < share * UPSTREAM_ROLES_MAX_RESPONSE_BYTES; i += 1) {
    const entry = `Key${i}_rw`;
    sets.push([entry]);
    bytes += entry.length + 5;
  }
  return roles(sets);
}

describe("reading the upstream's role permission sets", () => {
  let fake: Awaited<ReturnType<typeof fakeUpstream>>;
  before(async () => {
    fake = await fakeUpstream();
  });
  after(() => fake.close());
  beforeEach(() => {
    mock.timers.enable({ apis: ["Date"], now: 1_000_000 });
    fake.state.status = 200;
    fake.state.body = roles(SETS);
  });
  afterEach(() => mock.timers.reset());

  const reader = (log = recordingLog().log) =>
    new UpstreamRoles({ webservicesBase: fake.base, serviceToken: TOKEN, log });

  test("answers the upstream's sets; the service token is sent", async () => {
    assert.deepEqual(await reader().permissionSets(), SETS);
    assert.equal(fake.state.tokens.at(-1), `Bearer ${TOKEN}`);
  });

  test("keeps the answer for UPSTREAM_ROLES_TTL_MS, then asks again", async () => {
    const sets = reader();
    const hits = fake.state.hits;
    assert.deepEqual(await sets.permissionSets(), SETS);
    fake.state.body = roles([["Insights_r"]]);
    mock.timers.tick(UPSTREAM_ROLES_TTL_MS - 1);
    assert.deepEqual(await sets.permissionSets(), SETS, "still fresh");
    assert.equal(fake.state.hits, hits + 1, "one read");
    mock.timers.tick(1);
    assert.deepEqual(await sets.permissionSets(), [["Insights_r"]], "read again");
    assert.equal(fake.state.hits, hits + 2);
  });

  test("an answer of many combinations is read, far beyond the other lookups' 64 KiB", async () => {
    fake.state.body = setsOfBytes(0.9);
    assert.ok(Buffer.byteLength(fake.state.body) > 64 * 1024);
    assert.equal((await reader().permissionSets())?.length, JSON.parse(fake.state.body).Roles.length);
  });

  test("concurrent calls share one read", async () => {
    const sets = reader();
    fake.state.hold = true;
    const hits = fake.state.hits;
    const calls = [sets.permissionSets(), sets.permissionSets(), sets.permissionSets()];
    while (fake.state.held.length === 0) await new Promise((resolve) => setImmediate(resolve));
    fake.state.hold = false;
    for (const answer of fake.state.held.splice(0)) answer();
    for (const answer of await Promise.all(calls)) assert.deepEqual(answer, SETS);
    assert.equal(fake.state.hits, hits + 1);
  });

  // Each follows a good answer that has expired, so a kept answer fails the case.
  const failures: { name: string; status: number; body: string }[] = [
    { name: "a 500", status: 500, body: '{"ErrorCode":1,"Message":"x"}' },
    { name: "a 401 (the upstream does not know the token)", status: 401, body: '{"ErrorCode":2001}' },
    { name: "a 404 (an upstream without the call)", status: 404, body: "" },
    { name: "not JSON", status: 200, body: "<html>" },
    { name: "Roles missing", status: 200, body: "{}" },
    { name: "Roles not a list", status: 200, body: '{"Roles":{"a":["Dashboards_r"]}}' },
    { name: "a set that is not a list", status: 200, body: roles(["Dashboards_r"]) },
    { name: "an entry of an unknown level", status: 200, body: roles([["Dashboards_x"]]) },
    { name: "an entry that is no entry", status: 200, body: roles([["Dashboards r; Users_rw"]]) },
    { name: "an entry twice in a set", status: 200, body: roles([["Reports_r", "Reports_r"]]) },
    { name: "anything beyond the sets", status: 200, body: '{"Roles":[],"Accounts":[1]}' },
    { name: "an answer over the limit (valid but for its size)", status: 200, body: setsOfBytes(1.1) },
  ];
  for (const failure of failures) {
    test(`null on ${failure.name}`, async () => {
      const sets = reader();
      assert.deepEqual(await sets.permissionSets(), SETS);
      mock.timers.tick(UPSTREAM_ROLES_TTL_MS);
      fake.state.status = failure.status;
      fake.state.body = failure.body;
      assert.equal(await sets.permissionSets(), null);
    });
  }

  test("null when the upstream cannot be reached", async () => {
    const sets = new UpstreamRoles({
      webservicesBase: `http://127.0.0.1:${await freePort()}/ws/`,
      serviceToken: TOKEN,
      log: recordingLog().log,
    });
    assert.equal(await sets.permissionSets(), null);
  });

  test("a failure is not kept: the next call asks again and gets the sets", async () => {
    const sets = reader();
    fake.state.status = 503;
    assert.equal(await sets.permissionSets(), null);
    fake.state.status = 200;
    assert.deepEqual(await sets.permissionSets(), SETS);
  });

  test("an outage is warned about once, and its end is logged", async () => {
    const { log, lines } = recordingLog();
    const sets = reader(log);
    fake.state.status = 503;
    for (let i = 0; i < 3; i += 1) assert.equal(await sets.permissionSets(), null);
    const warned = () => lines.filter((line) => line.level === WARN).map((line) => line.msg);
    assert.deepEqual(warned(), [
      "upstream roles: cannot read them; no warning on entries no role can see until they can",
    ]);
    fake.state.status = 200;
    assert.deepEqual(await sets.permissionSets(), SETS);
    assert.ok(lines.some((line) => line.level === INFO && line.msg === "upstream roles: readable again"));
    mock.timers.tick(UPSTREAM_ROLES_TTL_MS);
    fake.state.status = 500;
    assert.equal(await sets.permissionSets(), null);
    assert.equal(warned().length, 2, "a new outage is warned about again");
  });
});
