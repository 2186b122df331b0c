/**
 * The sign-in steps rendered to HTML in Node (react-dom/server): labelled controls, the one-time-code
 * autocomplete, the domain toggle's ARIA, the busy state (button disabled, form aria-busy) and the
 * alert that announces a failure.
 */
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { initTestI18n } from "../components/css-stub.ts";

type Forms = typeof import("../../../runtime/screens/auth/login-forms.tsx");
type State = typeof import("../../../runtime/screens/auth/login-state.ts");
let forms: Forms;
let state: State;
let html: (element: unknown) => string;
let h: typeof import("react").createElement;

before(async () => {
  await initTestI18n({ Login_Submit: "Sign in", Login_Submitting: "Signing in…", ErrorCode2003: "Wrong." });
  html = (await import("react-dom/server")).renderToStaticMarkup as never;
  h = (await import("react")).createElement;
  forms = await import("../../../runtime/screens/auth/login-forms.tsx");
  state = await import("../../../runtime/screens/auth/login-state.ts");
});

const controls = {
  fieldRef: () => () => {},
  alertRef: { current: null },
  submit: async () => {},
  focus: () => {},
};
const noop = () => {};

function credentials(login: ReturnType<State["initialLogin"]>): string {
  return html(
    h(forms.CredentialsForm, { state: login, controls, onEdit: noop, onSubmit: noop, onToggleDomain: noop }),
  );
}

describe("credentials step", () => {
  test("labelled e-mail and password with their autocomplete; no domain field until asked", () => {
    const markup = credentials(state.initialLogin(null));
    assert.match(markup, /<label[^>]*for="login-email"/);
    assert.match(
      markup,
      /id="login-email"[^>]*autoComplete="username"|autoComplete="username"[^>]*id="login-email"/i,
    );
    assert.match(markup, /<label[^>]*for="login-password"/);
    assert.match(markup, /autoComplete="current-password"/i);
    assert.doesNotMatch(markup, /id="login-domain"/);
    assert.match(markup, /aria-expanded="false"/);
  });

  test("the toggle controls the shown domain field", () => {
    const markup = credentials(state.initialLogin("northwind"));
    assert.match(
      markup,
      /aria-expanded="true"[^>]*aria-controls="login-domain"|aria-controls="login-domain"[^>]*aria-expanded="true"/,
    );
    assert.match(markup, /id="login-domain"[^>]*value="northwind"|value="northwind"[^>]*id="login-domain"/);
  });

  test("while submitting: the form is busy and the button disabled with its busy text", () => {
    const busy = state.loginReducer(state.initialLogin(null), { type: "submit" });
    const markup = credentials(busy);
    assert.match(markup, /<form[^>]*aria-busy="true"/);
    assert.match(markup, /<button type="submit"[^>]*disabled=""[^>]*>Signing in…<\/button>/);
  });

  test("a failure of the form is in the role=alert region", () => {
    const failed = state.loginReducer(state.initialLogin(null), {
      type: "failed",
      failure: {
        key: "ErrorCode2003",
        fallbackMessage: null,
        field: null,
        code: 2003,
        status: 401,
        messages: ["ErrorCode2003"],
      },
    });
    assert.match(credentials(failed), /role="alert"[^>]*>.*Wrong\./);
  });
});

test("the code step asks the browser for a one-time code", () => {
  const atCode = state.loginReducer(state.initialLogin(null), { type: "twoFactorRequired" });
  const markup = html(
    h(forms.TwoFactorForm, { state: atCode, controls, onEdit: noop, onSubmit: noop, onBack: noop }),
  );
  assert.match(markup, /<label[^>]*for="login-code"/);
  assert.match(markup, /autoComplete="one-time-code"/i);
  assert.match(markup, /inputMode="numeric"/i);
});
