/**
 * Structured logs never hold a secret (DESIGN.md §4: structured logs with tokens redacted), in either
 * process: the gateway's pino output (`buildApp`'s `logger: { stream }`) and the upstream's
 * (`buildUpstream`'s, as `npm start` gives it), captured during a session that hands them every kind
 * of secret they see — token login `?st=`, impersonation `?it=`, share codes in the §2.1 pages, in
 * relayed `/webservices/Share/…` reads and in the gateway's service-token lookups
 * `/ws/Gateway/Embedding/Share/…`, the logo and system-media UIDs of the public file routes, reset
 * and disable-2FA tokens, an API key, the service token, the session and CSRF cookies, every
 * Authorization header and long query value the upstream received (hub connection and access tokens
 * among them), the passwords — holds none of their values. Each log is checked to be the real one
 * (the flows are in it), so an empty log cannot pass.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { before, describe, test } from "node:test";
import type { FastifyRequest } from "fastify";
import { upstreamContextOf } from "../../../../server/upstream/app.ts";
import { openTab } from "../hub-relay/relay-fixture.ts";
import { BrowserClient, DEMO_LOGINS, DEMO_PASSWORD, rawRequest, signedIn } from "./browser-client.ts";
import { PUBLIC_ORIGIN, startGateway, startUpstream } from "./integration-fixture.ts";

/** The service token both processes share in this suite (≥ 32 characters). */
const SERVICE_TOKEN = "log-redaction-suite-service-token-0123456789abcdef";
/** The password the reset flow sets. */
const RESET_PASSWORD = "Reset-Password-For-Log-Suite-42!";
/** Query values at least this long that reach the upstream are treated as secrets (tokens, codes). */
const LONG_QUERY_VALUE = 16;

/** The captured logs of both processes during one session, and the secrets they saw. */
interface SessionLogs {
  gateway: string[];
  upstream: string[];
  secrets: Map<string, string>;
}

type Remember = (kind: string, value: string | undefined) => string;

/** The running pair with what the session needs to reach directly. */
interface LoggedStack {
  gatewayUrl: string;
  gatewayPort: number;
  hubUrl: string;
  upstreamUrl: string;
  /** The newest mail of `kind` to `to` in the upstream's outbox. */
  mail(kind: string, to: string): Promise<string>;
}

function lineCollector(lines: string[]): Writable {
  return new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
}

async function sessionLogs(): Promise<SessionLogs> {
  const logs: SessionLogs = { gateway: [], upstream: [], secrets: new Map() };
  const remember: Remember = (kind, value) => {
    assert.ok(value && value.length >= 8, `${kind} is a real value`);
    logs.secrets.set(kind, value);
    return value;
  };
  // What crossed into the upstream: every credential header and long query value is a secret.
  const crossed = (request: FastifyRequest) => {
    const authorization = request.headers.authorization;
    if (authorization) {
      const credential = authorization.replace(/^\S+\s+/, "");
      logs.secrets.set(`Authorization received by the upstream (${credential.slice(0, 8)}…)`, credential);
    }
    const query = request.url.indexOf("?");
    if (query === -1) return;
    for (const [name, value] of new URLSearchParams(request.url.slice(query + 1))) {
      if (value.length >= LONG_QUERY_VALUE)
        logs.secrets.set(`upstream query ${name}=${value.slice(0, 8)}…`, value);
    }
  };
  const given = process.env.UPSTREAM_SERVICE_TOKEN;
  // The upstream reads its service token from the environment (per call): keep it set meanwhile.
  process.env.UPSTREAM_SERVICE_TOKEN = SERVICE_TOKEN;
  const distDir = mkdtempSync(join(tmpdir(), "tessera-log-dist-"));
  mkdirSync(join(distDir, "assets"));
  writeFileSync(join(distDir, "index.html"), "<!doctype html><title>Tessera</title><div id=root></div>");
  const upstream = await startUpstream({
    debug: true,
    onRequest: crossed,
    logger: { level: "debug", stream: lineCollector(logs.upstream) },
  });
  try {
    const gateway = await startGateway(upstream.url, {
      logger: { level: "debug", stream: lineCollector(logs.gateway) },
      more: { distDir, upstreamServiceToken: SERVICE_TOKEN },
    });
    try {
      const { store } = upstreamContextOf(upstream.app);
      await playSession(
        {
          gatewayUrl: gateway.url,
          gatewayPort: gateway.port,
          hubUrl: gateway.hubUrl,
          upstreamUrl: upstream.url,
          mail: async (kind, to) => {
            const { items } = await store.outbox.listForAdmin({ limit: 20, offset: 0, to });
            const mail = items.filter((item) => item.kind === kind).sort((a, b) => b.recId - a.recId)[0];
            assert.ok(mail, `a ${kind} mail to ${to}`);
            return mail.body;
          },
        },
        remember,
      );
    } finally {
      await gateway.app.close();
    }
  } finally {
    await upstream.close();
    rmSync(distDir, { recursive: true, force: true });
    if (given === undefined) delete process.env.UPSTREAM_SERVICE_TOKEN;
    else process.env.UPSTREAM_SERVICE_TOKEN = given;
  }
  return logs;
}

