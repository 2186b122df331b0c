/**
 * Authentication over real HTTP: password login (with and without domain, wrong password, unknown
 * user), the TOTP second step, logout, token login, session expiry, signup, password reset,
 * forgot domain, change password and turning 2FA off (signed in and by mail link).
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import { totpCode } from "../../../server/upstream/identity/totp.ts";
import { DEFAULT_LIFETIMES } from "../../../server/upstream/options.ts";
import { DEMO_LOGINS, DEMO_PASSWORD, DEMO_TOTP_SECRET } from "../../../server/upstream/seed/demo-accounts.ts";
import { Client, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";

let upstream: RunningUpstream;
let anonymous: Client;

before(async () => {
  upstream = await startUpstream({ debug: true });
  anonymous = new Client(upstream.baseUrl);
});
after(async () => upstream.close());

/** Reads the outbox as the full-rights staff member. */
async function outboxFor(email: string) {
  const staff = await signIn(upstream, "staffAdmin");
  const reply = await staff.get(`/api/Admin/EmailOutbound?to=${encodeURIComponent(email)}`);
  assert.equal(reply.status, 200);
  return reply.body.Items as { Kind: string; Subject: string; Body: string }[];
}

function tokenIn(body: string): string {
  const match = /token=([A-Za-z0-9_-]{43})/.exec(body);
  assert.ok(match, `no token in mail: ${body}`);
  return match[1] as string;
}

test("password login: domain + e-mail + password gives a session token that opens LoggedInConfig", async () => {
  const { domain, email } = DEMO_LOGINS.analyst;
  const login = await anonymous.post("/api/Login", { Domain: domain, Email: email, Password: DEMO_PASSWORD });
  assert.equal(login.status, 200);
  assert.match(login.body.Token, /^[A-Za-z0-9_-]{43}$/);
  assert.equal(login.body.IdleTimeoutSeconds, DEFAULT_LIFETIMES.sessionIdleMs / 1000);
  const config = await anonymous.as(login.body.Token).get("/api/Common/LoggedInConfig");
  assert.equal(config.status, 200);
  assert.equal(config.body.User.Email, email);
});

test("password login: the domain may be left out when the e-mail is in one account; the domain is case-insensitive", async () => {
  const login = await anonymous.post("/api/Login", {
    Email: "VIEWER@northwind.example",
    Password: DEMO_PASSWORD,
  });
  assert.equal(login.status, 200);
  const withDomain = await anonymous.post("/api/Login", {
    Domain: "NorthWind",
    Email: DEMO_LOGINS.viewer.email,
    Password: DEMO_PASSWORD,
  });
  assert.equal(withDomain.status, 200);
});

test("password login: an e-mail in two accounts needs the domain; each domain signs into its own account", async () => {
  const { email } = DEMO_LOGINS.consultant;
  const ambiguous = await anonymous.post("/api/Login", { Email: email, Password: DEMO_PASSWORD });
  assert.equal(ambiguous.status, 400);
  assert.equal(ambiguous.body.ErrorCode, ErrorCode.DomainRequired);
  for (const domain of ["northwind", "contoso"]) {
    const login = await anonymous.post("/api/Login", {
      Domain: domain,
      Email: email,
      Password: DEMO_PASSWORD,
    });
    const config = await anonymous.as(login.body.Token).get("/api/Common/LoggedInConfig");
    assert.equal(config.body.User.Domain, domain);
  }
});

test("password login: wrong password, unknown user and wrong domain all get the same 401", async () => {
  const attempts = [
    { Domain: "northwind", Email: DEMO_LOGINS.owner.email, Password: "wrong-password" },
    { Domain: "northwind", Email: "nobody@northwind.example", Password: DEMO_PASSWORD },
    { Domain: "contoso", Email: DEMO_LOGINS.owner.email, Password: DEMO_PASSWORD },
  ];
  for (const body of attempts) {
    const reply = await anonymous.post("/api/Login", body);
    assert.equal(reply.status, 401);
    assert.deepEqual(reply.body, {
      ErrorCode: ErrorCode.InvalidCredentials,
      Message: "The e-mail, domain or password is wrong.",
    });
  }
});

