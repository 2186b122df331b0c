/**
 * Every error answer has the §8 shape — `{ ErrorCode, Message }`, a code of the catalogue — and
 * repeats nothing of the request, whatever layer refuses it: Fastify's router (a malformed %-escape,
 * an over-long path parameter), its body parsers, unknown routes, Node's HTTP parser (a malformed
 * request line or Content-Length, a header block over the limit) and ws's WebSocket handshake. Over
 * raw sockets (an HTTP client would refuse to send most of these), against the real gateway in front
 * of the real upstream, the gateway serving the SPA, and the upstream directly. Every input carries
 * MARK; no answer may contain it, nor a framework error code (FST_…).
 */
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { GatewayErrorCode } from "../../../../server/gateway/errors/gateway-error-codes.ts";
import { ErrorCode } from "../../../../server/upstream/http/error-codes.ts";
import { DEMO_LOGINS, DEMO_PASSWORD, signedIn } from "./browser-client.ts";
import {
  PUBLIC_ORIGIN,
  type RunningGateway,
  type Stack,
  startGateway,
  startStack,
} from "./integration-fixture.ts";

/** The distinctive text every bad input carries. */
const MARK = "Zq7Mark";

/** A CSRF double-submit pair (any token-shaped value passes when cookie and header agree). */
const CSRF_TOKEN = "A".repeat(43);
const CSRF_HEADERS = [
  `Origin: ${PUBLIC_ORIGIN}`,
  `Cookie: tessera_csrf=${CSRF_TOKEN}`,
  `X-Tessera-CSRF: ${CSRF_TOKEN}`,
];

type Target = "gateway" | "pages" | "upstream";

/** One bad request and the answer it must get. */
interface Probe {
  target: Target;
  method: string;
  /** The request target, sent byte for byte. */
  path: string;
  headers?: readonly string[];
  body?: string;
  /** A request sent as is instead (a malformed request line). */
  raw?: string;
  status: number;
  code: number;
}

