/**
 * One user's access fields as the gateway reads them for the preview as that user (DESIGN.md §3
 * "previewed as a given role/account"; plugins/upstream-user-access.ts), over real sockets against a
 * small fake of `GET /ws/Gateway/UserAccess/{userRecId}`: the service token and the user's id are
 * sent, a valid answer is returned as is and read again at every call, a 404 is an unknown user, and
 * every other answer — or none in time — is null and logged.
 */
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { after, before, beforeEach, describe, test } from "node:test";
import Fastify, { type FastifyBaseLogger } from "fastify";
import { LOOKUP_MAX_RESPONSE_BYTES } from "../../../server/gateway/plugins/answer-cache.ts";
import { UpstreamUserAccess } from "../../../server/gateway/plugins/upstream-user-access.ts";
import { freePort } from "../../helpers/free-port.ts";

const TOKEN = "user-access-service-token-0123456789abcdef";
const WARN = 40;

const FEATURES = {
  SupportChat: "Included",
  TablesAndView: "Included",
  Connection: "Optional",
  DataLoader: "Included",
  DataFlow: "Included",
  DataHook: "Included",
  DataScript: "Included",
  DataStream: "Included",
  DocumentsAndMedia: "Included",
  Dashboard: "Included",
  Report: "Included",
  LiveDocs: "Optional",
  Insight: "Included",
  Binder: "Included",
  Addons: "Included",
  Schedules: "Included",
  AutomationAlert: "Included",
};
const CONFIG_FEATURES = {
  FeaturesDashboard: "Included",
  FeaturesBinder: "Included",
  FeaturesTablesAndView: "Included",
  FeaturesDataHook: "Included",
  FeaturesDataStream: "Included",
  FeaturesConnection: "Optional",
  FeaturesDataFlow: "Included",
  FeaturesDataLoader: "Included",
  FeaturesDataScript: "Included",
  FeaturesInsight: "Included",
  FeaturesLiveDoc: "Optional",
  FeaturesReport: "Included",
  FeaturesAutomationAlert: "Included",
  FeaturesSchedule: "Included",
  FeaturesAddon: "Included",
  FeaturesIntegrationAPI: "Optional",
  FeaturesDocumentsAndMedia: "Included",
};
/** A valid answer: a viewer of account 2. */
const VIEWER = {
  User: {
    RecId: 7,
    FullName: "Vera Viewer",
    Email: "viewer@northwind.example",
    AccountRecId: 2,
    IsAdmin: false,
    RolePermissions: ["Dashboards_r", "UserProfileAndPreferences_r"],
    AdminPermissions: [],
    ShowHelpLinks: true,
    MustSetup2FA: false,
    AccountIsWhiteLabel: false,
    AccountMenuLogoIsSet: false,
    AccountTwoFactorAuthenticationPolicy: "Optional",
    AuthenticationProtocol: "Password",
    ...FEATURES,
  },
  ...CONFIG_FEATURES,
};

/** What the fake answers: a status and a raw body (or nothing at all); what it was asked. */
interface FakeState {
  status: number;
  body: string;
  silent: boolean;
  asked: { url: string | undefined; authorization: string | undefined }[];
}

