/**
 * The settings the gateway derives from the upstream's configuration (plugins/upstream-settings.ts),
 * over real sockets against a small fake of `GET /ws/Gateway/Settings`: the service token, failing
 * closed on every answer that is not a valid one (§2.1, §5: signup only when configuration allows
 * it), one warning per outage, the poll on fake timers, and the read at once after a relayed
 * configuration change, which must start after the change.
 */
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { after, before, describe, mock, test } from "node:test";
import Fastify, { type FastifyBaseLogger } from "fastify";
import {
  UPSTREAM_SETTINGS_REFRESH_MS,
  UpstreamSettings,
  upstreamSettings,
} from "../../../server/gateway/plugins/upstream-settings.ts";

const TOKEN = "settings-service-token-0123456789abcdef";

/** What the fake answers: a status and a raw body, or a hold until `release` is called. */
interface FakeState {
  status: number;
  body: string;
  hits: number;
  tokens: (string | undefined)[];
  hold: boolean;
  held: (() => void)[];
}

/** The fake upstream: `/ws/Gateway/Settings` answers `state`; a held answer is the body at arrival. */
async function fakeUpstream(): Promise<{ state: FakeState; base: string; close(): Promise<void> }> {
  const state: FakeState = { status: 200, body: "", hits: 0, tokens: [], hold: false, held: [] };
  const server = http.createServer((request, response) => {
    if (request.url !== "/ws/Gateway/Settings") {
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

const allowed = (value: boolean) => JSON.stringify({ SignupAllowed: value });
const WARN = 40;

describe("reading the upstream's settings", () => {
  let fake: Awaited<ReturnType<typeof fakeUpstream>>;
  before(async () => {
    fake = await fakeUpstream();
  });
  after(() => fake.close());

  test("signup is allowed exactly when the upstream says SignupAllowed true; the service token is sent", async () => {
    const settings = new UpstreamSettings({
      webservicesBase: fake.base,
      serviceToken: TOKEN,
      log: recordingLog().log,
    });
    assert.equal(settings.signupAllowed(), false, "before any read: unknown, so closed");
    fake.state.body = allowed(true);
    assert.equal(await settings.refresh(), true);
    assert.equal(settings.signupAllowed(), true);
    assert.equal(fake.state.tokens.at(-1), `Bearer ${TOKEN}`);
    fake.state.body = allowed(false);
    assert.equal(await settings.refresh(), true);
    assert.equal(settings.signupAllowed(), false);
  });

  // Each starts from an allowed state, so a kept "true" fails the case.
  const failures: { name: string; status: number; body: string }[] = [
    { name: "a 500", status: 500, body: '{"ErrorCode":1,"Message":"x"}' },
    { name: "a 401 (the upstream does not know the token)", status: 401, body: '{"ErrorCode":2001}' },
    { name: "a 404 (an upstream without the call)", status: 404, body: "" },
    { name: "a 204 with no body", status: 204, body: "" },
    { name: "not JSON", status: 200, body: "<html>" },
    { name: "SignupAllowed as text", status: 200, body: '{"SignupAllowed":"true"}' },
    { name: "SignupAllowed missing", status: 200, body: "{}" },
    { name: "an unknown field", status: 200, body: '{"SignupAllowed":true,"Other":1}' },
    { name: "an array", status: 200, body: "[true]" },
  ];
  for (const failure of failures) {
    test(`fails closed on ${failure.name}`, async () => {
      fake.state.status = 200;
      fake.state.body = allowed(true);
      const settings = new UpstreamSettings({
        webservicesBase: fake.base,
        serviceToken: TOKEN,
        log: recordingLog().log,
      });
      assert.equal(await settings.refresh(), true);
      assert.equal(settings.signupAllowed(), true);
      fake.state.status = failure.status;
      fake.state.body = failure.body;
      assert.equal(await settings.refresh(), false);
      assert.equal(settings.signupAllowed(), false, "was allowed, now unknown");
      fake.state.status = 200;
    });
  }

  test("fails closed when the upstream goes away", async () => {
    const gone = await fakeUpstream();
    gone.state.body = allowed(true);
    const settings = new UpstreamSettings({
      webservicesBase: gone.base,
      serviceToken: TOKEN,
      log: recordingLog().log,
    });
    assert.equal(await settings.refresh(), true);
    assert.equal(settings.signupAllowed(), true);
    await gone.close();
    assert.equal(await settings.refresh(), false);
    assert.equal(settings.signupAllowed(), false);
  });

  test("an outage is warned about once, and its end is logged", async () => {
    const { log, lines } = recordingLog();
    const settings = new UpstreamSettings({ webservicesBase: fake.base, serviceToken: TOKEN, log });
    fake.state.status = 503;
    for (let i = 0; i < 3; i += 1) assert.equal(await settings.refresh(), false);
    assert.deepEqual(
      lines.filter((line) => line.level === WARN).map((line) => line.msg),
      ["upstream settings: cannot read them; signup is closed until they can"],
    );
    fake.state.status = 200;
    fake.state.body = allowed(true);
    assert.equal(await settings.refresh(), true);
    assert.ok(lines.some((line) => line.msg === "upstream settings: readable again"));
    assert.equal(settings.signupAllowed(), true);
  });

  test("without a service token nothing is read, signup stays closed and the gap is an error", async () => {
    const { log, lines } = recordingLog();
    const hits = fake.state.hits;
    fake.state.body = allowed(true);
    const settings = new UpstreamSettings({ webservicesBase: fake.base, serviceToken: null, log });
    assert.equal(await settings.start(), false);
    assert.equal(await settings.refresh(), false);
    settings.stop();
    assert.equal(fake.state.hits, hits, "the upstream was not asked");
    assert.equal(settings.signupAllowed(), false);
    assert.ok(lines.some((line) => line.level === 50 && /UPSTREAM_SERVICE_TOKEN/.test(line.msg)));
  });

  test("a read after a change waits for a read in flight that began before it, then reads again", async () => {
    const settings = new UpstreamSettings({
      webservicesBase: fake.base,
      serviceToken: TOKEN,
      log: recordingLog().log,
    });
    fake.state.body = allowed(false);
    fake.state.hold = true;
    const hits = fake.state.hits;
    const before = settings.refresh();
    while (fake.state.hits === hits) await new Promise((resolve) => setImmediate(resolve));
    // Staff open signup while that read is on its way back with the old value.
    fake.state.body = allowed(true);
    fake.state.hold = false;
    const afterChange = settings.refreshAfterChange();
    fake.state.held.splice(0).forEach((answer) => {
      answer();
    });
    assert.equal(await before, true);
    assert.equal(await afterChange, true);
    assert.equal(fake.state.hits, hits + 2, "a second read");
    assert.equal(settings.signupAllowed(), true);
  });
});

describe("the poll", () => {
  let fake: Awaited<ReturnType<typeof fakeUpstream>>;
  before(async () => {
    fake = await fakeUpstream();
    mock.timers.enable({ apis: ["setInterval"] });
  });
  after(async () => {
    mock.timers.reset();
    await fake.close();
  });

  test("start reads at once, then a change at the upstream applies at the next interval", async () => {
    fake.state.body = allowed(false);
    const settings = new UpstreamSettings({
      webservicesBase: fake.base,
      serviceToken: TOKEN,
      log: recordingLog().log,
    });
    assert.equal(await settings.start(), true);
    assert.equal(settings.signupAllowed(), false);
    fake.state.body = allowed(true);
    const hits = fake.state.hits;
    mock.timers.tick(UPSTREAM_SETTINGS_REFRESH_MS - 1);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(fake.state.hits, hits, "not before the interval");
    assert.equal(settings.signupAllowed(), false);
    mock.timers.tick(1);
    while (fake.state.hits === hits) await new Promise((resolve) => setImmediate(resolve));
    await settings.refresh(); // joins the interval's read
    assert.equal(fake.state.hits, hits + 1, "one read, the interval's");
    assert.equal(settings.signupAllowed(), true);
    settings.stop();
  });
});

describe("a relayed configuration change", () => {
  let fake: Awaited<ReturnType<typeof fakeUpstream>>;
  before(async () => {
    fake = await fakeUpstream();
  });
  after(() => fake.close());

  /** The request, the relay's answer status, whether the settings are read before that answer leaves. */
  const cases: { method: string; url: string; status: number; reads: boolean }[] = [
    { method: "PUT", url: "/api/Admin/Configuration/SignupAllowed", status: 200, reads: true },
    { method: "POST", url: "/api/Admin/Configuration", status: 201, reads: true },
    { method: "DELETE", url: "/api/Admin/Configuration/SignupAllowed", status: 204, reads: true },
    { method: "PUT", url: "/api/admin/CONFIGURATION/SignupAllowed/?x=1", status: 200, reads: true },
    { method: "PUT", url: "/api/Admin/Configuration/SignupAllowed", status: 403, reads: false },
    { method: "PUT", url: "/api/Admin/Configuration/SignupAllowed", status: 400, reads: false },
    { method: "GET", url: "/api/Admin/Configuration/SignupAllowed", status: 200, reads: false },
    { method: "PUT", url: "/api/Admin/ConfigurationX", status: 200, reads: false },
    { method: "PUT", url: "/api/Account/Settings", status: 200, reads: false },
  ];
  for (const { method, url, status, reads } of cases) {
    test(`${method} ${url} answered ${status}: ${reads ? "read before the answer" : "no read"}`, async () => {
      const app = Fastify({ logger: false });
      const settings = upstreamSettings(app, { webservicesBase: fake.base, serviceToken: TOKEN });
      // Stands in for the REST relay: the upstream's answer to the change.
      app.all("/api/*", async (_request, reply) => reply.code(status).send(status === 204 ? undefined : {}));
      await app.ready();
      try {
        assert.equal(app.upstreamSettings, settings);
        fake.state.body = allowed(false);
        await settings.refresh();
        assert.equal(settings.signupAllowed(), false);
        fake.state.body = allowed(true);
        const hits = fake.state.hits;
        const answer = await app.inject({ method, url });
        assert.equal(answer.statusCode, status);
        assert.equal(fake.state.hits - hits, reads ? 1 : 0);
        assert.equal(settings.signupAllowed(), reads, "already in force when the answer left");
      } finally {
        await app.close();
      }
    });
  }
});
