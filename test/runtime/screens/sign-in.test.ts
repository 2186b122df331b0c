/**
 * Signing in and out (runtime/session/sign-in.ts): the session calls' CSRF header and bodies, the
 * remembered target after sign-in (§4.1 step 1, same-origin only), and sign-out (§4.2).
 */
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";
import { CSRF_HEADER } from "../../../runtime/http/api-client.ts";
import { ApiError } from "../../../runtime/http/api-error.ts";
import type { SessionState } from "../../../runtime/session/session-store.ts";
import {
  completeSignIn,
  postSession,
  type SessionSteps,
  signInTarget,
  signOut,
} from "../../../runtime/session/sign-in.ts";

describe("where a completed sign-in goes", () => {
  const cases: Array<[string | null, string]> = [
    ["/dashboards", "/dashboards"],
    ["/dashboards/42?view=list#top", "/dashboards/42?view=list#top"],
    ["/changepassword", "/changepassword"],
    [null, "/"],
    ["", "/"],
    ["https://evil.example/", "/"],
    ["//evil.example/", "/"],
    ["/\\evil.example", "/"],
    ["/%2F%2Fevil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["/login", "/"],
    ["/login?next=1", "/"],
    ["/LOGOUT", "/"],
    ["/loggedout/", "/"],
  ];
  for (const [remembered, target] of cases) {
    test(`${JSON.stringify(remembered)} → ${target}`, () => assert.equal(signInTarget(remembered), target));
  }
});

function fakeSteps(
  initial: Partial<SessionState>,
  log: string[],
  options: { logout?: () => Promise<unknown> } = {},
) {
  let state: SessionState = {
    status: "anonymous",
    profile: null,
    config: null,
    redirectAfterLogin: null,
    ...initial,
  };
  const steps: SessionSteps = {
    reloadManifest: async () => log.push("reloadManifest"),
    attemptLogin: async () => {
      log.push("attemptLogin");
    },
    clearSession: () => {
      log.push("clearSession");
      state = { ...state, status: "anonymous", profile: null, config: null };
    },
    logout: options.logout ?? (async () => log.push("logout")),
    session: {
      get: () => state,
      update: (recipe) => {
        const draft = { ...state };
        recipe(draft);
        state = draft;
      },
    },
  };
  return { steps, state: () => state };
}

describe("completeSignIn", () => {
  test("manifest, then session, then the remembered target, replacing the sign-in page", async () => {
    const log: string[] = [];
    const { steps, state } = fakeSteps({ status: "authenticated", redirectAfterLogin: "/dashboards" }, log);
    const navigations: unknown[] = [];
    assert.equal(await completeSignIn((to, o) => navigations.push([to, o]), steps), true);
    assert.deepEqual(log, ["reloadManifest", "attemptLogin"]);
    assert.deepEqual(navigations, [["/dashboards", { replace: true }]]);
    assert.equal(state().redirectAfterLogin, null);
  });

  test("no remembered target: home", async () => {
    const { steps } = fakeSteps({ status: "authenticated" }, []);
    const navigations: string[] = [];
    await completeSignIn((to) => navigations.push(to), steps);
    assert.deepEqual(navigations, ["/"]);
  });

  test("a session that could not be loaded: no navigation, false", async () => {
    const { steps } = fakeSteps({ status: "failed", redirectAfterLogin: "/dashboards" }, []);
    const navigations: string[] = [];
    assert.equal(await completeSignIn((to) => navigations.push(to), steps), false);
    assert.deepEqual(navigations, []);
  });
});

describe("signOut (§4.2)", () => {
  test("logout, forget the session and the saved target, anonymous manifest, /loggedout replacing /logout", async () => {
    const log: string[] = [];
    const { steps, state } = fakeSteps({ status: "authenticated", redirectAfterLogin: "/reports" }, log);
    const navigations: unknown[] = [];
    await signOut((to, o) => navigations.push([to, o]), {}, steps);
    assert.deepEqual(log, ["logout", "clearSession", "reloadManifest"]);
    assert.deepEqual(navigations, [["/loggedout", { replace: true }]]);
    assert.equal(state().status, "anonymous");
    assert.equal(state().redirectAfterLogin, null);
  });

  test("/logout?ws=0: the server ended the session, the saved target is kept", async () => {
    const { steps, state } = fakeSteps({ status: "authenticated", redirectAfterLogin: "/reports" }, []);
    await signOut(() => {}, { keepRedirect: true }, steps);
    assert.equal(state().redirectAfterLogin, "/reports");
  });

  test("an already ended session (401) counts as signed out", async () => {
    const log: string[] = [];
    const { steps } = fakeSteps({}, log, {
      logout: async () => Promise.reject(new ApiError(401, 8001, "x")),
    });
    const navigations: string[] = [];
    await signOut((to) => navigations.push(to), {}, steps);
    assert.deepEqual(navigations, ["/loggedout"]);
    assert.deepEqual(log, ["clearSession", "reloadManifest"]);
  });

  test("an unreachable gateway: the session is not claimed ended", async () => {
    const log: string[] = [];
    const { steps, state } = fakeSteps({ status: "authenticated" }, log, {
      logout: async () => Promise.reject(new ApiError(0, null, "offline", null, false, "NETWORK")),
    });
    const navigations: string[] = [];
    await assert.rejects(
      signOut((to) => navigations.push(to), {}, steps),
      ApiError,
    );
    assert.deepEqual(navigations, []);
    assert.equal(state().status, "authenticated");
  });

  test("a manifest that cannot be reloaded does not keep the user on /logout", async () => {
    const { steps } = fakeSteps({ status: "authenticated" }, []);
    steps.reloadManifest = async () => Promise.reject(new Error("offline"));
    const navigations: string[] = [];
    await signOut((to) => navigations.push(to), {}, steps);
    assert.deepEqual(navigations, ["/loggedout"]);
  });
});

describe("postSession", () => {
  const globals = globalThis as { document?: { cookie: string } };
  beforeEach(() => {
    globals.document = { cookie: "other=1; tessera_csrf=tok%2Ben" };
  });
  afterEach(() => {
    delete globals.document;
  });

  type Call = { url: string; init: RequestInit };
  const fetchWith = (calls: Call[], respond: (call: Call) => Response) =>
    (async (url: string, init: RequestInit) => {
      const call = { url, init };
      calls.push(call);
      return respond(call);
    }) as unknown as typeof fetch;

  test("POSTs JSON with the CSRF header from the cookie and returns the JSON answer", async () => {
    const calls: Call[] = [];
    const answer = await postSession(
      "login",
      { email: "a@b.example", password: "p" },
      fetchWith(calls, () => Response.json({ twoFactorRequired: true })),
    );
    assert.deepEqual(answer, { twoFactorRequired: true });
    assert.equal(calls.length, 1);
    const [call] = calls as [Call];
    assert.equal(call.url, "/gw/session/login");
    assert.equal(call.init.method, "POST");
    assert.equal(call.init.credentials, "same-origin");
    const headers = call.init.headers as Record<string, string>;
    assert.equal(headers[CSRF_HEADER], "tok+en");
    assert.equal(headers["Content-Type"], "application/json");
    assert.equal(call.init.body, JSON.stringify({ email: "a@b.example", password: "p" }));
  });

  test("204 gives null; a body-less call sends no body", async () => {
    const calls: Call[] = [];
    assert.equal(
      await postSession(
        "logout",
        undefined,
        fetchWith(calls, () => new Response(null, { status: 204 })),
      ),
      null,
    );
    assert.equal(calls[0]?.init.body, undefined);
  });

  test("a page without the CSRF cookie asks the gateway for it first", async () => {
    globals.document = { cookie: "" };
    const calls: Call[] = [];
    await postSession(
      "forgotDomain",
      { email: "a@b.example" },
      fetchWith(calls, (call) => {
        if (call.url === "/gw/session") {
          (globals.document as { cookie: string }).cookie = "tessera_csrf=fresh";
          return Response.json({}, { status: 401 });
        }
        return new Response(null, { status: 204 });
      }),
    );
    assert.deepEqual(
      calls.map((c) => c.url),
      ["/gw/session", "/gw/session/forgot-domain"],
    );
    assert.equal((calls[1]!.init.headers as Record<string, string>)[CSRF_HEADER], "fresh");
  });

  test("an error answer throws ApiError with the code and message", async () => {
    const error = await postSession(
      "login",
      {},
      fetchWith([], () => Response.json({ ErrorCode: 2004, Message: "Domain needed" }, { status: 400 })),
    ).catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.deepEqual([error.status, error.code, error.message], [400, 2004, "Domain needed"]);
  });

  test("a network failure throws ApiError with status 0", async () => {
    const failing = (async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch;
    const error = await postSession("login", {}, failing).catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 0);
    assert.equal(error.transportCode, "NETWORK");
  });
});
