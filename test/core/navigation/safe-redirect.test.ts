/**
 * The one same-origin redirect rule (core/navigation/safe-redirect.ts) as a table, then the same table
 * through each place that used to carry its own copy of the rule: the gateway's session endpoints
 * (the `redirect` of a sign-in, session-flow.ts), the gateway's hub frames (the redirect of a
 * session-ended frame, browser-frames.ts) and the runtime (the remembered target after sign-in,
 * sign-in.ts; the redirect of a session-ended frame, realtime/frames.ts; a redirect route's target,
 * redirect-target.ts). Each must accept exactly what the rule accepts.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { FastifyReply } from "fastify";
import { isSafeRedirectTarget, safeRedirectTarget } from "../../../core/navigation/safe-redirect.ts";
import { redirectTargetFor } from "../../../runtime/navigation/redirect-target.ts";
import { parseGatewayFrame } from "../../../runtime/realtime/frames.ts";
import { signInTarget } from "../../../runtime/session/sign-in.ts";
import { inAppRedirect } from "../../../server/gateway/hub-relay/browser-frames.ts";
import { redirectAcceptable } from "../../../server/gateway/session/session-flow.ts";

const safe = [
  "/",
  "/dashboards",
  "/dashboards/7?x=1#h",
  "/supporttickets?id=a%2Fb",
  "/a/b?next=%2Fc",
  "/données",
  "/reports/%41",
  "/a/javascript:alert(1)",
];

/** Every known way around a same-origin check, each refused. */
const unsafe: unknown[] = [
  "",
  "dashboards",
  // Two leading slashes, or a slash and a backslash: protocol-relative URLs to another host.
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "\\/evil.example",
  "\\\\evil.example",
  "/a\\b",
  // Schemes, in any case.
  "https://evil.example/",
  "HTTPS://evil.example/",
  "http:evil.example",
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  "data:text/html,x",
  "Data:text/html,x",
  // Tabs, newlines and other controls inside (URL parsers drop tabs and newlines).
  "/\tevil",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/a\nb",
  "java\tscript:alert(1)",
  "/\u0000x",
  "/\u007fx",
  "/\u0085x",
  "/\u0080/evil.example",
  // Percent-encoded forms, once, twice and three times.
  "/%2F%2Fevil.example",
  "%2F%2Fevil.example",
  "/%2f%2fevil.example",
  "/%5Cevil.example",
  "/%5cevil.example",
  "/%252F%252Fevil.example",
  "/%25252F%25252Fevil.example",
  "/%2525252F%2525252Fevil.example",
  "/%0d%0aSet-Cookie:x",
  "/%09/evil.example",
  "/%C2%85x",
  "/%E0%A4%A",
  // Leading white space.
  " /dashboards",
  "\t/dashboards",
  "\u00a0/dashboards",
  "\u2028/dashboards",
  // Too long.
  `/${"a".repeat(3000)}`,
  // Not text.
  42,
  null,
  undefined,
  { toString: () => "/ok" },
];

describe("the rule", () => {
  for (const target of safe) {
    test(`accepts ${target}`, () => assert.equal(isSafeRedirectTarget(target), true));
  }
  for (const target of unsafe) {
    test(`refuses ${JSON.stringify(target)?.slice(0, 40) ?? String(target)}`, () =>
      assert.equal(isSafeRedirectTarget(target), false));
  }

  test("falls back for unsafe targets, and refuses an unsafe fallback", () => {
    assert.equal(safeRedirectTarget("//evil.example"), "/");
    assert.equal(safeRedirectTarget("//evil.example", "/login"), "/login");
    assert.equal(safeRedirectTarget("/ok"), "/ok");
    assert.throws(() => safeRedirectTarget("/ok", "//evil.example"), TypeError);
  });
});

/** A reply that records what the session endpoint answered. */
function recordingReply(): { reply: FastifyReply; status: () => number | null } {
  let status: number | null = null;
  const reply = {
    code(value: number) {
      status = value;
      return reply;
    },
    header: () => reply,
    send: () => reply,
  };
  return { reply: reply as unknown as FastifyReply, status: () => status };
}

const texts = [...safe, ...unsafe.filter((target): target is string => typeof target === "string")];

describe("every former copy now applies the rule", () => {
  test("gateway, session endpoints: a sign-in's redirect is refused with 400 exactly when the rule refuses it", () => {
    for (const target of texts) {
      const { reply, status } = recordingReply();
      const accepted = redirectAcceptable(reply, target);
      assert.equal(accepted, isSafeRedirectTarget(target), JSON.stringify(target));
      assert.equal(status(), accepted ? null : 400, JSON.stringify(target));
    }
  });

  test("gateway, hub frames: a session-ended redirect is passed on exactly when the rule accepts it", () => {
    for (const target of [...safe, ...unsafe]) {
      const expected = isSafeRedirectTarget(target) ? target : undefined;
      assert.equal(inAppRedirect(target), expected, JSON.stringify(target));
      // An absolute URL on the gateway's own origin is judged by its path.
      if (typeof target === "string" && target.startsWith("/") && !target.startsWith("//")) {
        const own = "https://app.example.com";
        const judged = inAppRedirect(`${own}${target}`, new Set([own]));
        const path = new URL(`${own}${target}`);
        const asPath = `${path.pathname}${path.search}${path.hash}`;
        assert.equal(judged, isSafeRedirectTarget(asPath) ? asPath : undefined, JSON.stringify(target));
      }
    }
  });

  test("runtime, session-ended frame: the redirect is kept exactly when the rule accepts it", () => {
    for (const target of texts) {
      const frame = parseGatewayFrame(
        JSON.stringify({ t: "ended", reason: "sessionEnded", redirect: target }),
      );
      assert.ok(frame?.t === "ended");
      assert.equal(frame.redirect, isSafeRedirectTarget(target) ? target : undefined, JSON.stringify(target));
    }
  });

  test("runtime, after sign-in: the remembered target is followed exactly when the rule accepts it", () => {
    for (const target of texts) {
      assert.equal(signInTarget(target), isSafeRedirectTarget(target) ? target : "/", JSON.stringify(target));
    }
  });

  test("runtime, redirect routes: a manifest target is followed exactly when the rule accepts it", () => {
    // A target without parameters comes out of the template as it went in ("" is the root).
    for (const target of texts.filter((text) => text !== "")) {
      const expected = isSafeRedirectTarget(target) ? target : null;
      assert.equal(redirectTargetFor({ to: target }, {}, ""), expected, JSON.stringify(target));
    }
  });
});