test("TOTP: the password step asks for a code; a right code signs in once, a replayed or wrong code does not", async () => {
  const { domain, email } = DEMO_LOGINS.secure;
  const first = await anonymous.post("/api/Login", { Domain: domain, Email: email, Password: DEMO_PASSWORD });
  assert.equal(first.status, 200);
  assert.equal(first.body.TwoFactorRequired, true);
  assert.equal(first.body.Token, undefined);
  const code = totpCode(DEMO_TOTP_SECRET, upstream.clock.ms);
  const second = await anonymous.post("/api/Login/TwoFactor", {
    TwoFactorToken: first.body.TwoFactorToken,
    Code: code,
  });
  assert.equal(second.status, 200);
  assert.match(second.body.Token, /^[A-Za-z0-9_-]{43}$/);
  // The step token is single-use.
  const again = await anonymous.post("/api/Login/TwoFactor", {
    TwoFactorToken: first.body.TwoFactorToken,
    Code: code,
  });
  assert.equal(again.body.ErrorCode, ErrorCode.InvalidToken);
  // The same code in a new login is a replay.
  const retry = await anonymous.post("/api/Login", { Domain: domain, Email: email, Password: DEMO_PASSWORD });
  const replay = await anonymous.post("/api/Login/TwoFactor", {
    TwoFactorToken: retry.body.TwoFactorToken,
    Code: code,
  });
  assert.equal(replay.status, 401);
  assert.equal(replay.body.ErrorCode, ErrorCode.InvalidTwoFactorCode);
  const third = await anonymous.post("/api/Login", { Domain: domain, Email: email, Password: DEMO_PASSWORD });
  const wrong = await anonymous.post("/api/Login/TwoFactor", {
    TwoFactorToken: third.body.TwoFactorToken,
    Code: "000000",
  });
  assert.equal(wrong.body.ErrorCode, ErrorCode.InvalidTwoFactorCode);
});

test("logout ends the session", async () => {
  const client = await signIn(upstream, "viewer");
  assert.equal((await client.get("/api/v2/User/Ping")).status, 200);
  assert.equal((await client.post("/api/Logout")).status, 204);
  const after = await client.get("/api/v2/User/Ping");
  assert.equal(after.status, 401);
  assert.equal(after.body.ErrorCode, ErrorCode.SessionExpired);
});

test("token login: GenerateRDSToken (debug) → LoginWithRDS works once; an expired token does not", async () => {
  const owner = await signIn(upstream, "owner");
  const issued = await owner.post("/api/Login/GenerateRDSToken");
  assert.equal(issued.status, 200);
  const login = await anonymous.post("/Api/login/loginwithrds", { Token: issued.body.Token });
  assert.equal(login.status, 200);
  const config = await anonymous.as(login.body.Token).get("/api/Common/LoggedInConfig");
  assert.equal(config.body.User.Email, DEMO_LOGINS.owner.email);
  const reused = await anonymous.post("/api/Login/LoginWithRDS", { Token: issued.body.Token });
  assert.equal(reused.status, 401);
  assert.equal(reused.body.ErrorCode, ErrorCode.InvalidToken);
  const late = await owner.post("/api/Login/GenerateRDSToken");
  upstream.clock.advance(DEFAULT_LIFETIMES.loginTokenMs + 1);
  const expired = await anonymous.post("/api/Login/LoginWithRDS", { Token: late.body.Token });
  assert.equal(expired.body.ErrorCode, ErrorCode.InvalidToken);
});

test("GenerateRDSToken is debug-only: a non-debug upstream has no such route", async () => {
  const production = await startUpstream({ debug: false });
  try {
    const owner = await signIn(production, "owner");
    const reply = await owner.post("/api/Login/GenerateRDSToken");
    assert.equal(reply.status, 404);
    assert.equal(reply.body.ErrorCode, ErrorCode.RouteNotFound);
    assert.equal((await owner.get("/api/Common/Language")).status, 404);
  } finally {
    await production.close();
  }
});

