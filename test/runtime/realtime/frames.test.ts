/**
 * Validation of the gateway's frames in the browser (server/gateway/hub-relay/README.md), and the
 * frames a tab sends about its configuration.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  parseGatewayFrame,
  rejectedFrame,
  reportFrame,
  serializeInvokeFrame,
  TAB_FRAME_LIMITS,
  utf8Length,
} from "../../../runtime/realtime/frames.ts";
import { MANIFEST_KIND_NAMES } from "../../../schemas/config-api.ts";
import { SCHEMA_DIGESTS } from "../../../schemas/generated/schema-digests.ts";
import { parseBrowserFrame } from "../../../server/gateway/hub-relay/browser-frames.ts";

const parse = (frame: unknown) => parseGatewayFrame(JSON.stringify(frame));

describe("gateway frames", () => {
  test("every frame kind of the protocol is read", () => {
    assert.deepEqual(parse({ t: "ping" }), { t: "ping" });
    assert.deepEqual(parse({ t: "pong" }), { t: "pong" });
    assert.deepEqual(parse({ t: "event", hub: "user", target: "reload", args: [] }), {
      t: "event",
      hub: "user",
      target: "reload",
      args: [],
    });
    assert.deepEqual(parse({ t: "event", hub: "gateway", target: "maintenance" }), {
      t: "event",
      hub: "gateway",
      target: "maintenance",
      args: [],
    });
    assert.deepEqual(parse({ t: "result", id: "a-1", ok: true, result: { UID: "x" } }), {
      t: "result",
      id: "a-1",
      ok: true,
      result: { UID: "x" },
    });
    assert.deepEqual(
      parse({ t: "result", id: "a-2", ok: false, error: { ErrorCode: 5074, Message: "m", retryable: true } }),
      {
        t: "result",
        id: "a-2",
        ok: false,
        error: { ErrorCode: 5074, Message: "m", retryable: true },
      },
    );
    for (const upstream of ["connected", "reconnecting", "unreachable"]) {
      assert.deepEqual(parse({ t: "status", upstream }), { t: "status", upstream });
    }
    assert.deepEqual(parse({ t: "ended", reason: "sessionEnded" }), { t: "ended", reason: "sessionEnded" });
    assert.deepEqual(parse({ t: "ended", reason: "sessionEnded", redirect: "/login" }), {
      t: "ended",
      reason: "sessionEnded",
      redirect: "/login",
    });
  });

  test("a missing retryable flag counts as not retryable", () => {
    const frame = parse({ t: "result", id: "a", ok: false, error: { ErrorCode: 5073, Message: "m" } });
    assert.equal(frame?.t === "result" && !frame.ok && frame.error.retryable, false);
  });

  test("an unsafe redirect is dropped from ended", () => {
    for (const redirect of [
      "//evil.example",
      "https://evil.example",
      "/%2F%2Fevil",
      "javascript:alert(1)",
      7,
    ]) {
      assert.deepEqual(parse({ t: "ended", reason: "sessionEnded", redirect }), {
        t: "ended",
        reason: "sessionEnded",
      });
    }
  });

  test("malformed or unknown frames are ignored (null)", () => {
    for (const text of ["", "nope", "null", "[]", "1"]) assert.equal(parseGatewayFrame(text), null, text);
    assert.equal(parseGatewayFrame(42), null);
    for (const frame of [
      { t: "subscribe" },
      { t: "event", hub: "admin", target: "x", args: [] },
      { t: "event", hub: "user", target: "", args: [] },
      { t: "event", hub: "user", target: "x", args: {} },
      { t: "result", ok: true },
      { t: "result", id: "a", ok: "yes" },
      { t: "result", id: "a", ok: false },
      { t: "result", id: "a", ok: false, error: { Message: "m" } },
      { t: "status", upstream: "down" },
      { t: "ended", reason: "other" },
    ]) {
      assert.equal(parse(frame), null, JSON.stringify(frame));
    }
  });
});

describe("browser frames", () => {
  test("an invocation serializes to the protocol's shape; sizes count UTF-8 bytes", () => {
    const text = serializeInvokeFrame({
      t: "invoke",
      id: "k-1",
      hub: "chat",
      target: "SendMessage",
      args: ["é"],
    });
    assert.deepEqual(JSON.parse(text), {
      t: "invoke",
      id: "k-1",
      hub: "chat",
      target: "SendMessage",
      args: ["é"],
    });
    assert.equal(utf8Length("é"), 2);
    assert.equal(utf8Length("a"), 1);
  });
});

describe("the tab's configuration frames (DESIGN.md §3)", () => {
  test("the report carries build, version and kinds, sorted and each once", () => {
    assert.deepEqual(
      reportFrame({
        build: "b-1",
        manifestVersion: 7,
        renderers: ["tasks", "home", "tasks"],
        dialogs: new Set(["WelcomeDialog", "ExportsDialog"]),
      }),
      {
        t: "report",
        build: "b-1",
        manifestVersion: 7,
        renderers: ["home", "tasks"],
        dialogs: ["ExportsDialog", "WelcomeDialog"],
        schemas: SCHEMA_DIGESTS,
      },
    );
    assert.equal(
      reportFrame({ build: "b", manifestVersion: null, renderers: [], dialogs: [] }).manifestVersion,
      null,
    );
  });

  test("the report stays within the gateway's bounds", () => {
    const { buildChars, kinds } = TAB_FRAME_LIMITS;
    const many = Array.from({ length: kinds + 20 }, (_, i) => `kind-${String(i).padStart(4, "0")}`);
    const frame = reportFrame({
      build: "x".repeat(buildChars + 10),
      manifestVersion: 1,
      renderers: ["k".repeat(101), "has space", "comma,kind", "ünïcode", ...many],
      dialogs: ["", "Ok.Dialog:v2_x-y"],
    });
    assert.equal(frame.build.length, buildChars);
    assert.equal(frame.renderers.length, kinds);
    assert.equal(frame.renderers[0], "kind-0000");
    assert.equal(frame.renderers.at(-1), `kind-0${kinds - 1}`);
    // Names the gateway would not take are left out, never changed.
    assert.deepEqual(frame.dialogs, ["Ok.Dialog:v2_x-y"]);
    assert.equal(
      reportFrame({ build: "b\u00e9\n1", manifestVersion: 1, renderers: [], dialogs: [] }).build,
      "b1",
    );
    assert.equal(
      reportFrame({ build: "\u00e9", manifestVersion: 1, renderers: [], dialogs: [] }).build,
      "unknown",
    );
  });

  test("the report carries this build's schema digests, only kinds and digests the gateway takes", () => {
    const frame = reportFrame({ build: "b", manifestVersion: 1, renderers: [], dialogs: [] });
    assert.deepEqual(frame.schemas, SCHEMA_DIGESTS);
    assert.deepEqual(Object.keys(frame.schemas), [...MANIFEST_KIND_NAMES]);
    const digest = "0123456789abcdef";
    assert.equal(TAB_FRAME_LIMITS.digestChars, digest.length);
    const given = JSON.parse(
      `{"routes":"${digest}","menus":"${digest.toUpperCase()}","shell":"${digest}0","dialogs":7,` +
        `"texts.en":"${digest}","charts":"${digest}","__proto__":"${digest}","widgets":"${digest}"}`,
    ) as Record<string, string>;
    assert.deepEqual(
      reportFrame({ build: "b", manifestVersion: 1, renderers: [], dialogs: [], schemas: given }).schemas,
      { routes: digest, widgets: digest },
    );
  });

  test("a rejection's reason is one line, never empty, cut to the gateway's length", () => {
    assert.deepEqual(rejectedFrame(3, "texts failed"), { t: "rejected", version: 3, reason: "texts failed" });
    assert.equal(rejectedFrame(3, "r".repeat(500)).reason.length, TAB_FRAME_LIMITS.reasonChars);
    assert.equal(rejectedFrame(3, "line one\nline\ttwo\u0085").reason, "line one line two");
    assert.equal(rejectedFrame(3, "\n").reason, "not applied");
    const pair = rejectedFrame(3, `${"r".repeat(199)}\u{1F600}`).reason;
    assert.equal(pair, "r".repeat(199), "half a surrogate pair is not sent");
  });

  test("what the tab sends is what the gateway's hub relay takes (its parser, not a copy of its rules)", () => {
    const frames = [
      reportFrame({
        build: "Zm9vYmFyYmF6cXV4MTIzNDU2",
        manifestVersion: null,
        renderers: ["adminScreen", "bad name", "x".repeat(300)],
        dialogs: ["MySettingsDialog", "a,b"],
      }),
      reportFrame({ build: "é", manifestVersion: 0, renderers: [], dialogs: [] }),
      reportFrame({
        build: "b",
        manifestVersion: 3,
        renderers: [],
        dialogs: [],
        schemas: { routes: "0123456789abcdef", menus: "nothex", texts: "0123456789abcdef" },
      }),
      reportFrame({ build: "b", manifestVersion: 3, renderers: [], dialogs: [], schemas: {} }),
      { t: "applied", version: 12 } as const,
      rejectedFrame(12, `texts: failed\n${"é".repeat(400)}`),
      rejectedFrame(0, "\u0000"),
    ];
    for (const frame of frames) {
      assert.deepEqual(parseBrowserFrame(JSON.stringify(frame)), frame, JSON.stringify(frame));
    }
  });
});
