/**
 * The relay's pure parts, table-driven: path mapping under a base, error classification (with
 * undici's own error classes), location rewriting, header filtering; and what the relay logs.
 */
import assert from "node:assert/strict";
import type { IncomingHttpHeaders } from "node:http";
import { Writable } from "node:stream";
import { describe, test } from "node:test";
import { errors } from "undici";
import { classifyUpstreamError, isConnectionReset } from "../../../../server/gateway/relay/relay-failure.ts";
import { parseUpstreamBase, relayTarget } from "../../../../server/gateway/relay/relay-path.ts";
import {
  connectionNamedBeyondKeepAlive,
  upstreamRequestHeaders,
} from "../../../../server/gateway/relay/request-headers.ts";
import { copyResponseHeaders, rewriteLocation } from "../../../../server/gateway/relay/response-headers.ts";
import { freePort, send, startGateway } from "./relay-fixture.ts";

const base = parseUpstreamBase("http://10.1.2.3:5180/api");

/** The headers `copyResponseHeaders` sets for a relayed `GET /api/a`, collected in a record. */
function browserHeaders(upstream: IncomingHttpHeaders): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  const sink = { header: (name: string, value: string | string[]) => (headers[name] = value) };
  copyResponseHeaders(sink, upstream, "http://10.1.2.3:5180", "/api/a", [
    { prefix: "/api/", base, kind: "app" },
  ]);
  return headers;
}

describe("relayTarget", () => {
  test("maps the path under the base and keeps the query as sent", () => {
    assert.deepEqual(relayTarget("/api/Common/LoggedInConfig", "/api/", base), {
      ok: true,
      origin: "http://10.1.2.3:5180",
      path: "/api/Common/LoggedInConfig",
    });
    const withQuery = relayTarget("/api/supportchat/file?id=F%2F1&x=..", "/api/", base);
    assert.ok(withQuery.ok);
    assert.equal(withQuery.path, "/api/supportchat/file?id=F%2F1&x=..");
  });

  test("maps a base with a deeper path and a trailing slash alike", () => {
    const deep = parseUpstreamBase("https://app.example.com/tenant/ws/");
    const target = relayTarget("/webservices/File/Export/F1", "/webservices/", deep);
    assert.ok(target.ok);
    assert.equal(target.origin, "https://app.example.com");
    assert.equal(target.path, "/tenant/ws/File/Export/F1");
  });

  for (const refused of [
    "/api/..",
    "/api/a/%2E%2E",
    "/api/a%2fb",
    "/api/a%5Cb",
    "/api//x",
    "/api/%2500",
    "/apix/y",
    "//api/x",
  ]) {
    test(`refuses ${refused}`, () => {
      assert.equal(relayTarget(refused, "/api/", base).ok, false);
    });
  }

  for (const raw of ['"', "<", ">", "`", "{", "}", " ", "é"]) {
    test(`refuses a raw ${JSON.stringify(raw)} in the path, which a browser sends percent-encoded`, () => {
      assert.equal(relayTarget(`/api/a${raw}b`, "/api/", base).ok, false);
      assert.ok(relayTarget(`/api/a${encodeURIComponent(raw)}b`, "/api/", base).ok);
    });
  }

  test("every path it accepts is one the WHATWG URL parser keeps as is, under the base", () => {
    // The relay builds the upstream URL by joining strings; this checks, over 20,000 generated targets
    // mixing every ASCII character with escapes and dot forms, that the parser would read it the same.
    const tokens = [
      ...Array.from({ length: 0x7f - 0x20 }, (_, offset) => String.fromCharCode(0x20 + offset)),
      ...["%2e", "%2E", "%2f", "%5c", "%25", "%252e", "%00", "%41", "%", "%zz", ".", "..", "\t", "é", "/"],
    ];
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    let accepted = 0;
    for (let round = 0; round < 20_000; round++) {
      let rest = "";
      const length = Math.floor(random() * 8);
      for (let index = 0; index < length; index++) rest += tokens[Math.floor(random() * tokens.length)];
      for (const mountBase of [base, parseUpstreamBase("https://app.example.com/tenant/ws")]) {
        const target = relayTarget(`/api/${rest}`, "/api/", mountBase);
        if (!target.ok) continue;
        accepted++;
        const queryAt = target.path.indexOf("?");
        const path = queryAt === -1 ? target.path : target.path.slice(0, queryAt);
        const parsed = new URL(`${mountBase.origin}${path}`);
        assert.equal(parsed.origin, mountBase.origin, rest);
        assert.equal(parsed.pathname, path, rest);
        assert.ok(parsed.pathname.startsWith(mountBase.pathname), rest);
      }
    }
    assert.ok(accepted > 1_000, `only ${accepted} generated targets were accepted`);
  });

  test("refuses bases that are not plain http(s) URLs", () => {
    for (const bad of ["ftp://x/api/", "http://u:p@x/api/", "http://x/api/?q=1", "not a url"]) {
      assert.throws(() => parseUpstreamBase(bad));
    }
  });
});