/** An upstream bearer token for `who`, from the upstream's own login (what the gateway holds). */
async function upstreamToken(upstreamUrl: string, who: keyof typeof DEMO_LOGINS): Promise<string> {
  const login = DEMO_LOGINS[who];
  const answer = await fetch(`${upstreamUrl}/api/Login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ Domain: login.domain, Email: login.email, Password: DEMO_PASSWORD }),
  });
  assert.equal(answer.status, 200);
  return ((await answer.json()) as { Token: string }).Token;
}

/** A GET straight to the upstream; answers the status. */
async function upstreamGet(upstreamUrl: string, path: string, headers: Record<string, string> = {}) {
  const answer = await fetch(`${upstreamUrl}${path}`, { headers });
  await answer.body?.cancel();
  return answer.status;
}

/** The token of the link in a recovery mail (`…?token=…&domain=…`). */
function mailToken(body: string): string {
  const token = /[?&]token=([^&\s]+)/.exec(body)?.[1];
  assert.ok(token, `a token link in: ${body}`);
  return decodeURIComponent(token);
}

/** A session handing both processes every kind of secret they see. */
async function playSession(stack: LoggedStack, remember: Remember) {
  const url = stack.gatewayUrl;
  remember("password", DEMO_PASSWORD);
  remember("service token", SERVICE_TOKEN);
  const owner = await signedIn(url, "owner");
  remember("owner session cookie", owner.jar.get("tessera_session"));
  remember("owner CSRF cookie", owner.jar.get("tessera_csrf"));

  // Token login: an `st` token (minted at the upstream, whose token calls browsers never reach) is
  // opened as a deep link, redeemed, and carried in a relayed query.
  const ownerBearer = remember("owner upstream token", await upstreamToken(stack.upstreamUrl, "owner"));
  const minted = await fetch(`${stack.upstreamUrl}/api/Login/GenerateRDSToken`, {
    method: "POST",
    headers: { authorization: `Bearer ${ownerBearer}` },
  });
  const st = remember("st token", ((await minted.json()) as { Token: string }).Token);
  const window = await new BrowserClient(url).open();
  await window.get(`/dashboards?st=${encodeURIComponent(st)}`);
  assert.equal((await window.post("/gw/session/token", { token: st })).status, 200);
  remember("token-login session cookie", window.jar.get("tessera_session"));
  assert.equal((await window.get(`/api/Common/LoggedInConfig?st=${encodeURIComponent(st)}&l=1`)).status, 200);

  // Impersonation: staff mint an `it` token for the viewer and open it.
  const viewer = await signedIn(url, "viewer");
  const viewerRecId = (await viewer.get("/api/Common/LoggedInConfig")).json.User.RecId;
  const staff = await signedIn(url, "staffAdmin");
  remember("staff session cookie", staff.jar.get("tessera_session"));
  const it = remember(
    "it token",
    (await staff.post(`/api/Admin/Users/${viewerRecId}/ImpersonationToken`)).json.Token,
  );
  await staff.get(`/?it=${encodeURIComponent(it)}`);
  assert.equal((await staff.post("/gw/session/impersonation", { token: it })).status, 200);

  // Share codes nobody issued: the pages (each looked up with the service token), with a token too.
  for (const [prefix, code] of [
    ["v", "Shared-Dashboard-Code-7f3a9c"],
    ["b", "Shared-Binder-Code-1e2d3c"],
    ["ld", "Shared-LiveDoc-Code-9b8a7f"],
  ] as const) {
    remember(`share code /${prefix}/`, code);
    await window.get(`/${prefix}/${code}`, { headers: { accept: "text/html" } });
    await window.get(`/${prefix}/${code}?st=${encodeURIComponent(st)}`);
  }
  const refused = await rawRequest(stack.gatewayPort, `/api/%2e%2e/Common/LoggedInConfig?st=${st}`);
  assert.equal(refused.status, 400);

  // A real share link of owner@northwind.example: its page (the gateway looks up the embedding
  // allow-list with its service token), the relayed read, and the forms a caller may try.
  const visitor = await new BrowserClient(url).open();
  const dashboards = (await owner.get("/api/Objects?type=Dashboard")).json as { RecId: number }[];
  const link = await owner.post(`/api/Content/Dashboards/Objects/${dashboards[0]?.RecId}/PublicLinks`);
  assert.equal(link.status, 201, link.bytes.toString());
  const code = remember("issued share code", link.json.Code);
  assert.equal((await visitor.get(`/v/${code}`, { headers: { accept: "text/html" } })).status, 200);
  assert.equal((await visitor.get(`/webservices/Share/Dashboard/${code}`)).status, 200);
  await visitor.get(`/webservices/Gateway/Embedding/Share/Dashboard/${code}`);
  await rawRequest(stack.gatewayPort, `/webservices/%53hare/Dashboard/${code}`);
  await rawRequest(stack.gatewayPort, `/webservices/x/../Share/Dashboard/${code}`);
  await rawRequest(stack.gatewayPort, `/v/${code}/${code}`);
  assert.equal(await upstreamGet(stack.upstreamUrl, `/ws/Share/Dashboard/${code}?st=${st}`), 200);
  assert.equal(await upstreamGet(stack.upstreamUrl, `/ws//share/Dashboard/${code}`), 404);
  assert.equal(
    await upstreamGet(stack.upstreamUrl, `/ws/Gateway/Embedding/Share/Dashboard/${code}`, {
      authorization: `Bearer ${SERVICE_TOKEN}`,
    }),
    200,
  );

  // The public files whose random UID is the only check: the account logo and a system medium.
  const logoUid = remember(
    "account logo UID",
    (await owner.get("/api/Common/LoggedInConfig")).json.User.AccountLogoUID ??
      (await owner.get("/api/Account/Settings")).json.LogoUID,
  );
  assert.equal((await visitor.get(`/webservices/account/logo/${logoUid}`)).status, 200);
  // (`staff` impersonates the viewer by now: a second staff session lists the media.)
  const media = (await (await signedIn(url, "staffAdmin")).get("/api/Admin/SystemMedia")).json;
  const mediaUid = remember("system media UID", (media.Items ?? media.items)?.[0]?.FileUID);
  assert.equal((await visitor.get(`/webservices/SystemMedia/${mediaUid}`)).status, 200);

  // An API key: its creation answer, and every way a client may present it.
  const created = await owner.post("/api/ApiKeys", { Name: "Log redaction suite" });
  assert.equal(created.status, 201, created.bytes.toString());
  const key = remember("API key", created.json.Secret);
  const keyed = { authorization: `Bearer ${key}` };
  assert.equal(await upstreamGet(stack.upstreamUrl, "/api/Common/LoggedInConfig", keyed), 200);
  await upstreamGet(stack.upstreamUrl, "/api/Common/LoggedInConfig", { authorization: `ApiKey ${key}` });
  await upstreamGet(stack.upstreamUrl, `/api/Common/LoggedInConfig?apiKey=${key}`);
  await visitor.get("/api/Common/LoggedInConfig", { headers: { authorization: `ApiKey ${key}` } });
  await visitor.get(`/api/Common/LoggedInConfig?apiKey=${key}`);

  // Recovery: a reset token and a disable-2FA token from the mails, opened as links and redeemed.
  const analyst = DEMO_LOGINS.analyst;
  const forgot = await visitor.post("/gw/session/forgot-password", {
    domain: analyst.domain,
    email: analyst.email,
  });
  assert.equal(forgot.status, 204);
  const reset = remember("reset token", mailToken(await stack.mail("PasswordReset", analyst.email)));
  await visitor.get(`/resetpassword?token=${encodeURIComponent(reset)}&domain=${analyst.domain}`);
  remember("reset password", RESET_PASSWORD);
  const resetDone = await visitor.post("/gw/session/reset-password", {
    token: reset,
    password: RESET_PASSWORD,
  });
  assert.equal(resetDone.status, 204, resetDone.bytes.toString());
  const secure = DEMO_LOGINS.secure;
  const disableRequest = await visitor.post("/gw/session/disable-2fa/request", {
    domain: secure.domain,
    email: secure.email,
    password: DEMO_PASSWORD,
  });
  assert.equal(disableRequest.status, 204, disableRequest.bytes.toString());
  const disable = remember(
    "disable-2FA token",
    mailToken(await stack.mail("DisableTwoFactor", secure.email)),
  );
  await visitor.get(`/disable2fa?token=${encodeURIComponent(disable)}`);
  assert.equal((await visitor.post("/gw/session/disable-2fa", { token: disable })).status, 204);

  // Authorization: a browser sending a real upstream token, and a wrong CSRF header.
  const bearer = remember("upstream bearer token", await upstreamToken(stack.upstreamUrl, "viewer"));
  await window.get("/api/Common/LoggedInConfig", { headers: { authorization: `Bearer ${bearer}` } });
  await window.post(
    "/api/supportchat/message",
    { Page: "/", Text: "x" },
    { csrf: remember("forged CSRF header", "forged-csrf-value-0123456789") },
  );

  // The hub socket: its upgrade request carries the session cookie; the gateway's upstream hub
  // connection carries the connection token and the access token in its query.
  const tab = await openTab(stack.hubUrl, { cookie: owner.cookieHeader(), origin: PUBLIC_ORIGIN });
  await tab.take((frame) => frame.t === "status", "a status frame");
  tab.socket.close();
  await tab.closed;
  assert.equal((await owner.post("/gw/session/logout")).status, 204);
}

type Entry = { msg?: string; req?: { url?: string }; relay?: unknown };
const parsed = (lines: string[]) => lines.map((line) => JSON.parse(line) as Entry);
const requestUrls = (lines: string[]) => parsed(lines).flatMap((entry) => entry.req?.url ?? []);

function assertNoSecret(lines: string[], secrets: Map<string, string>): void {
  for (const [kind, value] of secrets) {
    const forms = new Set([value, encodeURIComponent(value)]);
    const leaking = lines.filter((line) => [...forms].some((form) => line.includes(form)));
    assert.deepEqual(leaking.slice(0, 3), [], `${kind} appears in ${leaking.length} log line(s)`);
  }
}

describe("log redaction: the gateway and the upstream given `logger: { stream }`", () => {
  let logs: SessionLogs;
  before(async () => {
    logs = await sessionLogs();
  });

  test("the captured logs are the real ones, the flows' requests in them", () => {
    assert.ok(logs.gateway.length > 40, `only ${logs.gateway.length} gateway lines`);
    assert.ok(logs.upstream.length > 40, `only ${logs.upstream.length} upstream lines`);
    const gateway = parsed(logs.gateway);
    assert.ok(gateway.some((entry) => entry.msg === "incoming request"));
    assert.ok(gateway.some((entry) => entry.msg === "session: impersonation started"));
    assert.ok(gateway.some((entry) => entry.msg === "relay path refused"));
    assert.ok(parsed(logs.upstream).some((entry) => entry.msg === "incoming request"));
    assert.ok(logs.secrets.size > 30, `only ${logs.secrets.size} secrets`);
  });

  test("no gateway log line holds a secret value", () => assertNoSecret(logs.gateway, logs.secrets));

  test("no upstream log line holds a secret value", () => assertNoSecret(logs.upstream, logs.secrets));

  test("gateway requests are still logged by method and path, with the secret parts marked", () => {
    const urls = requestUrls(logs.gateway);
    for (const url of [
      "/dashboards?[redacted]",
      "/v/[redacted]",
      "/webservices/Share/[redacted]",
      "/webservices/Gateway/Embedding/Share/[redacted]",
      "/webservices/account/logo/[redacted]",
      "/webservices/SystemMedia/[redacted]",
      "/resetpassword?[redacted]",
      "/gw/session/login",
    ])
      assert.ok(urls.includes(url), url);
  });

  test("upstream requests are still logged by method and path, with the secret parts marked", () => {
    const urls = requestUrls(logs.upstream);
    for (const url of [
      "/ws/Share/[redacted]",
      "/ws/Share/[redacted]?[redacted]",
      "/ws//share/[redacted]",
      "/ws/Gateway/Embedding/Share/[redacted]",
      "/ws/account/logo/[redacted]",
      "/ws/SystemMedia/[redacted]",
      "/api/Common/LoggedInConfig?[redacted]",
      "/hubs/user?[redacted]",
      "/api/Login",
    ])
      assert.ok(urls.includes(url), url);
  });
});
