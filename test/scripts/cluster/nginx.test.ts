/**
 * deploy/nginx/tessera.conf.template as nginx runs it (scripts/cluster/nginx.ts), in front of two
 * real gateway instances on one PostgreSQL schema and the real upstream: requests spread over both,
 * a session begun through nginx holds whichever instance answers, hub sockets upgrade and carry
 * frames both ways, the client's own X-Forwarded-For is replaced, and when an instance stops its
 * socket closes with 1001 and nginx sends everything to the other. Skipped with the reason when
 * nginx is not installed or PostgreSQL does not answer.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import WebSocket from "ws";
import {
  NGINX_TEMPLATE,
  nginxBinary,
  type RunningNginx,
  removeNginxPrefix,
  renderNginxConfig,
  startNginx,
} from "../../../scripts/cluster/nginx.ts";
import { closeWithDeadline } from "../../../server/gateway/shutdown.ts";
import { freePort } from "../../helpers/free-port.ts";
import { createTestSchema, postgresSkip, type TestSchema } from "../../helpers/store-backends.ts";
import { BrowserClient, signedIn } from "../../server/gateway/integration/browser-client.ts";
import {
  PUBLIC_ORIGIN,
  type RunningGateway,
  type RunningUpstream,
  startGateway,
  startUpstream,
} from "../../server/gateway/integration/integration-fixture.ts";

const template = readFileSync(NGINX_TEMPLATE, "utf8");

test("the template's two variables are filled in; nginx's own $variables stay; a stray one throws", () => {
  const text = renderNginxConfig(template, {
    listen: { host: "127.0.0.1", port: 8080 },
    gateways: [
      { host: "127.0.0.1", port: 8081 },
      { host: "127.0.0.1", port: 8082 },
    ],
  });
  assert.match(text, /listen 127\.0\.0\.1:8080;/);
  assert.match(text, /server 127\.0\.0\.1:8081 max_fails=1 fail_timeout=5s;\s+server 127\.0\.0\.1:8082 /);
  assert.doesNotMatch(text, /\$\{/);
  assert.match(text, /proxy_set_header X-Forwarded-For \$remote_addr;/);
  assert.throws(
    () =>
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the nginx template's own placeholder form
      renderNginxConfig("listen ${TESSERA_NOPE};", {
        listen: { host: "h", port: 1 },
        gateways: [{ host: "h", port: 2 }],
      }),
    /TESSERA_NOPE/,
  );
  assert.throws(
    () => renderNginxConfig(template, { listen: { host: "h", port: 1 }, gateways: [] }),
    /at least one/,
  );
});

async function skipReason(): Promise<string | false> {
  if (!nginxBinary()) return "nginx is not installed (Debian: nginx-light)";
  return postgresSkip();
}

/** A hub socket through nginx with the session's cookie, open. */
function openHub(nginx: RunningNginx, client: BrowserClient): Promise<WebSocket> {
  const socket = new WebSocket(`${nginx.url.replace("http", "ws")}/gw/hub`, {
    headers: { cookie: client.cookieHeader(), origin: PUBLIC_ORIGIN },
  });
  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
    socket.once("unexpected-response", (_request, response) =>
      reject(new Error(`upgrade refused: ${response.statusCode}`)),
    );
  });
}

/** The next pong after a ping: frames cross nginx both ways. */
function pingPong(socket: WebSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no pong within 5 s")), 5_000);
    const onMessage = (data: WebSocket.RawData) => {
      if ((JSON.parse(String(data)) as { t?: string }).t !== "pong") return;
      clearTimeout(timer);
      socket.off("message", onMessage);
      resolve();
    };
    socket.on("message", onMessage);
    socket.send(JSON.stringify({ t: "ping" }));
  });
}

/**
 * The gateway each request made while `work` ran was answered by, from nginx's access log: the last
 * of `$upstream_addr` (a request retried on the next instance lists every instance it tried).
 */
async function servedBy(nginx: RunningNginx, work: () => Promise<unknown>): Promise<string[]> {
  const before = nginx.accessLog().length;
  await work();
  // nginx writes the line when the request ends; give the worker a moment.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return nginx
    .accessLog()
    .slice(before)
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => /upstream=\[([^\]]*)\]/.exec(line)?.[1]?.split(", ").at(-1) ?? line);
}

