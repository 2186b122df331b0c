/**
 * The data of a preview as a user (DESIGN.md §3 "previewed as a given role/account"; config/README.md,
 * `GET /gw/config/preview/accounts/{a}/users/{u}/api/…`, config/preview-data.ts) over real sockets:
 * staff with Configuration Read read the first screen's calls as the demo viewer — what the viewer
 * reads themself, and the same refusals of what a viewer cannot read — while every method but GET is
 * refused, another account's user is not found, members and staff without Configuration are refused,
 * the relay policy's session calls stay out of reach, and no upstream token reaches the browser.
 */
import assert from "node:assert/strict";
import http from "node:http";
import { after, before, describe, test } from "node:test";
import { GatewayErrorCode } from "../../../../server/gateway/errors/gateway-error-codes.ts";
import { BrowserClient, type DemoUser, signedIn } from "./browser-client.ts";
import {
  type RunningGateway,
  type RunningUpstream,
  startGateway,
  startUpstream,
} from "./integration-fixture.ts";

describe("a preview's reads as a user", () => {
  let upstream: RunningUpstream;
  let gateway: RunningGateway;
  let staff: BrowserClient;
  const members = new Map<DemoUser, { client: BrowserClient; user: number; account: number }>();

  async function member(who: DemoUser) {
    const known = members.get(who);
    if (known) return known;
    const client = await signedIn(gateway.url, who);
    const { User } = (await client.get("/api/Common/LoggedInConfig")).json;
    const found = { client, user: User.RecId as number, account: User.AccountRecId as number };
    members.set(who, found);
    return found;
  }

  /** The preview data path of `who` (or of `user` in `account`). */
  async function dataPath(who: DemoUser, path: string, account?: number): Promise<string> {
    const { user, account: own } = await member(who);
    return `/gw/config/preview/accounts/${account ?? own}/users/${user}/api/${path}`;
  }

  before(async () => {
    upstream = await startUpstream();
    gateway = await startGateway(upstream.url);
    // Read only on every admin module: reading as a user needs Read on Configuration, nothing more.
    staff = await signedIn(gateway.url, "staffAuditor");
  });
  after(async () => {
    await gateway.app.close();
    await upstream.close();
  });

  test("GET reads as the viewer: the viewer's own answers, and the viewer's refusals (§6)", async () => {
    const { client: viewer } = await member("viewer");
    const config = await staff.get(await dataPath("viewer", "Common/LoggedInConfig"));
    assert.equal(config.status, 200, config.bytes.toString());
    assert.equal(config.json.User.Email, "viewer@northwind.example");
    assert.equal(config.json.User.IsAdmin, false);
    assert.equal(config.headers.get("cache-control"), "no-store");
    assert.equal(config.headers.get("set-cookie"), null);
    const list = "Content/Recent?limit=5";
    const previewed = await staff.get(await dataPath("viewer", list));
    const own = await viewer.get(`/api/${list}`);
    assert.equal(previewed.status, 200);
    assert.deepEqual(previewed.json, own.json, "the query string passes as sent");
    assert.ok(previewed.json.items.length > 0, "the viewer sees recent dashboards");
    for (const path of ["Users", "Content/TableAndViews/Objects"]) {
      const refused = await staff.get(await dataPath("viewer", path));
      assert.equal(refused.status, 403, path);
      assert.equal(refused.json.ErrorCode, (await viewer.get(`/api/${path}`)).json.ErrorCode, path);
    }
    assert.equal((await staff.get(await dataPath("owner", "Users"))).status, 200, "the owner holds Users");
  });

  test("every method but GET is refused, and nothing reaches the upstream", async () => {
    const path = await dataPath("owner", "Notifications/");
    const before = (await staff.get(path)).json;
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const refused = await staff.request(method, path, { json: { NotificationRecIds: [] } });
      assert.equal(refused.status, 405, method);
      assert.equal(refused.json.ErrorCode, GatewayErrorCode.ConfigPreviewReadOnly, method);
      assert.equal(refused.headers.get("allow"), "GET");
    }
    assert.deepEqual((await staff.get(path)).json, before, "the notifications are unchanged");
  });

  test("only the account named, only call families the browser relay forwards", async () => {
    const { account: contoso } = await member("contoso");
    const otherAccount = await staff.get(await dataPath("viewer", "Common/LoggedInConfig", contoso));
    assert.equal(otherAccount.status, 404);
    assert.equal(otherAccount.json.ErrorCode, GatewayErrorCode.ConfigNotFound);
    for (const path of [
      "Admin/Configuration/PreviewSession",
      "Login",
      "Admin/Users/Impersonate",
      "Nothing/Relayed",
    ]) {
      const refused = await staff.get(await dataPath("viewer", path));
      assert.equal(refused.status, 400, `${path}: ${refused.bytes}`);
      assert.equal(refused.json.ErrorCode, GatewayErrorCode.ConfigBadRequest, path);
    }
    // A dot segment, encoded (fetch would resolve it before sending: a raw request line).
    const dots = await rawGet(
      gateway.url,
      await dataPath("viewer", "Content/%2e%2e/Users"),
      staff.cookieHeader(),
    );
    assert.equal(dots.status, 400);
    assert.equal(JSON.parse(dots.body).ErrorCode, GatewayErrorCode.ConfigBadRequest);
    // A staff account's user is not previewed; nor is a user id that does not exist.
    const auditor = await (await signedIn(gateway.url, "staffAuditor")).get("/api/Common/LoggedInConfig");
    const staffUser = await staff.get(
      `/gw/config/preview/accounts/${auditor.json.User.AccountRecId}/users/${auditor.json.User.RecId}/api/Users`,
    );
    assert.equal(staffUser.status, 403);
    const { account } = await member("viewer");
    assert.equal(
      (await staff.get(`/gw/config/preview/accounts/${account}/users/999999/api/Users`)).status,
      404,
    );
  });

  test("without Configuration Read it is refused: anonymous, members and staff without the module", async () => {
    const path = await dataPath("viewer", "Common/LoggedInConfig");
    const anonymous = await new BrowserClient(gateway.url).get(path);
    assert.equal(anonymous.status, 401);
    const { client: owner } = await member("owner");
    const asMember = await owner.get(path);
    assert.equal(asMember.status, 403);
    assert.equal(asMember.json.ErrorCode, GatewayErrorCode.ConfigNotAllowed);
    // The support agent holds Support and SupportSessions, not Configuration.
    const agent = await signedIn(gateway.url, "supportAgent");
    const asAgent = await agent.get(path);
    assert.equal(asAgent.status, 403);
    assert.equal(asAgent.json.ErrorCode, GatewayErrorCode.ConfigNotAllowed);
  });

  test("no upstream token reaches the browser, and the preview session cannot be had through the relay", async () => {
    const config = await staff.get(await dataPath("viewer", "Common/LoggedInConfig"));
    assert.doesNotMatch(config.bytes.toString(), /"Token"/);
    const { account, user } = await member("viewer");
    const relayed = await staff.post("/api/Admin/Configuration/PreviewSession", {
      AccountRecId: account,
      UserRecId: user,
    });
    assert.notEqual(relayed.status, 200);
    assert.doesNotMatch(relayed.bytes.toString(), /"Token"/);
  });
});

/** A GET sent with its request target exactly as written. */
function rawGet(base: string, path: string, cookie: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path, method: "GET", headers: { cookie } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}