/** The bad inputs, by kind; each kind is one test. GET probes are sent as HEAD too. */
const PROBES: Record<string, Probe[]> = {
  "a malformed %-escape in the path": [
    {
      target: "gateway",
      method: "GET",
      path: `/api/${MARK}%zz`,
      status: 400,
      code: GatewayErrorCode.InvalidUrl,
    },
    {
      target: "gateway",
      method: "GET",
      path: `/gw/${MARK}%zz`,
      status: 400,
      code: GatewayErrorCode.InvalidUrl,
    },
    {
      target: "gateway",
      method: "GET",
      path: `/dashboards/${MARK}%zz`,
      status: 400,
      code: GatewayErrorCode.InvalidUrl,
    },
    {
      target: "pages",
      method: "GET",
      path: `/dashboards/${MARK}%zz`,
      status: 400,
      code: GatewayErrorCode.InvalidUrl,
    },
    { target: "upstream", method: "GET", path: `/api/${MARK}%zz`, status: 400, code: ErrorCode.InvalidUrl },
    { target: "upstream", method: "GET", path: `/ws/${MARK}%zz`, status: 400, code: ErrorCode.InvalidUrl },
  ],
  "a path parameter of 120 and of 2,000 characters": [120, 2000].flatMap((length): Probe[] => {
    const param = MARK + "m".repeat(length - MARK.length);
    const path = `/api/Roles/${param}`;
    return [
      // The gateway relays it; the upstream's router refuses it.
      { target: "gateway", method: "GET", path, status: 414, code: ErrorCode.InvalidUrl },
      { target: "upstream", method: "GET", path, status: 414, code: ErrorCode.InvalidUrl },
    ];
  }),
  "an unknown route": [
    {
      target: "gateway",
      method: "GET",
      path: `/gw/${MARK}`,
      status: 404,
      code: GatewayErrorCode.RouteNotFound,
    },
    {
      target: "pages",
      method: "GET",
      path: `/gw/${MARK}`,
      status: 404,
      code: GatewayErrorCode.RouteNotFound,
    },
    {
      target: "pages",
      method: "GET",
      path: `/assets/${MARK}.js`,
      status: 404,
      code: GatewayErrorCode.RouteNotFound,
    },
    { target: "upstream", method: "GET", path: `/api/${MARK}`, status: 404, code: ErrorCode.RouteNotFound },
  ],
  "a body without a content type": [
    {
      target: "gateway",
      method: "POST",
      path: "/gw/session/login",
      headers: CSRF_HEADERS,
      body: `${MARK} body`,
      status: 415,
      code: GatewayErrorCode.SessionUnsupportedMediaType,
    },
    {
      target: "gateway",
      method: "POST",
      path: "/gw/manifest",
      headers: CSRF_HEADERS,
      body: `${MARK} body`,
      status: 404,
      code: GatewayErrorCode.RouteNotFound,
    },
    {
      target: "upstream",
      method: "POST",
      path: "/api/Login",
      body: `${MARK} body`,
      status: 415,
      code: ErrorCode.UnsupportedMediaType,
    },
  ],
  "a content type the route does not take, or one that is not a media type": [
    {
      target: "gateway",
      method: "POST",
      path: "/gw/session/login",
      headers: [...CSRF_HEADERS, `Content-Type: text/${MARK}`],
      body: `${MARK} body`,
      status: 415,
      code: GatewayErrorCode.SessionUnsupportedMediaType,
    },
    {
      target: "gateway",
      method: "POST",
      path: "/api/supportchat/message",
      headers: [...CSRF_HEADERS, `Content-Type: ${MARK}`],
      body: `${MARK} body`,
      status: 415,
      code: GatewayErrorCode.BodyNotAccepted,
    },
    {
      target: "upstream",
      method: "POST",
      path: "/api/Login",
      headers: [`Content-Type: text/${MARK}`],
      body: `${MARK} body`,
      status: 415,
      code: ErrorCode.UnsupportedMediaType,
    },
    {
      target: "upstream",
      method: "POST",
      path: "/api/Login",
      headers: [`Content-Type: ${MARK}`],
      body: `${MARK} body`,
      status: 415,
      code: ErrorCode.UnsupportedMediaType,
    },
  ],
  "invalid JSON": [
    {
      target: "gateway",
      method: "POST",
      path: "/gw/session/login",
      headers: [...CSRF_HEADERS, "Content-Type: application/json"],
      body: `{"${MARK}`,
      status: 400,
      code: GatewayErrorCode.SessionInvalidJson,
    },
    {
      target: "gateway",
      method: "POST",
      path: `/gw/${MARK}`,
      headers: [...CSRF_HEADERS, "Content-Type: application/json"],
      body: `{"${MARK}`,
      status: 400,
      code: GatewayErrorCode.BodyNotAccepted,
    },
    {
      target: "upstream",
      method: "POST",
      path: "/api/Login",
      headers: ["Content-Type: application/json"],
      body: `{"${MARK}`,
      status: 400,
      code: ErrorCode.InvalidJson,
    },
  ],
  "a declared body over the limit": [
    {
      target: "gateway",
      method: "POST",
      path: `/gw/${MARK}`,
      headers: [...CSRF_HEADERS, "Content-Type: application/json", "Content-Length: 2000000"],
      status: 413,
      code: GatewayErrorCode.BodyNotAccepted,
    },
    {
      target: "upstream",
      method: "POST",
      path: "/api/Login",
      headers: ["Content-Type: application/json", "Content-Length: 2000000"],
      status: 413,
      code: ErrorCode.BodyTooLarge,
    },
  ],
  "a header block over the limit": (["gateway", "upstream"] as const).map(
    (target): Probe => ({
      target,
      method: "GET",
      path: "/healthz",
      headers: [`X-${MARK}: ${MARK.repeat(3000)}`],
      status: 431,
      code: target === "gateway" ? GatewayErrorCode.HeadersTooLarge : ErrorCode.HeadersTooLarge,
    }),
  ),
  "a malformed request line, and an invalid Content-Length": (["gateway", "upstream"] as const).flatMap(
    (target): Probe[] => {
      const code = target === "gateway" ? GatewayErrorCode.MalformedRequest : ErrorCode.MalformedRequest;
      return [
        {
          target,
          method: "",
          path: "",
          raw: `${MARK} /${MARK} HTTP/1.1\r\nHost: x\r\n\r\n`,
          status: 400,
          code,
        },
        {
          target,
          method: "POST",
          path: `/api/${MARK}`,
          headers: ["Content-Type: application/json", `Content-Length: ${MARK}`],
          body: "{}",
          status: 400,
          code,
        },
      ];
    },
  ),
};