describe("two gateway instances behind nginx", { skip: await skipReason() }, () => {
  let schema: TestSchema;
  let upstream: RunningUpstream;
  let a: RunningGateway;
  let b: RunningGateway;
  let nginx: RunningNginx;
  let prefix: string;
  // The gateways read the upstream's blocked-IP list with it.
  const SERVICE_TOKEN = "nginx-suite-service-token-0123456789abcdef";
  let previousToken: string | undefined;

  before(async () => {
    schema = await createTestSchema();
    previousToken = process.env.UPSTREAM_SERVICE_TOKEN;
    process.env.UPSTREAM_SERVICE_TOKEN = SERVICE_TOKEN;
    upstream = await startUpstream();
    const more = {
      databaseUrl: schema.url,
      trustedProxies: ["127.0.0.1"],
      upstreamServiceToken: SERVICE_TOKEN,
    };
    [a, b] = await Promise.all([startGateway(upstream.url, { more }), startGateway(upstream.url, { more })]);
    prefix = mkdtempSync(join(tmpdir(), "tessera-nginx-"));
    nginx = await startNginx({
      prefix,
      listen: { host: "127.0.0.1", port: await freePort() },
      gateways: [a, b].map((gateway) => ({ host: "127.0.0.1", port: gateway.port })),
    });
  });
  after(async () => {
    await nginx?.stop();
    await a?.app.close();
    await b?.app.close();
    await upstream?.close();
    await schema?.drop();
    if (prefix) removeNginxPrefix(prefix);
    if (previousToken === undefined) delete process.env.UPSTREAM_SERVICE_TOKEN;
    else process.env.UPSTREAM_SERVICE_TOKEN = previousToken;
  });

  test("requests spread over both instances; a session begun through nginx holds on either", async () => {
    const owner = await signedIn(nginx.url, "owner");
    const ports = await servedBy(nginx, async () => {
      for (let i = 0; i < 12; i++) {
        const answer = await owner.get("/api/Common/LoggedInConfig");
        assert.equal(answer.status, 200, answer.bytes.toString());
        assert.equal(answer.json.User.FullName, "Olivia Owner");
      }
    });
    const instances = new Set(ports.map((address) => address.split(":").at(-1)));
    assert.deepEqual([...instances].sort(), [String(a.port), String(b.port)].sort(), ports.join(" "));
  });

  test("the access log holds paths only, never a query string", async () => {
    await new BrowserClient(nginx.url).get("/gw/session?st=secret-token-value");
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.ok(nginx.accessLog().includes('"GET /gw/session"'));
    assert.ok(!nginx.accessLog().includes("secret-token-value"));
  });

  test("the client's own X-Forwarded-For is replaced by its real address", async () => {
    // 203.0.113.45 is on the seeded blocked list (both instances hold it); claimed through nginx
    // it is not the client, whereas an appended header would have made it one.
    assert.ok(a.app.blockedIps.isBlocked("203.0.113.45") && b.app.blockedIps.isBlocked("203.0.113.45"));
    const answer = await new BrowserClient(nginx.url).get("/gw/session", {
      headers: { "x-forwarded-for": "203.0.113.45" },
    });
    assert.notEqual(answer.status, 403);
  });

  test("hub sockets upgrade through nginx; a stopping instance closes its sockets with 1001 and nginx serves from the other", async () => {
    const member = await signedIn(nginx.url, "viewer");
    const sockets = [await openHub(nginx, member), await openHub(nginx, member)];
    for (const socket of sockets) await pingPong(socket);
    const closed = sockets.map(
      (socket) => new Promise<number>((resolve) => socket.once("close", (code) => resolve(code))),
    );
    // least_conn put one socket on each instance; stopping A closes its own.
    await closeWithDeadline(a.app, 5_000);
    const first = await Promise.race(closed);
    assert.equal(first, 1001);
    const ports = await servedBy(nginx, async () => {
      for (let i = 0; i < 6; i++) {
        const answer = await member.get("/api/Common/LoggedInConfig");
        assert.equal(answer.status, 200, answer.bytes.toString());
      }
    });
    assert.ok(
      ports.every((address) => address.endsWith(`:${b.port}`)),
      ports.join(" "),
    );
    const again = await openHub(nginx, member);
    await pingPong(again);
    again.close();
    for (const socket of sockets) socket.close();
  });
});