test("sessions: idle expiry slides with activity and Ping; the absolute lifetime ends it regardless", async () => {
  const client = await signIn(upstream, "analyst");
  const idle = DEFAULT_LIFETIMES.sessionIdleMs;
  upstream.clock.advance(idle - 60_000);
  const ping = await client.get("/api/v2/User/Ping");
  assert.equal(ping.status, 200);
  assert.equal(ping.body.ExpiresAt, new Date(upstream.clock.ms + idle).toISOString());
  assert.equal(
    ping.body.DisconnectionWarningAt,
    new Date(upstream.clock.ms + idle - DEFAULT_LIFETIMES.disconnectionWarningBeforeMs).toISOString(),
  );
  upstream.clock.advance(idle - 60_000);
  assert.equal(
    (await client.get("/api/Common/LoggedInConfig")).status,
    200,
    "still alive thanks to the ping",
  );
  upstream.clock.advance(idle + 1);
  assert.equal((await client.get("/api/Common/LoggedInConfig")).status, 401, "idle too long");

  const busy = await signIn(upstream, "analyst");
  const steps = Math.ceil(DEFAULT_LIFETIMES.sessionAbsoluteMs / (idle / 2));
  for (let i = 0; i < steps - 1; i++) {
    upstream.clock.advance(idle / 2);
    assert.equal((await busy.get("/api/v2/User/Ping")).status, 200);
  }
  upstream.clock.advance(idle / 2);
  const ended = await busy.get("/api/v2/User/Ping");
  assert.equal(ended.status, 401, "absolute lifetime reached");
});

test("malformed or missing bearer tokens get 401 with distinct codes", async () => {
  const none = await anonymous.get("/api/Common/LoggedInConfig");
  assert.equal(none.body.ErrorCode, ErrorCode.AuthenticationRequired);
  const bad = await anonymous.get("/api/Common/LoggedInConfig", { authorization: "Bearer short" });
  assert.equal(bad.status, 401);
  assert.equal(bad.body.ErrorCode, ErrorCode.SessionExpired);
  const unknown = await anonymous.as("A".repeat(43)).get("/api/Common/LoggedInConfig");
  assert.equal(unknown.body.ErrorCode, ErrorCode.SessionExpired);
});

test("signup creates an account whose owner can sign in; a taken domain gets 409 and a weak password 400", async () => {
  const body = {
    AccountName: "Fabrikam",
    Domain: "fabrikam",
    FullName: "Fiona Fabrikam",
    Email: "fiona@fabrikam.example",
    Password: "a-long-password",
  };
  const created = await anonymous.post("/api/Signup", body);
  assert.equal(created.status, 201);
  const config = await anonymous.as(created.body.Token).get("/api/Common/LoggedInConfig");
  assert.equal(config.body.User.AccountName, "Fabrikam");
  assert.ok(config.body.User.RolePermissions.includes("Roles_rw"));
  const login = await anonymous.post("/api/Login", {
    Domain: "fabrikam",
    Email: body.Email,
    Password: body.Password,
  });
  assert.equal(login.status, 200);
  const taken = await anonymous.post("/api/Signup", { ...body, Email: "other@fabrikam.example" });
  assert.equal(taken.status, 409);
  assert.equal(taken.body.ErrorCode, ErrorCode.DomainTaken);
  const weak = await anonymous.post("/api/Signup", { ...body, Domain: "fabrikam2", Password: "short" });
  assert.equal(weak.status, 400);
  assert.equal(weak.body.ErrorCode, ErrorCode.PasswordTooWeak);
  const reserved = await anonymous.post("/api/Signup", { ...body, Domain: "admin" });
  assert.equal(reserved.body.ErrorCode, ErrorCode.InvalidDomain);
  const badDomain = await anonymous.post("/api/Signup", { ...body, Domain: "Bad_Domain" });
  assert.equal(badDomain.status, 400);
  assert.equal(badDomain.body.ErrorCode, ErrorCode.InvalidRequest);
  assert.equal(
    (await anonymous.post("/api/Login", { Domain: "fabrikam2", Email: body.Email, Password: "short" }))
      .status,
    401,
  );
});

