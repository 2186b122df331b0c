/**
 * Structured logs never hold a secret (issue 4 item 5): the gateway's pino output, captured through
 * `buildApp`'s `logger: { stream }`, during a session that carries every kind of secret the gateway
 * sees — token login `?st=`, impersonation `?it=`, share codes in paths, the session and CSRF
 * cookies, Authorization headers, the password — holds none of their values. The log is checked to
 * be the real one (requests and the gateway's own events are in it), so an empty log cannot pass.
 */
import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { before, describe, test } from "node:test";
import type { FastifyServerOptions } from "fastify";
import { openTab } from "../hub-relay/relay-fixture.ts";
import { BrowserClient, DEMO_PASSWORD, rawRequest, signedIn } from "./browser-client.ts";
import { PUBLIC_ORIGIN, type Stack, startStack } from "./integration-fixture.ts";

/** The log of one session through a gateway built with `loggerFor(stream)`, and the secrets it saw. */
interface SessionLog {
  lines: string[];
  secrets: Map<string, string>;
}

async function sessionLog(
  loggerFor: (stream: Writable) => FastifyServerOptions["logger"],
): Promise<SessionLog> {
  const lines: string[] = [];
  const secrets = new Map<string, string>();
  const remember = (kind: string, value: string | undefined): string => {
    assert.ok(value && value.length >= 8, `${kind} is a real value`);
    secrets.set(kind, value);
    return value;
  };
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  const stack = await startStack({ debug: true, logger: loggerFor(stream) });
  try {
    await playSession(stack, remember);
  } finally {
    await stack.close();
  }
  return { lines, secrets };
}

/** A session handing the gateway every kind of secret it sees. */
async function playSession(stack: Stack, remember: (kind: string, value: string | undefined) => string) {
  const { url } = stack.gateway;
  remember("password", DEMO_PASSWORD);
  // Token login: the owner mints an `st` token; another window opens a deep link with it.
  const owner = await signedIn(url, "owner");
  remember("owner session cookie", owner.jar.get("tessera_session"));
  remember("owner CSRF cookie", owner.jar.get("tessera_csrf"));
  const st = remember("st token", (await owner.post("/api/Login/GenerateRDSToken")).json.Token);
  const window = await new BrowserClient(url).open();
  await window.get(`/dashboards?st=${encodeURIComponent(st)}`);
  assert.equal((await window.post("/gw/session/token", { token: st })).status, 200);
  remember("token-login session cookie", window.jar.get("tessera_session"));
  await window.get(`/api/Common/LoggedInConfig?st=${encodeURIComponent(st)}&l=1`);

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

  // Share codes: the public links, with and without a token; a refused relay path with a token.
  for (const [prefix, code] of [
    ["v", "Shared-Dashboard-Code-7f3a9c"],
    ["b", "Shared-Binder-Code-1e2d3c"],
    ["ld", "Shared-LiveDoc-Code-9b8a7f"],
  ] as const) {
    remember(`share code /${prefix}/`, code);
    await window.get(`/${prefix}/${code}`);
    await window.get(`/${prefix}/${code}?st=${encodeURIComponent(st)}`);
  }
  const refused = await rawRequest(stack.gateway.port, `/api/%2e%2e/Common/LoggedInConfig?st=${st}`);
  assert.equal(refused.status, 400);

  // Authorization: a browser sending a real upstream token, and a wrong CSRF header.
  const upstreamLogin = await fetch(`${stack.upstream.url}/api/Login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      Domain: "northwind",
      Email: "analyst@northwind.example",
      Password: DEMO_PASSWORD,
    }),
  });
  const bearer = remember("upstream bearer token", ((await upstreamLogin.json()) as { Token: string }).Token);
  await window.get("/api/Common/LoggedInConfig", { headers: { authorization: `Bearer ${bearer}` } });
  await window.post(
    "/api/supportchat/message",
    { Page: "/", Text: "x" },
    { csrf: remember("forged CSRF header", "forged-csrf-value-0123456789") },
  );

  // The hub socket: its upgrade request carries the session cookie.
  const tab = await openTab(stack.gateway.hubUrl, { cookie: owner.cookieHeader(), origin: PUBLIC_ORIGIN });
  await tab.take((frame) => frame.t === "status", "a status frame");
  tab.socket.close();
  await tab.closed;
  assert.equal((await owner.post("/gw/session/logout")).status, 204);
}

/** Asserts the log is the gateway's real log, so an empty or partial capture cannot pass. */
function assertRealLog({ lines }: SessionLog): void {
  assert.ok(lines.length > 40, `only ${lines.length} lines`);
  const parsed = lines.map((line) => JSON.parse(line) as { msg?: string });
  assert.ok(parsed.some((entry) => entry.msg === "incoming request"));
  assert.ok(parsed.some((entry) => entry.msg === "session: impersonation started"));
  assert.ok(parsed.some((entry) => entry.msg === "relay path refused"));
}

function assertNoSecret({ lines, secrets }: SessionLog): void {
  for (const [kind, value] of secrets) {
    const forms = new Set([value, encodeURIComponent(value)]);
    const leaking = lines.filter((line) => [...forms].some((form) => line.includes(form)));
    assert.deepEqual(leaking.slice(0, 3), [], `${kind} appears in ${leaking.length} log line(s)`);
  }
}

describe("log redaction: buildApp given `logger: { stream }`", () => {
  let log: SessionLog;
  before(async () => {
    log = await sessionLog((stream) => ({ level: "debug", stream }));
  });
  test("the captured log is the gateway's real log", () => assertRealLog(log));
  test("no log line holds a secret value", () => assertNoSecret(log));
  test("requests are still logged by method and path, with the secret parts marked", () => {
    const urls = log.lines
      .map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url)
      .filter(Boolean);
    assert.ok(urls.includes("/dashboards?[redacted]"));
    assert.ok(urls.includes("/v/[redacted]"));
    assert.ok(urls.includes("/gw/session/login"));
  });
});
