/**
 * Impersonation through the gateway (§4.1 step 4, §4.2) over real sockets against the real
 * upstream: the staff's session swaps to the member's upstream identity, is marked impersonating,
 * keeps the staff grant, and stop-impersonation swaps back.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { GatewayErrorCode } from "../../../../server/gateway/errors/gateway-error-codes.ts";
import { ErrorCode } from "../../../../server/upstream/http/error-codes.ts";
import { Client, type RunningUpstream } from "../../upstream/upstream-fixture.ts";
import {
  type Browser,
  browser,
  DEMO_LOGINS,
  signInAs,
  startGateway,
  startRealUpstream,
  type TestGateway,
} from "./gateway-fixture.ts";

let upstream: RunningUpstream;
let gateway: TestGateway;
let viewerRecId: number;
const identityChanges: { sessionId: string; token: string }[] = [];

before(async () => {
  upstream = await startRealUpstream();
  gateway = await startGateway(upstream, {
    onIdentityChanged: (sessionId, token) => identityChanges.push({ sessionId, token }),
  });
  const viewer = await signInAs(gateway, "viewer");
  viewerRecId = (await viewer.get("/gw/session")).body.user.User.RecId;
});
after(async () => {
  await gateway.close();
  await upstream.close();
});

async function identityOf(client: Browser) {
  const cookie = [...client.jar].map(([n, v]) => `${n}=${v}`).join("; ");
  return gateway.session.identityOf({ headers: { cookie } } as never);
}

/** An impersonation token for the viewer, issued to `staff` through the relay. */
async function impersonationToken(staff: Browser): Promise<string> {
  const issued = await staff.post(`/api/Admin/Users/${viewerRecId}/ImpersonationToken`);
  assert.equal(issued.status, 200, JSON.stringify(issued.body));
  return issued.body.Token;
}

function adminRoutes(manifest: { routes: { routes: { path: string }[] } }) {
  return manifest.routes.routes.filter((route) => route.path.startsWith("/admin/"));
}

describe("impersonation", () => {
  test("start: the session relays as the member, marked impersonating; stop: back to the staff", async () => {
    const staff = await signInAs(gateway, "staffAdmin");
    const staffIdentity = await identityOf(staff);
    assert.ok(staffIdentity);
    assert.ok(adminRoutes((await staff.get("/gw/manifest")).body).length > 0);

    const started = await staff.post("/gw/session/impersonation", {
      token: await impersonationToken(staff),
      redirect: "/",
    });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    assert.equal(started.body.impersonating, true);
    assert.equal(started.body.redirect, "/");
    assert.equal(started.body.user.User.Email, DEMO_LOGINS.viewer.email);
    assert.equal(started.body.user.User.Impersonating, true);
    const member = await identityOf(staff);
    assert.equal(member?.sessionId, staffIdentity.sessionId, "the same gateway session");
    assert.notEqual(member?.bearerToken, staffIdentity.bearerToken, "another upstream identity");
    assert.deepEqual(identityChanges.at(-1), {
      sessionId: staffIdentity.sessionId,
      token: member?.bearerToken,
    });

    const probe = await staff.get("/gw/session");
    assert.equal(probe.body.impersonating, true);
    const manifest = (await staff.get("/gw/manifest")).body;
    assert.equal(manifest.user.impersonating, true);
    assert.deepEqual(adminRoutes(manifest), [], "no admin route while impersonating");
    assert.equal((await staff.get("/api/Admin/Accounts")).status, 403, "the relay acts as the member");

    const again = await staff.post("/gw/session/impersonation", { token: "x".repeat(43) });
    assert.equal(again.status, 409);
    assert.equal(again.body.ErrorCode, GatewayErrorCode.AlreadyImpersonating);

    const stopped = await staff.post("/gw/session/stop-impersonation");
    assert.equal(stopped.status, 200, JSON.stringify(stopped.body));
    assert.equal(stopped.body.impersonating, false);
    assert.equal(stopped.body.user.User.Email, DEMO_LOGINS.staffAdmin.email);
    const restored = await identityOf(staff);
    assert.equal(restored?.sessionId, staffIdentity.sessionId);
    assert.deepEqual(identityChanges.at(-1), {
      sessionId: staffIdentity.sessionId,
      token: restored?.bearerToken,
    });
    assert.ok(adminRoutes((await staff.get("/gw/manifest")).body).length > 0, "the admin area is back");

    const twice = await staff.post("/gw/session/stop-impersonation");
    assert.equal(twice.status, 409);
    assert.equal(twice.body.ErrorCode, GatewayErrorCode.NotImpersonating);
  });

  test("refused without a gateway session, for members, and for a token issued to someone else", async () => {
    const anonymous = await browser(gateway);
    const none = await anonymous.post("/gw/session/impersonation", { token: "x".repeat(43) });
    assert.equal(none.status, 401);
    assert.equal(none.body.ErrorCode, GatewayErrorCode.NotSignedIn);

    const owner = await signInAs(gateway, "owner");
    const member = await owner.post("/gw/session/impersonation", { token: "x".repeat(43) });
    assert.equal(member.status, 403);
    assert.equal(member.body.ErrorCode, ErrorCode.StaffOnly);

    const admin = await signInAs(gateway, "staffAdmin");
    const token = await impersonationToken(admin);
    const auditor = await signInAs(gateway, "staffAuditor");
    const stolen = await auditor.post("/gw/session/impersonation", { token });
    assert.equal(stolen.status, 403, "Users Write is needed to impersonate");
    assert.equal((await auditor.get("/gw/session")).body.impersonating, false);
  });

  test("logout while impersonating ends the member's and the staff's upstream sessions", async () => {
    const staff = await signInAs(gateway, "staffAdmin");
    const staffToken = (await identityOf(staff))?.bearerToken as string;
    assert.equal(
      (await staff.post("/gw/session/impersonation", { token: await impersonationToken(staff) })).status,
      200,
    );
    const memberToken = (await identityOf(staff))?.bearerToken as string;
    assert.equal((await staff.post("/gw/session/logout")).status, 204);
    for (const token of [staffToken, memberToken]) {
      assert.equal((await new Client(upstream.baseUrl, token).get("/api/v2/User/Ping")).status, 401);
    }
  });
});