test("forgot password → mail with a single-use link → reset → old sessions end, new password works", async () => {
  const { domain, email } = DEMO_LOGINS.starter;
  const session = await signIn(upstream, "starter");
  const unknown = await anonymous.post("/api/Login/ForgotPassword", { Email: "nobody@nowhere.example" });
  assert.equal(unknown.status, 204, "no hint whether the address exists");
  assert.equal(
    (await anonymous.post("/api/Login/ForgotPassword", { Domain: domain, Email: email })).status,
    204,
  );
  const mails = (await outboxFor(email)).filter((mail) => mail.Kind === "PasswordReset");
  assert.equal(mails.length, 1);
  const token = tokenIn(mails[0]?.Body ?? "");
  const weak = await anonymous.post("/api/Login/ResetPassword", { Token: token, Password: "short" });
  assert.equal(weak.body.ErrorCode, ErrorCode.PasswordTooWeak);
  assert.equal(
    (await anonymous.post("/api/Login/ResetPassword", { Token: token, Password: "brand-new-secret" })).status,
    204,
  );
  assert.equal((await session.get("/api/v2/User/Ping")).status, 401, "sessions end with a reset");
  const reused = await anonymous.post("/api/Login/ResetPassword", {
    Token: token,
    Password: "another-secret",
  });
  assert.equal(reused.status, 400);
  assert.equal(reused.body.ErrorCode, ErrorCode.InvalidToken);
  assert.equal(
    (await anonymous.post("/api/Login", { Domain: domain, Email: email, Password: DEMO_PASSWORD })).status,
    401,
  );
  assert.equal(
    (await anonymous.post("/api/Login", { Domain: domain, Email: email, Password: "brand-new-secret" }))
      .status,
    200,
  );
  assert.ok((await outboxFor(email)).some((mail) => mail.Kind === "PasswordChanged"));
});

test("forgot domain mails every domain of the address", async () => {
  const { email } = DEMO_LOGINS.consultant;
  assert.equal((await anonymous.post("/api/Login/ForgotDomain", { Email: email })).status, 204);
  const mail = (await outboxFor(email)).find((m) => m.Kind === "ForgotDomain");
  assert.ok(mail);
  assert.match(mail.Body, /- northwind \(Northwind Analytics\)/);
  assert.match(mail.Body, /- contoso \(Contoso Ltd\)/);
});

test("change password: needs the current one, keeps this session, ends the others", async () => {
  const { domain, email } = DEMO_LOGINS.contoso;
  const current = await signIn(upstream, "contoso");
  const other = await signIn(upstream, "contoso");
  const wrong = await current.post("/api/User/ChangePassword", {
    CurrentPassword: "nope-nope",
    NewPassword: "contoso-secret-2",
  });
  assert.equal(wrong.status, 400);
  assert.equal(wrong.body.ErrorCode, ErrorCode.CurrentPasswordIncorrect);
  const changed = await current.post("/api/User/ChangePassword", {
    CurrentPassword: DEMO_PASSWORD,
    NewPassword: "contoso-secret-2",
  });
  assert.equal(changed.status, 204);
  assert.equal((await current.get("/api/v2/User/Ping")).status, 200);
  assert.equal((await other.get("/api/v2/User/Ping")).status, 401);
  assert.equal(
    (await anonymous.post("/api/Login", { Domain: domain, Email: email, Password: "contoso-secret-2" }))
      .status,
    200,
  );
});