describe("classifyUpstreamError", () => {
  const table: [unknown, number, string][] = [
    [new errors.ConnectTimeoutError(), 504, "UpstreamTimeout"],
    [new errors.HeadersTimeoutError(), 504, "UpstreamTimeout"],
    [new errors.BodyTimeoutError(), 504, "UpstreamTimeout"],
    [Object.assign(new Error("connect"), { code: "ECONNREFUSED" }), 502, "UpstreamUnreachable"],
    [Object.assign(new Error("getaddrinfo"), { code: "ENOTFOUND" }), 502, "UpstreamUnreachable"],
    [new errors.SocketError("other side closed"), 502, "UpstreamUnreachable"],
    [
      new AggregateError([Object.assign(new Error("x"), { code: "ECONNREFUSED" })]),
      502,
      "UpstreamUnreachable",
    ],
    [new errors.HeadersOverflowError(), 502, "UpstreamBadResponse"],
    [new Error("anything else"), 502, "UpstreamBadResponse"],
  ];
  for (const [error, status, code] of table) {
    test(`${(error as Error).constructor.name} ${(error as { code?: string }).code ?? ""} → ${status} ${code}`, () => {
      const failure = classifyUpstreamError(error);
      assert.equal(failure.status, status);
      assert.equal(failure.code, code);
    });
  }

  test("only a reset counts for the single retry, never a refusal or a timeout", () => {
    assert.equal(isConnectionReset(new errors.SocketError("other side closed")), true);
    assert.equal(isConnectionReset(Object.assign(new Error("reset"), { code: "ECONNRESET" })), true);
    assert.equal(isConnectionReset(Object.assign(new Error("refused"), { code: "ECONNREFUSED" })), false);
    assert.equal(isConnectionReset(new errors.HeadersTimeoutError()), false);
  });
});

describe("headers", () => {
  test("Connection cannot name away the gateway's Host and Authorization", () => {
    const headers = upstreamRequestHeaders(
      {
        connection: "host, authorization, x-a",
        host: "evil",
        authorization: "Bearer x",
        "x-a": "1",
        accept: "*/*",
      },
      { host: "10.1.2.3:5180", bearerToken: "t", contentLength: null, forwarded: null },
    );
    assert.deepEqual(headers, { accept: "*/*", host: "10.1.2.3:5180", authorization: "Bearer t" });
  });

  test("Connection: keep-alive (the usual value) names nothing that passes, either way", () => {
    const facts = { host: "10.1.2.3:5180", bearerToken: null, contentLength: null, forwarded: null };
    for (const connection of ["keep-alive", "Keep-Alive", "KEEP-ALIVE", "keep-alive, x-a", "x-a"]) {
      const sent = upstreamRequestHeaders(
        { connection, "keep-alive": "timeout=5", "x-a": "1", accept: "*/*" },
        facts,
      );
      const expected = connection.includes("x-a") ? { accept: "*/*" } : { "x-a": "1", accept: "*/*" };
      assert.deepEqual(sent, { ...expected, host: "10.1.2.3:5180" }, connection);
      const answered = browserHeaders({
        connection,
        "keep-alive": "timeout=5",
        "x-a": "1",
        "content-type": "application/json",
      });
      const kept = connection.includes("x-a") ? {} : { "x-a": "1" };
      assert.deepEqual(answered, { ...kept, "content-type": "application/json" }, connection);
    }
    assert.equal(connectionNamedBeyondKeepAlive(undefined), null);
    assert.equal(connectionNamedBeyondKeepAlive("keep-alive"), null);
    assert.deepEqual(
      [...(connectionNamedBeyondKeepAlive(["keep-alive", "X-B"]) ?? [])],
      ["keep-alive", "x-b"],
    );
  });

  test("locations into the upstream are rewritten, other internal ones dropped, foreign ones kept", () => {
    const mounts = [
      { prefix: "/api/", base, kind: "app" as const },
      {
        prefix: "/webservices/",
        base: parseUpstreamBase("http://10.1.2.3:5180/ws/"),
        kind: "webservices" as const,
      },
    ];
    const at = (location: string) => rewriteLocation(location, "http://10.1.2.3:5180", "/api/a/b", mounts);
    assert.equal(at("http://10.1.2.3:5180/api/x?y=1"), "/api/x?y=1");
    assert.equal(at("../c"), "/api/c");
    assert.equal(at("/ws/logo/1"), "/webservices/logo/1");
    assert.equal(at("/hangfire"), null);
    assert.equal(at("https://help.example.com/"), "https://help.example.com/");
  });
});

describe("logs", () => {
  test("a failed relay is logged with its path only: no query string, no token, no cookie", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const port = await freePort();
    const gateway = await startGateway(`http://127.0.0.1:${port}`, {}, { level: "debug", stream });
    try {
      const answer = await send(gateway.port, "/api/Login/LoginWithRDS?st=SECRET-LOGIN-TOKEN", {
        headers: { Cookie: "session=alice", Authorization: "Bearer BROWSER-TOKEN" },
      });
      assert.equal(answer.status, 502);
    } finally {
      await gateway.close();
    }
    const relayLines = lines.filter((line) => line.includes('"relay"'));
    assert.ok(relayLines.some((line) => line.includes('"path":"/api/Login/LoginWithRDS"')));
    for (const line of relayLines) assert.ok(!line.includes("SECRET-LOGIN-TOKEN"), line);
    for (const line of lines) {
      for (const secret of ["token-alice", "BROWSER-TOKEN", "session=alice"])
        assert.ok(!line.includes(secret), line);
    }
  });
});
