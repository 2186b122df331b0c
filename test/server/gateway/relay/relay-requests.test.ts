/**
 * The relay's normal path over real sockets: every method, query strings, JSON bodies, statuses and
 * bodies of every kind, and the response headers the browser keeps or never sees.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  echo,
  send,
  startGateway,
  startUpstream,
  type TestGateway,
  type TestUpstream,
} from "./relay-fixture.ts";

describe("REST relay: requests and responses", () => {
  let upstream: TestUpstream;
  let gateway: TestGateway;
  before(async () => {
    upstream = await startUpstream((request, response, received) => {
      if (request.url?.startsWith("/api/status/")) {
        const status = Number(request.url.slice("/api/status/".length));
        const body = JSON.stringify({ ErrorCode: 4001, Message: `upstream said ${status}` });
        response.writeHead(status, { "content-type": "application/json" }).end(body);
        return;
      }
      if (request.url === "/api/headers") {
        response.writeHead(200, [
          ["Content-Type", "application/pdf"],
          ["Content-Disposition", 'attachment; filename="report.pdf"'],
          ["Cache-Control", "private, max-age=60"],
          ["ETag", '"v1"'],
          ["Last-Modified", "Wed, 15 Jan 2025 09:00:00 GMT"],
          ["X-Cache", "HIT"],
          ["Set-Cookie", "upstream_session=abc; HttpOnly"],
          ["Set-Cookie", "other=1"],
          ["Connection", "X-Internal-Route"],
          ["X-Internal-Route", "db-7.internal:5432"],
          ["Keep-Alive", "timeout=5"],
          ["Server", "Kestrel"],
          ["X-Powered-By", "ASP.NET"],
          ["Content-Length", "3"],
        ]);
        response.end("pdf");
        return;
      }
      if (request.url?.startsWith("/api/redirect/")) {
        const to = {
          inside: `${upstream.url}/api/Target/7?x=1`,
          webservices: `${upstream.url}/ws/account/logo/L1`,
          relative: "/api/Relative",
          internal: `${upstream.url}/admin/secret`,
          external: "https://help.example.com/faq",
        }[request.url.slice("/api/redirect/".length)];
        response.writeHead(302, { location: to, "content-length": 0 }).end();
        return;
      }
      echo(request, response, received);
    });
    gateway = await startGateway(upstream.url);
  });
  after(async () => {
    await gateway.close();
    await upstream.kill();
  });

  for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
    test(`relays ${method} with its path and query under the application base`, async () => {
      const hasBody = method !== "GET";
      const body = JSON.stringify({ Text: `hello ${method}`, Page: "/dashboards" });
      const answer = await send(
        gateway.port,
        "/api/DataImport/Connection/7/Items?folder=columns;5&search=Orders",
        {
          method,
          headers: hasBody ? { "content-type": "application/json" } : {},
          body: hasBody ? body : undefined,
        },
      );
      assert.equal(answer.status, 200);
      const seen = answer.json();
      assert.equal(seen.method, method);
      assert.equal(seen.url, "/api/DataImport/Connection/7/Items?folder=columns;5&search=Orders");
      assert.equal(seen.body, hasBody ? body : "");
      const received = upstream.received.at(-1)!;
      if (hasBody) {
        assert.equal(received.headers["content-type"], "application/json");
        assert.equal(received.headers["content-length"], String(Buffer.byteLength(body)));
      }
    });
  }

  test("relays HEAD: status and Content-Length, no body", async () => {
    const answer = await send(gateway.port, "/api/Common/WidgetThemes", { method: "HEAD" });
    assert.equal(answer.status, 200);
    assert.equal(upstream.received.at(-1)!.method, "HEAD");
    assert.ok(Number(answer.headers["content-length"]) > 0);
    assert.equal(answer.body.length, 0);
  });

  test("relays /webservices/ to the webservices base, with application headers such as ForcePrimary", async () => {
    const answer = await send(gateway.port, "/webservices/account/logo/L1", {
      headers: { ForcePrimary: "true" },
    });
    assert.equal(answer.status, 200);
    assert.equal(answer.json().url, "/ws/account/logo/L1");
    assert.equal(upstream.received.at(-1)!.headers.forceprimary, "true");
  });

  test("keeps a trailing slash and percent-encoded characters exactly as sent", async () => {
    assert.equal((await send(gateway.port, "/api/Notifications/")).json().url, "/api/Notifications/");
    assert.equal(
      (await send(gateway.port, "/api/Files/My%20Report%21.pdf")).json().url,
      "/api/Files/My%20Report%21.pdf",
    );
  });

  for (const status of [400, 401, 403, 404, 409, 413, 422, 500, 502, 504]) {
    test(`relays an upstream ${status} as it is, body included`, async () => {
      const answer = await send(gateway.port, `/api/status/${status}`);
      assert.equal(answer.status, status);
      assert.deepEqual(answer.json(), { ErrorCode: 4001, Message: `upstream said ${status}` });
    });
  }

  test("keeps content headers, drops Set-Cookie, hop-by-hop, Connection-named and server banners", async () => {
    const answer = await send(gateway.port, "/api/headers");
    assert.equal(answer.status, 200);
    assert.equal(answer.body.toString(), "pdf");
    assert.equal(answer.headers["content-type"], "application/pdf");
    assert.equal(answer.headers["content-length"], "3");
    assert.equal(answer.headers["content-disposition"], 'attachment; filename="report.pdf"');
    assert.equal(answer.headers["cache-control"], "private, max-age=60");
    assert.equal(answer.headers.etag, '"v1"');
    assert.equal(answer.headers["last-modified"], "Wed, 15 Jan 2025 09:00:00 GMT");
    assert.equal(answer.headers["x-cache"], "HIT");
    for (const name of ["set-cookie", "x-internal-route", "keep-alive", "server", "x-powered-by"]) {
      assert.equal(answer.headers[name], undefined, `${name} must not reach the browser`);
    }
    assert.ok(!JSON.stringify(answer.headers).includes("db-7.internal"));
  });

  test("rewrites redirects into the upstream to the browser's prefixes and hides other internal ones", async () => {
    const location = async (kind: string) =>
      (await send(gateway.port, `/api/redirect/${kind}`)).headers.location;
    assert.equal(await location("inside"), "/api/Target/7?x=1");
    assert.equal(await location("webservices"), "/webservices/account/logo/L1");
    assert.equal(await location("relative"), "/api/Relative");
    assert.equal(await location("internal"), undefined);
    assert.equal(await location("external"), "https://help.example.com/faq");
  });
});