test("2FA: set up with a confirming code, then sign in needs it; turned off with the password", async () => {
  const analyst = await signIn(upstream, "analyst");
  const setup = await analyst.post("/api/User/TwoFactor/Setup");
  assert.equal(setup.status, 200);
  assert.match(
    setup.body.OtpAuthUri,
    /^otpauth:\/\/totp\/Northwind%20Analytics:analyst%40northwind\.example\?secret=/,
  );
  const wrong = await analyst.post("/api/User/TwoFactor/Enable", {
    Code: "123456" === totpCode(setup.body.Secret, upstream.clock.ms) ? "654321" : "123456",
  });
  assert.equal(wrong.body.ErrorCode, ErrorCode.InvalidTwoFactorCode);
  const enable = await analyst.post("/api/User/TwoFactor/Enable", {
    Code: totpCode(setup.body.Secret, upstream.clock.ms),
  });
  assert.equal(enable.status, 204);
  const { domain, email } = DEMO_LOGINS.analyst;
  const login = await anonymous.post("/api/Login", { Domain: domain, Email: email, Password: DEMO_PASSWORD });
  assert.equal(login.body.TwoFactorRequired, true);
  assert.equal(
    (await analyst.post("/api/User/TwoFactor/Setup")).body.ErrorCode,
    ErrorCode.TwoFactorAlreadyEnabled,
  );
  const badPassword = await analyst.post("/api/User/TwoFactor/Disable", { Password: "not-it-at-all" });
  assert.equal(badPassword.body.ErrorCode, ErrorCode.CurrentPasswordIncorrect);
  assert.equal((await analyst.post("/api/User/TwoFactor/Disable", { Password: DEMO_PASSWORD })).status, 204);
  const plain = await anonymous.post("/api/Login", { Domain: domain, Email: email, Password: DEMO_PASSWORD });
  assert.match(plain.body.Token, /^[A-Za-z0-9_-]{43}$/);
});

test("2FA under a Required policy cannot be turned off signed in, but the /disable2fa mail link can", async () => {
  const contoso = await startUpstream();
  try {
    const owner = await signIn(contoso, "contoso");
    const config = await owner.get("/api/Common/LoggedInConfig");
    assert.equal(config.body.User.MustSetup2FA, true);
    assert.equal(config.body.User.AccountTwoFactorAuthenticationPolicy, "Required");
    const setup = await owner.post("/api/User/TwoFactor/Setup");
    await owner.post("/api/User/TwoFactor/Enable", { Code: totpCode(setup.body.Secret, contoso.clock.ms) });
    assert.equal((await owner.get("/api/Common/LoggedInConfig")).body.User.MustSetup2FA, false);
    const refused = await owner.post("/api/User/TwoFactor/Disable", { Password: DEMO_PASSWORD });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.ErrorCode, ErrorCode.TwoFactorPolicy);

    const { domain, email } = DEMO_LOGINS.contoso;
    const client = new Client(contoso.baseUrl);
    const wrong = await client.post("/api/Login/Disable2FA/Request", {
      Domain: domain,
      Email: email,
      Password: "nope-nope",
    });
    assert.equal(wrong.status, 401);
    assert.equal(
      (
        await client.post("/api/Login/Disable2FA/Request", {
          Domain: domain,
          Email: email,
          Password: DEMO_PASSWORD,
        })
      ).status,
      204,
    );
    const staff = await signIn(contoso, "staffAdmin");
    const mails = (await staff.get(`/api/Admin/EmailOutbound?to=${encodeURIComponent(email)}`)).body
      .Items as { Kind: string; Body: string }[];
    const link = mails.find((mail) => mail.Kind === "DisableTwoFactor");
    assert.ok(link);
    assert.match(link.Body, /\/disable2fa\?token=/);
    assert.equal((await client.post("/api/Login/Disable2FA", { Token: tokenIn(link.Body) })).status, 204);
    const login = await client.post("/api/Login", { Domain: domain, Email: email, Password: DEMO_PASSWORD });
    assert.match(login.body.Token, /^[A-Za-z0-9_-]{43}$/, "no second step any more");
    assert.equal(
      (await client.as(login.body.Token).get("/api/Common/LoggedInConfig")).body.User.MustSetup2FA,
      true,
    );
  } finally {
    await contoso.close();
  }
});