/** An answer read off the socket: status, the header block as text, the body as text. */
interface RawAnswer {
  status: number;
  head: string;
  body: string;
}

/**
 * Sends `text` on a fresh connection and reads one response: the head, then as many body bytes as
 * its Content-Length says (none for HEAD). The socket is closed after.
 */
function exchange(port: number, text: string, head = false): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = Buffer.alloc(0);
    const timer = setTimeout(
      () => finish(new Error(`no complete answer: ${received.toString("latin1")}`)),
      5000,
    );
    const finish = (error: Error | null, answer?: RawAnswer) => {
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(answer as RawAnswer);
    };
    const tryParse = (ended: boolean) => {
      const end = received.indexOf("\r\n\r\n");
      if (end === -1) {
        if (ended) finish(new Error(`connection closed mid-answer: ${received.toString("latin1")}`));
        return;
      }
      const headText = received.subarray(0, end).toString("latin1");
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(headText)?.[1] ?? 0);
      const bodyBytes = received.subarray(end + 4);
      const wanted = head ? 0 : length;
      if (bodyBytes.length < wanted && !ended) return;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headText)?.[1] ?? 0);
      finish(null, { status, head: headText, body: bodyBytes.subarray(0, wanted).toString("utf8") });
    };
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      tryParse(false);
    });
    socket.on("end", () => tryParse(true));
    // The server may close while a refused body is still being written: the answer is what counts.
    socket.on("error", () => tryParse(true));
    socket.write(text);
  });
}

/** The request text of a probe (or its HEAD twin). */
function requestText(probe: Probe, method = probe.method): string {
  if (probe.raw) return probe.raw;
  const lines = [
    `${method} ${probe.path} HTTP/1.1`,
    "Host: 127.0.0.1",
    "Connection: close",
    ...(probe.headers ?? []),
  ];
  const declaresLength = (probe.headers ?? []).some((line) => /^content-length:/i.test(line));
  if (probe.body !== undefined && !declaresLength)
    lines.push(`Content-Length: ${Buffer.byteLength(probe.body)}`);
  return `${lines.join("\r\n")}\r\n\r\n${probe.body ?? ""}`;
}

const GATEWAY_CODES = new Set<number>(Object.values(GatewayErrorCode));
const UPSTREAM_CODES = new Set<number>(Object.values(ErrorCode));

/** Nothing of the input, and no framework error code, anywhere in the answer. */
function assertReflectsNothing(answer: RawAnswer, label: string): void {
  const text = `${answer.head}\r\n\r\n${answer.body}`.toLowerCase();
  assert.ok(!text.includes("fst_"), `${label}: a framework error code leaked:\n${text}`);
  assert.ok(!text.includes(MARK.toLowerCase()), `${label}: the answer repeats the input:\n${text}`);
}

/** The §8 body: exactly ErrorCode (the expected catalogue code) and a Message. */
function assertCatalogueBody(answer: RawAnswer, probe: Probe, label: string): void {
  assert.match(answer.head, /\r\ncontent-type: application\/json/i, `${label}: not JSON`);
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  assert.deepEqual(Object.keys(body).sort(), ["ErrorCode", "Message"], `${label}: ${answer.body}`);
  assert.equal(typeof body.Message, "string", label);
  assert.ok((body.Message as string).length > 0, label);
  // The gateway's own codes, or the upstream's as the relay passes them on.
  const catalogue =
    probe.target === "upstream" ? UPSTREAM_CODES : new Set([...GATEWAY_CODES, ...UPSTREAM_CODES]);
  assert.ok(catalogue.has(body.ErrorCode as number), `${label}: ${body.ErrorCode} is in no catalogue`);
  assert.equal(body.ErrorCode, probe.code, `${label}: ${answer.body}`);
}

let stack: Stack;
let pages: RunningGateway;
let distDir: string;

