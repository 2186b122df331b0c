/**
 * Impersonation (§4.1 step 4, §4.2, §8): the token request and the window URL, the token never kept
 * in a remembered target, the start in the new window (success loads the user's manifest and session;
 * failure shows the error and closes the window after IMPERSONATION_FAILURE_CLOSE_MS, fake timers),
 * the stop, and who may start one (§6: Write on the Users module).
 */
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, mock, test } from "node:test";
import type { AccessProfile } from "../../../../core/access/access-profile.ts";
import { ApiError } from "../../../../runtime/http/api-error.ts";
import {
  IMPERSONATION_ENDPOINTS,
  IMPERSONATION_FAILED_KEY,
  IMPERSONATION_FAILED_REASON_KEY,
  type ImpersonationSteps,
  impersonationFailureBanner,
  impersonationTokenPath,
  impersonationWindowUrl,
  mayImpersonate,
  requestImpersonationToken,
  startImpersonation,
  stopFailureBanner,
  stopImpersonation,
  withoutImpersonationToken,
} from "../../../../runtime/session/impersonation.ts";
import { IMPERSONATION_FAILURE_CLOSE_MS } from "../../../../runtime/state/constants.ts";

describe("the token and the window", () => {
  test("the upstream call and the window URL (the token URL-encoded, once)", () => {
    assert.equal(impersonationTokenPath("6"), "Admin/Users/6/ImpersonationToken");
    assert.equal(impersonationWindowUrl("ab+/=c"), "/?it=ab%2B%2F%3Dc");
  });

  test("the token is asked with a POST and read from the answer", async () => {
    const calls: unknown[][] = [];
    const request = (async (...args: unknown[]) => {
      calls.push(args);
      return { Token: "tok", ExpiresAt: "2026-01-01T00:00:00Z" };
    }) as never;
    assert.equal(await requestImpersonationToken("6", request), "tok");
    assert.deepEqual(calls, [["Admin/Users/6/ImpersonationToken", { method: "POST" }]]);
  });

  test("an answer without a token is an error", async () => {
    const request = (async () => ({})) as never;
    await assert.rejects(requestImpersonationToken("6", request), ApiError);
  });

  const urls: Array<[string, string]> = [
    ["/?it=secret", "/"],
    ["/dashboards?it=secret&x=1#top", "/dashboards?x=1#top"],
    ["/dashboards?x=1", "/dashboards?x=1"],
    ["/", "/"],
  ];
  for (const [url, expected] of urls) {
    test(`a remembered ${url} keeps no token`, () => assert.equal(withoutImpersonationToken(url), expected));
  }
});

describe("the failure texts (§8)", () => {
  const texts = { exists: (key: string) => key === "ErrorCode2006", t: (key: string) => `«${key}»` };

  test("a known error code names the reason", () => {
    assert.deepEqual(impersonationFailureBanner(new ApiError(401, 2006, "expired"), texts), {
      kind: "error",
      textKey: IMPERSONATION_FAILED_REASON_KEY,
      params: { reason: "«ErrorCode2006»" },
    });
  });

  test("anything else shows the generic failure", () => {
    for (const error of [
      new ApiError(500, 9999, "x"),
      new Error("boom"),
      new ApiError(0, null, "aborted", null, true),
    ]) {
      assert.deepEqual(impersonationFailureBanner(error, texts), {
        kind: "error",
        textKey: IMPERSONATION_FAILED_KEY,
      });
    }
  });

  test("a failed stop shows its error; an aborted one is silent", () => {
    assert.deepEqual(stopFailureBanner(new ApiError(401, 2006, "x"), texts), {
      kind: "error",
      textKey: "ErrorCode2006",
    });
    assert.equal(stopFailureBanner(new ApiError(0, null, "aborted", null, true), texts), null);
  });
});

