/**
 * The relay in front of the REAL embedded upstream (server/upstream, a temporary data dir), over
 * real sockets: public and signed-in calls, a browser-sent token ignored, the webservices base, and
 * the §9 chat attachment (2 MB passes, 2 MB + 1 byte is refused by the upstream and relayed as such).
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { FastifyInstance } from "fastify";
import { buildUpstream } from "../../../../server/upstream/app.ts";
import { DEMO_LOGINS, DEMO_PASSWORD } from "../../../../server/upstream/seed/demo-accounts.ts";
import { productRelayPolicy } from "../../../../server/gateway/relay/relayed-calls.ts";
import { send, startGateway, type TestGateway } from "./relay-fixture.ts";

const TWO_MB = 2 * 1024 * 1024;

describe("REST relay → the embedded upstream", () => {
  let dataDir: string;
  let upstream: FastifyInstance;
  let gateway: TestGateway;
  // The stub session store: cookie `session=<name>` → the upstream token that name signed in with.
  const tokens = new Map<string, string>();

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "tessera-relay-upstream-"));
    upstream = await buildUpstream({ dataDir, seed: true, passwordCost: { N: 1024, r: 8, p: 1 } });
    const upstreamUrl = await upstream.listen({ host: "127.0.0.1", port: 0 });
    gateway = await startGateway(upstreamUrl, {
      policy: productRelayPolicy(),
      identityOf: async (request) => {
        const name = /(?:^|;\s*)session=([a-z]+)/.exec(request.headers.cookie ?? "")?.[1];
        const token = name ? tokens.get(name) : undefined;
        return token ? { bearerToken: token } : null;
      },
    });
    // Signed in at the upstream itself, as the gateway's session endpoints do (the relay refuses Login).
    const login = await fetch(`${upstreamUrl}/api/Login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        Domain: DEMO_LOGINS.owner.domain,
        Email: DEMO_LOGINS.owner.email,
        Password: DEMO_PASSWORD,
      }),
    });
    assert.equal(login.status, 200);
    tokens.set("owner", ((await login.json()) as { Token: string }).Token);
  });
  after(async () => {
    await gateway.close();
    await upstream.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const asOwner = { Cookie: "session=owner" };

  test("GET /api/Common/LoggedInConfig without a session → the upstream's 401, relayed as it is", async () => {
    const answer = await send(gateway.port, "/api/Common/LoggedInConfig");
    assert.equal(answer.status, 401);
    assert.equal(answer.json().ErrorCode, 2001);
  });

  test("a valid upstream token sent by the browser itself is ignored (401): identity comes from the session", async () => {
    const answer = await send(gateway.port, "/api/Common/LoggedInConfig", {
      headers: { Authorization: `Bearer ${tokens.get("owner")}` },
    });
    assert.equal(answer.status, 401);
  });

  test("with the session → 200 and the signed-in user", async () => {
    const answer = await send(gateway.port, "/api/Common/LoggedInConfig", { headers: asOwner });
    assert.equal(answer.status, 200);
    assert.equal(answer.json().User.FullName, DEMO_LOGINS.owner.fullName);
  });

  test("/webservices/ reaches the webservices base (the user's avatar)", async () => {
    const config = (await send(gateway.port, "/api/Common/LoggedInConfig", { headers: asOwner })).json();
    const answer = await send(gateway.port, `/webservices/user/avatar/${config.User.UserUID}`, {
      headers: asOwner,
    });
    assert.equal(answer.status, 200);
    assert.match(String(answer.headers["content-type"]), /^image\//);
    assert.ok(answer.body.length > 0);
  });

  test("a 2 MB chat attachment is relayed and comes back intact; 2 MB + 1 byte gets the upstream's 413", async () => {
    const upload = (bytes: number) => {
      const form = new FormData();
      form.append("Page", "/dashboards");
      form.append("file[]", new Blob([Buffer.alloc(bytes, 0x5a)], { type: "image/png" }), "screen.png");
      return fetch(`${gateway.url}/api/supportchat/file`, { method: "PUT", body: form, headers: asOwner });
    };
    const ok = await upload(TWO_MB);
    assert.ok(ok.status === 200 || ok.status === 201, `status ${ok.status}`);
    const message = (await ok.json()) as { FileID: string };
    const download = await send(gateway.port, `/api/supportchat/file?id=${message.FileID}`, {
      headers: asOwner,
    });
    assert.equal(download.status, 200);
    assert.ok(download.body.equals(Buffer.alloc(TWO_MB, 0x5a)));
    assert.match(String(download.headers["content-disposition"]), /screen\.png/);

    const tooBig = await upload(TWO_MB + 1);
    assert.equal(tooBig.status, 413);
    assert.equal(
      ((await tooBig.json()) as { ErrorCode: number }).ErrorCode,
      5001,
      "the upstream's ChatFileTooLarge",
    );
  });
});