before(async () => {
  stack = await startStack();
  distDir = await mkdtemp(join(tmpdir(), "tessera-error-shapes-dist-"));
  await mkdir(join(distDir, "assets"));
  await writeFile(join(distDir, "index.html"), "<!doctype html><title>t</title><div id=root></div>");
  await writeFile(join(distDir, "assets", "main-ABC123.js"), "console.log(1)");
  pages = await startGateway(stack.upstream.url, { more: { distDir } });
});

after(async () => {
  await pages?.app.close();
  await stack?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

function portOf(target: Target): number {
  if (target === "upstream") return stack.upstream.port;
  return target === "pages" ? pages.port : stack.gateway.port;
}

for (const [kind, probes] of Object.entries(PROBES)) {
  test(`§8: ${kind} gets { ErrorCode, Message } of the catalogue, repeating nothing`, async () => {
    for (const probe of probes) {
      const label = `${probe.target} ${probe.raw ? "(raw request line)" : `${probe.method} ${probe.path.slice(0, 60)}`}`;
      const answer = await exchange(portOf(probe.target), requestText(probe));
      assert.equal(answer.status, probe.status, `${label}: ${answer.head}\n${answer.body}`);
      assertReflectsNothing(answer, label);
      assertCatalogueBody(answer, probe, label);
      if (probe.method !== "GET") continue;
      const headAnswer = await exchange(portOf(probe.target), requestText(probe, "HEAD"), true);
      assert.equal(headAnswer.status, probe.status, `HEAD ${label}`);
      assertReflectsNothing(headAnswer, `HEAD ${label}`);
    }
  });
}

/** An upgrade request whose Sec-WebSocket-Key is not a valid key (ws refuses the handshake). */
function badHandshake(path: string, headers: readonly string[]): string {
  return [
    `GET ${path} HTTP/1.1`,
    "Host: 127.0.0.1",
    "Connection: Upgrade",
    "Upgrade: websocket",
    "Sec-WebSocket-Version: 13",
    `Sec-WebSocket-Key: ${MARK}`,
    ...headers,
    "",
    "",
  ].join("\r\n");
}

test("§8: a WebSocket handshake ws refuses after admission gets { ErrorCode, Message }, not ws's text", async () => {
  // The gateway's hub relay admits a signed-in tab from the product's origin, then ws checks the key.
  const owner = await signedIn(stack.gateway.url, "owner");
  const toGateway = badHandshake("/gw/hub", [`Origin: ${PUBLIC_ORIGIN}`, `Cookie: ${owner.cookieHeader()}`]);
  const gateway = await exchange(stack.gateway.port, toGateway);
  const gatewayProbe: Probe = {
    target: "gateway",
    method: "GET",
    path: "/gw/hub",
    status: 400,
    code: GatewayErrorCode.MalformedRequest,
  };
  assert.equal(gateway.status, 400, `${gateway.head}\n${gateway.body}`);
  assertReflectsNothing(gateway, "gateway /gw/hub");
  assertCatalogueBody(gateway, gatewayProbe, "gateway /gw/hub");

  // The upstream's user hub admits a session with its connection token from negotiate.
  const login = DEMO_LOGINS.owner;
  const signIn = await fetch(`${stack.upstream.url}/api/Login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ Domain: login.domain, Email: login.email, Password: DEMO_PASSWORD }),
  });
  const { Token: token } = (await signIn.json()) as { Token: string };
  const negotiate = await fetch(`${stack.upstream.url}/hubs/user/negotiate?negotiateVersion=1`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
  });
  const { connectionToken } = (await negotiate.json()) as { connectionToken: string };
  const toUpstream = badHandshake(`/hubs/user?id=${encodeURIComponent(connectionToken)}`, [
    `Authorization: Bearer ${token}`,
  ]);
  const upstream = await exchange(stack.upstream.port, toUpstream);
  assert.equal(upstream.status, 400, `${upstream.head}\n${upstream.body}`);
  assertReflectsNothing(upstream, "upstream /hubs/user");
  assertCatalogueBody(
    upstream,
    { target: "upstream", method: "GET", path: "/hubs/user", status: 400, code: ErrorCode.MalformedRequest },
    "upstream /hubs/user",
  );
});