/** Steps recording what happened, in order. */
function recordingSteps(postFails: unknown = null) {
  const log: string[] = [];
  const steps: ImpersonationSteps = {
    post: async (path, body) => {
      log.push(`post ${path} ${JSON.stringify(body ?? null)}`);
      if (postFails) throw postFails;
    },
    reloadManifest: async () => void log.push("reloadManifest"),
    attemptLogin: async () => void log.push("attemptLogin"),
    showError: (_error, phase) => void log.push(`showError ${phase}`),
    closeWindow: () => void log.push("closeWindow"),
    forgetImpersonationLanguage: () => void log.push("forgetLanguage"),
    markPending: () => void log.push("pending"),
    scrubRememberedTarget: (cleanUrl) => void log.push(`scrub ${cleanUrl}`),
  };
  return { steps, log };
}

describe("starting in the new window (§4.1 step 4)", () => {
  beforeEach(() => mock.timers.enable({ apis: ["setTimeout"] }));
  afterEach(() => mock.timers.reset());

  test("the token goes to the gateway, then the user's manifest and session load", async () => {
    const { steps, log } = recordingSteps();
    assert.equal(await startImpersonation("tok", "/", steps), true);
    mock.timers.tick(IMPERSONATION_FAILURE_CLOSE_MS * 2);
    assert.deepEqual(log, [
      "scrub /",
      "pending",
      `post ${IMPERSONATION_ENDPOINTS.start} {"token":"tok"}`,
      "reloadManifest",
      "attemptLogin",
    ]);
  });

  test(`a refused token shows the error and closes the window after ${IMPERSONATION_FAILURE_CLOSE_MS} ms`, async () => {
    const { steps, log } = recordingSteps(new ApiError(401, 2006, "expired"));
    assert.equal(await startImpersonation("tok", "/", steps), false);
    assert.deepEqual(log, [
      "scrub /",
      "pending",
      `post ${IMPERSONATION_ENDPOINTS.start} {"token":"tok"}`,
      "showError start",
      "attemptLogin",
    ]);
    mock.timers.tick(IMPERSONATION_FAILURE_CLOSE_MS - 1);
    assert.equal(log.includes("closeWindow"), false);
    mock.timers.tick(1);
    assert.equal(log.at(-1), "closeWindow");
  });
});

describe("stopping (§4.2)", () => {
  test("the gateway restores the staff identity; the impersonation language is forgotten; all reloads", async () => {
    const { steps, log } = recordingSteps();
    await stopImpersonation(steps);
    assert.deepEqual(log, [
      "pending",
      `post ${IMPERSONATION_ENDPOINTS.stop} null`,
      "forgetLanguage",
      "reloadManifest",
      "attemptLogin",
    ]);
  });

  test("a failed stop shows its error and still reloads what the gateway holds", async () => {
    const { steps, log } = recordingSteps(new ApiError(409, 8010, "not impersonating"));
    await stopImpersonation(steps);
    assert.deepEqual(log, [
      "pending",
      `post ${IMPERSONATION_ENDPOINTS.stop} null`,
      "showError stop",
      "reloadManifest",
      "attemptLogin",
    ]);
  });
});

describe("who may impersonate (§6)", () => {
  const profile = (write: boolean): AccessProfile => ({
    permissions: new Map(),
    features: new Map(),
    adminModules: new Map([["Users", { read: true, write }]]),
    isAdmin: true,
    impersonating: false,
    homePageType: null,
    homePageRedirectionMenu: null,
  });
  const route = { access: { adminModules: ["Users"] } };
  const cases: Array<[string, AccessProfile | null, string | undefined, boolean]> = [
    ["Write on Users", profile(true), "6", true],
    ["Read only", profile(false), "6", false],
    ["no session", null, "6", false],
    ["an id that is no number", profile(true), "6x", false],
    ["no id", profile(true), undefined, false],
  ];
  for (const [name, who, id, expected] of cases) {
    test(name, () => assert.equal(mayImpersonate(who, route, id), expected));
  }
  test("a route naming no module needs Write on Users", () => {
    assert.equal(mayImpersonate(profile(true), {}, "6"), true);
  });
});
