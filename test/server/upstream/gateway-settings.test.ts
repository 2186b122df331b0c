/**
 * The gateway's settings call `GET /ws/Gateway/Settings`: only with the service token, and its
 * SignupAllowed is the rule the upstream's own signup applies (§2.1, §5: allowed by configuration,
 * which staff switch on /admin/configuration).
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { type AdminCallers, assertError, ok, startAdmin } from "./admin-fixture.ts";
import { Client } from "./upstream-fixture.ts";

const SERVICE_TOKEN = "gateway-settings-suite-service-token-0123456789";
const PATH = "/ws/Gateway/Settings";
let c: AdminCallers;
let previousToken: string | undefined;
let service: Client;

before(async () => {
  previousToken = process.env.UPSTREAM_SERVICE_TOKEN;
  process.env.UPSTREAM_SERVICE_TOKEN = SERVICE_TOKEN;
  c = await startAdmin();
  service = new Client(c.upstream.baseUrl, SERVICE_TOKEN);
});
after(async () => {
  if (previousToken === undefined) delete process.env.UPSTREAM_SERVICE_TOKEN;
  else process.env.UPSTREAM_SERVICE_TOKEN = previousToken;
  await c.upstream.close();
});

test("needs the service token: anonymous, a member, staff and a wrong token get 401", async () => {
  for (const [who, client] of [
    ["anonymous", c.anonymous],
    ["member", c.member],
    ["staff", c.admin],
    ["wrong token", c.anonymous.as("wrong-token-wrong-token-wrong-token-0123456")],
  ] as const) {
    assertError(await client.get(PATH), 401, "AuthenticationRequired", who);
  }
  const answer = await service.get(PATH);
  assert.equal(answer.status, 200);
  assert.equal(answer.headers.get("cache-control"), "no-store");
});

/** The staff change on /admin/configuration, then what the gateway reads and what signup does. */
const signupCases: {
  name: string;
  change: () => Promise<{ status: number } | undefined>;
  allowed: boolean;
}[] = [
  { name: "the seed: SignupAllowed true", change: async () => undefined, allowed: true },
  {
    name: "staff set it to false",
    change: () => c.admin.put("/api/Admin/Configuration/SignupAllowed", { Value: "false" }),
    allowed: false,
  },
  {
    name: "staff set it back to true",
    change: () => c.admin.put("/api/Admin/Configuration/SignupAllowed", { Value: "true" }),
    allowed: true,
  },
  {
    name: "a value that is not exactly true (the text yes) closes it",
    change: () => c.admin.put("/api/Admin/Configuration/SignupAllowed", { Value: "yes" }),
    allowed: false,
  },
  {
    name: "staff delete the entry: absent is closed",
    change: () => c.admin.delete("/api/Admin/Configuration/SignupAllowed"),
    allowed: false,
  },
  {
    name: "staff create it again as true",
    change: () =>
      c.admin.post("/api/Admin/Configuration", { Key: "SignupAllowed", Section: "security", Value: "true" }),
    allowed: true,
  },
];

test("SignupAllowed follows the configuration entry, exactly as the upstream's signup does", async () => {
  let n = 0;
  for (const { name, change, allowed } of signupCases) {
    const changed = await change();
    if (changed) assert.ok(changed.status < 300, `${name}: the change answered ${changed.status}`);
    assert.deepEqual(ok(await service.get(PATH), 200, name), { SignupAllowed: allowed }, name);
    n += 1;
    const signup = await c.anonymous.post("/api/Signup", {
      AccountName: `Settings ${n}`,
      Domain: `settings-case-${n}`,
      FullName: "Sam Settings",
      Email: `sam${n}@settings.example`,
      Password: "settings-password-1",
    });
    assert.equal(signup.status, allowed ? 201 : 403, `${name}: signup ${JSON.stringify(signup.body)}`);
  }
});
