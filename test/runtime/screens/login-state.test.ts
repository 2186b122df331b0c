/**
 * The sign-in form as data: the domain shown on request, from the link or on DomainRequired; a
 * wrong password keeps the e-mail; the second factor and what a refused code does to it.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { AuthFailure } from "../../../runtime/screens/auth/auth-errors.ts";
import {
  initialLogin,
  type LoginState,
  loginBody,
  loginFocusAfter,
  loginReducer,
  normalizedCode,
  twoFactorStepEnded,
} from "../../../runtime/screens/auth/login-state.ts";

const failure = (
  code: number | null,
  status: number | null,
  field: AuthFailure["field"] = null,
): AuthFailure => {
  const key = code === null ? "ErrorCode_UnknownXhrFailure" : `ErrorCode${code}`;
  return { key, fallbackMessage: null, field, code, status, messages: [key] };
};

function typed(state: LoginState, values: Partial<LoginState["values"]>): LoginState {
  let next = state;
  for (const [field, value] of Object.entries(values)) {
    next = loginReducer(next, {
      type: "edit",
      field: field as keyof LoginState["values"],
      value: value as string,
    });
  }
  return next;
}

const filled = () =>
  typed(initialLogin(null), { email: " owner@northwind.example ", password: "tessera-demo" });

describe("credentials step", () => {
  test("starts on the credentials, the domain hidden unless the link names one", () => {
    assert.equal(initialLogin(null).showDomain, false);
    const fromLink = initialLogin("northwind");
    assert.equal(fromLink.showDomain, true);
    assert.equal(fromLink.values.domain, "northwind");
  });

  test("'another account' toggles the domain field", () => {
    const shown = loginReducer(initialLogin(null), { type: "toggleDomain" });
    assert.equal(shown.showDomain, true);
    assert.equal(loginReducer(shown, { type: "toggleDomain" }).showDomain, false);
  });

  test("the body: trimmed e-mail, the password as typed, the domain only while shown and filled", () => {
    assert.deepEqual(loginBody(filled()), { email: "owner@northwind.example", password: "tessera-demo" });
    const hiddenDomain = typed(filled(), { domain: "contoso" });
    assert.deepEqual(loginBody(hiddenDomain), { email: "owner@northwind.example", password: "tessera-demo" });
    const shown = loginReducer(typed(filled(), { domain: " northwind " }), { type: "toggleDomain" });
    assert.deepEqual(loginBody(shown), {
      email: "owner@northwind.example",
      password: "tessera-demo",
      domain: "northwind",
    });
  });

  test("a wrong password keeps the e-mail, clears the password and focuses it", () => {
    const state = loginReducer(loginReducer(filled(), { type: "submit" }), {
      type: "failed",
      failure: failure(2003, 401),
    });
    assert.equal(state.values.email, " owner@northwind.example ");
    assert.equal(state.values.password, "");
    assert.equal(state.status, "idle");
    assert.equal(state.failure?.key, "ErrorCode2003");
    assert.equal(loginFocusAfter(state.failure as AuthFailure), "password");
  });

  test("DomainRequired shows the domain field and keeps the password", () => {
    const state = loginReducer(loginReducer(filled(), { type: "submit" }), {
      type: "failed",
      failure: failure(2004, 400, "domain"),
    });
    assert.equal(state.showDomain, true);
    assert.equal(state.values.password, "tessera-demo");
    assert.equal(state.failure?.field, "domain");
  });

  test("a network failure keeps everything and focuses the alert", () => {
    const state = loginReducer(filled(), { type: "failed", failure: failure(null, 0) });
    assert.equal(state.values.password, "tessera-demo");
    assert.equal(loginFocusAfter(state.failure as AuthFailure), null);
  });
});

describe("second factor", () => {
  const atCode = () =>
    typed(loginReducer(loginReducer(filled(), { type: "submit" }), { type: "twoFactorRequired" }), {
      code: "123 456",
    });

  test("twoFactorRequired opens the code step, idle and empty", () => {
    const state = loginReducer(loginReducer(filled(), { type: "submit" }), { type: "twoFactorRequired" });
    assert.equal(state.step, "twoFactor");
    assert.equal(state.status, "idle");
    assert.equal(state.values.code, "");
  });

  test("codes are sent without the spaces apps show", () => {
    assert.equal(normalizedCode(" 123 456 "), "123456");
  });

  test("back returns to the credentials without the password and code", () => {
    const state = loginReducer(atCode(), { type: "back" });
    assert.equal(state.step, "credentials");
    assert.deepEqual([state.values.password, state.values.code], ["", ""]);
    assert.equal(state.values.email, " owner@northwind.example ");
  });

  const ended: Array<[string, AuthFailure, string]> = [
    ["a refused code", failure(2005, 401, "code"), "Login_TwoFactorRefused"],
    ["an expired step token", failure(2006, 401), "Auth_ErrorTwoFactorExpired"],
    ["no pending step at the gateway", failure(8009, 401), "Auth_ErrorTwoFactorExpired"],
    ["a disabled account", failure(2007, 403), "ErrorCode2007"],
  ];
  for (const [name, input, key] of ended) {
    test(`${name}: the gateway ended the step, back to the password with the reason`, () => {
      const state = loginReducer(loginReducer(atCode(), { type: "submit" }), {
        type: "failed",
        failure: input,
      });
      assert.equal(state.step, "credentials");
      assert.equal(state.failure?.key, key);
      assert.equal(state.failure?.field, null);
      assert.deepEqual([state.values.password, state.values.code], ["", ""]);
      assert.equal(state.values.email, " owner@northwind.example ");
    });
  }

  const kept: Array<[string, AuthFailure]> = [
    ["a network failure", failure(null, 0)],
    ["a rate limit", failure(8032, 429)],
    ["an upstream outage", failure(5057, 503)],
    ["a timeout", failure(5059, 504)],
  ];
  for (const [name, input] of kept) {
    test(`${name}: the step still waits for a code`, () => {
      assert.equal(twoFactorStepEnded(input), false);
      const state = loginReducer(atCode(), { type: "failed", failure: input });
      assert.equal(state.step, "twoFactor");
      assert.equal(state.values.code, "");
      assert.equal(state.values.password, "tessera-demo");
    });
  }

  test("after a restart the password takes the focus", () => {
    const state = loginReducer(atCode(), { type: "failed", failure: failure(2005, 401, "code") });
    assert.equal(loginFocusAfter(state.failure as AuthFailure), "password");
  });
});