async function fakeUpstream(): Promise<{ state: FakeState; base: string; close(): Promise<void> }> {
  const state: FakeState = { status: 200, body: "", silent: false, asked: [] };
  const server = http.createServer((request, response) => {
    state.asked.push({ url: request.url, authorization: request.headers.authorization });
    if (state.silent) return;
    response.writeHead(state.status, { "content-type": "application/json" }).end(state.body);
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

const json = (value: unknown) => JSON.stringify(value);

describe("reading one user's access fields from the upstream", () => {
  let fake: Awaited<ReturnType<typeof fakeUpstream>>;
  before(async () => {
    fake = await fakeUpstream();
  });
  after(() => fake.close());
  beforeEach(() => {
    fake.state.status = 200;
    fake.state.body = json(VIEWER);
    fake.state.silent = false;
    fake.state.asked.length = 0;
  });

  const reader = (log = recordingLog().log, timeoutMs?: number) =>
    new UpstreamUserAccess({
      webservicesBase: fake.base,
      serviceToken: TOKEN,
      log,
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    });

  test("answers the upstream's fields for the user; the service token and the id are sent", async () => {
    assert.deepEqual(await reader().of(7), VIEWER);
    assert.deepEqual(fake.state.asked, [
      { url: "/ws/Gateway/UserAccess/7", authorization: `Bearer ${TOKEN}` },
    ]);
  });

  test("nothing is kept: every call asks again and sees a change", async () => {
    const access = reader();
    assert.deepEqual(await access.of(7), VIEWER);
    const changed = { ...VIEWER, User: { ...VIEWER.User, RolePermissions: ["Reports_r"] } };
    fake.state.body = json(changed);
    assert.deepEqual(await access.of(7), changed);
    assert.equal(fake.state.asked.length, 2);
  });

  test("a 404 is an unknown user", async () => {
    fake.state.status = 404;
    fake.state.body = '{"ErrorCode":4001,"Message":"User not found."}';
    assert.equal(await reader().of(7), "unknownUser");
  });

  test("an id that is no record id is an unknown user, and the upstream is not asked", async () => {
    for (const id of [0, -3, 1.5, Number.NaN, 2 ** 53]) assert.equal(await reader().of(id), "unknownUser");
    assert.equal(fake.state.asked.length, 0);
  });

  const { Email: _email, ...withoutEmail } = VIEWER.User;
  const failures: { name: string; status: number; body: string }[] = [
    { name: "a 500", status: 500, body: '{"ErrorCode":9001,"Message":"x"}' },
    { name: "a 401 (the upstream does not know the token)", status: 401, body: '{"ErrorCode":2001}' },
    { name: "a 503", status: 503, body: "" },
    { name: "not JSON", status: 200, body: "<html>" },
    { name: "no User", status: 200, body: json(CONFIG_FEATURES) },
    { name: "a User field missing", status: 200, body: json({ ...VIEWER, User: withoutEmail }) },
    {
      name: "a field beyond the access fields (a LoggedInConfig leaking more)",
      status: 200,
      body: json({ ...VIEWER, User: { ...VIEWER.User, UserUID: "abc" } }),
    },
    {
      name: "a role permission that is no entry",
      status: 200,
      body: json({ ...VIEWER, User: { ...VIEWER.User, RolePermissions: ["Dashboards r"] } }),
    },
    {
      name: "a feature of an unknown availability",
      status: 200,
      body: json({ ...VIEWER, FeaturesDashboard: "Maybe" }),
    },
    {
      name: "an account that is not a record id",
      status: 200,
      body: json({ ...VIEWER, User: { ...VIEWER.User, AccountRecId: "2" } }),
    },
    {
      name: "an answer over the lookups' limit",
      status: 200,
      body: json({ ...VIEWER, User: { ...VIEWER.User, FullName: "x".repeat(LOOKUP_MAX_RESPONSE_BYTES) } }),
    },
  ];
  for (const failure of failures) {
    test(`null on ${failure.name}, with a warning`, async () => {
      const { log, lines } = recordingLog();
      fake.state.status = failure.status;
      fake.state.body = failure.body;
      assert.equal(await reader(log).of(7), null);
      assert.ok(
        lines.some((line) => line.level === WARN && /upstream user access: cannot read it/.test(line.msg)),
        JSON.stringify(lines),
      );
    });
  }

  test("null when the upstream does not answer within the timeout", async () => {
    fake.state.silent = true;
    // Long enough for the request to arrive on a busy machine: the upstream was asked and stayed silent.
    assert.equal(await reader(recordingLog().log, 1_000).of(7), null);
    assert.equal(fake.state.asked.length, 1);
  });

  test("null when the upstream cannot be reached", async () => {
    const access = new UpstreamUserAccess({
      webservicesBase: `http://127.0.0.1:${await freePort()}/ws/`,
      serviceToken: TOKEN,
      log: recordingLog().log,
    });
    assert.equal(await access.of(7), null);
  });
});
