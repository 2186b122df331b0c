/**
 * Recovery, credential changes and signup through the gateway, against the real upstream: forgot
 * and reset password, forgot domain, change password, disable 2FA by mail link, signup only while
 * the gateway's switch (derived from the upstream's configuration in app.ts) is open.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { GatewayErrorCode } from "../../../../server/gateway/errors/gateway-error-codes.ts";
import { ErrorCode } from "../../../../server/upstream/http/error-codes.ts";
import { type RunningUpstream, signIn } from "../../upstream/upstream-fixture.ts";
import {
  browser,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  signInAs,
  startGateway,
  startRealUpstream,
  type TestGateway,
} from "./gateway-fixture.ts";

let upstream: RunningUpstream;
let gateway: TestGateway;

before(async () => {
  upstream = await startRealUpstream();
  gateway = await startGateway(upstream);
});
after(async () => {
  await gateway.close();
  await upstream.close();
});

/** The mail link token of the newest mail of `kind` to `email` (read from the upstream outbox as staff). */
async function mailToken(email: string, kind: string): Promise<string> {
  const staff = await signIn(upstream, "staffAdmin");
  const reply = await staff.get(`/api/Admin/EmailOutbound?to=${encodeURIComponent(email)}`);
  const mails = (reply.body.Items as { Kind: string; Body: string }[]).filter((mail) => mail.Kind === kind);
  const token = /token=([A-Za-z0-9_-]{43})/.exec(mails[0]?.Body ?? "")?.[1];
  assert.ok(token, `a ${kind} mail to ${email}`);
  return token;
}

describe("password recovery", () => {
  test("forgot password → mail → reset through the gateway → the new password signs in", async () => {
    const { domain, email } = DEMO_LOGINS.starter;
    const client = await browser(gateway);
    const unknown = await client.post("/gw/session/forgot-password", { email: "nobody@nowhere.example" });
    assert.equal(unknown.status, 204, "no hint whether the address exists");
    assert.equal((await client.post("/gw/session/forgot-password", { domain, email })).status, 204);
    const token = await mailToken(email, "PasswordReset");
    const weak = await client.post("/gw/session/reset-password", { token, password: "short" });
    assert.equal(weak.status, 400);
    assert.equal(weak.body.ErrorCode, ErrorCode.PasswordTooWeak);
    assert.equal(
      (await client.post("/gw/session/reset-password", { token, password: "brand-new-secret" })).status,
      204,
    );
    const login = await client.post("/gw/session/login", { domain, email, password: "brand-new-secret" });
    assert.equal(login.status, 200);
  });

  test("forgot domain answers 204 whether or not the address exists", async () => {
    const client = await browser(gateway);
    assert.equal(
      (await client.post("/gw/session/forgot-domain", { email: DEMO_LOGINS.consultant.email })).status,
      204,
    );
    assert.equal(
      (await client.post("/gw/session/forgot-domain", { email: "nobody@nowhere.example" })).status,
      204,
    );
  });
});

describe("change password", () => {
  test("needs a session; a wrong current password gets the upstream's code; the session survives a change", async () => {
    const anonymous = await browser(gateway);
    const refused = await anonymous.post("/gw/session/change-password", {
      currentPassword: "a",
      newPassword: "b",
    });
    assert.equal(refused.status, 401);
    assert.equal(refused.body.ErrorCode, GatewayErrorCode.NotSignedIn);

    const client = await signInAs(gateway, "analyst");
    const wrong = await client.post("/gw/session/change-password", {
      currentPassword: "not-it",
      newPassword: "another-long-secret",
    });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.ErrorCode, ErrorCode.CurrentPasswordIncorrect);
    const changed = await client.post("/gw/session/change-password", {
      currentPassword: DEMO_PASSWORD,
      newPassword: "another-long-secret",
    });
    assert.equal(changed.status, 204);
    assert.equal((await client.get("/gw/session")).status, 200, "the current session is kept");
  });
});

describe("disable 2FA by mail link", () => {
  test("request with the password → mail → disable → the next login has no second step", async () => {
    const { domain, email } = DEMO_LOGINS.secure;
    const client = await browser(gateway);
    const wrong = await client.post("/gw/session/disable-2fa/request", { domain, email, password: "wrong" });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.ErrorCode, ErrorCode.InvalidCredentials);
    const requested = await client.post("/gw/session/disable-2fa/request", {
      domain,
      email,
      password: DEMO_PASSWORD,
    });
    assert.equal(requested.status, 204);
    const token = await mailToken(email, "DisableTwoFactor");
    assert.equal((await client.post("/gw/session/disable-2fa", { token })).status, 204);
    const login = await client.post("/gw/session/login", { domain, email, password: DEMO_PASSWORD });
    assert.equal(login.status, 200);
    assert.equal(login.body.user.User.Email, email);
  });
});

describe("signup", () => {
  const newAccount = {
    accountName: "Fabrikam",
    domain: "fabrikam",
    fullName: "Fiona Fabrikam",
    email: "fiona@fabrikam.example",
    password: "fabrikam-secret",
  };

  test("refused while the gateway's switch is closed, before the upstream is asked", async () => {
    const client = await browser(gateway);
    const reply = await client.post("/gw/session/signup", newAccount);
    assert.equal(reply.status, 403);
    assert.equal(reply.body.ErrorCode, GatewayErrorCode.SignupNotAllowed);
  });

  test("when allowed: creates the account and signs its owner in", async () => {
    const open = await startGateway(upstream, { signupAllowed: true });
    try {
      const client = await browser(open);
      const reply = await client.post("/gw/session/signup", { ...newAccount, redirect: "/dashboards" });
      assert.equal(reply.status, 201, JSON.stringify(reply.body));
      assert.equal(reply.body.user.User.Email, newAccount.email);
      assert.equal(reply.body.user.User.Domain, newAccount.domain);
      assert.equal(reply.body.redirect, "/dashboards");
      assert.equal((await client.get("/gw/session")).status, 200);
      const taken = await (await browser(open)).post("/gw/session/signup", {
        ...newAccount,
        email: "x@fabrikam.example",
      });
      assert.equal(taken.status, 409);
      assert.equal(taken.body.ErrorCode, ErrorCode.DomainTaken);
    } finally {
      await open.close();
    }
  });
});
