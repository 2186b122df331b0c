/**
 * The sign-in form as a pure reducer: the credentials step (e-mail, password, and the domain when the
 * user asks for another account or the service needs it), then the second-factor step when the
 * gateway asks for a code. The gateway keeps the step token; after a refused code it has ended the
 * pending step, so the form goes back to the password (which is never kept) with the reason.
 */
import { type AuthFailure, DOMAIN_REQUIRED_CODE, INVALID_CREDENTIALS_CODE } from "./auth-errors.ts";
import { type FormEvent, type FormState, formReducer, initialForm } from "./form-state.ts";

/** The fields of the sign-in form. */
export type LoginField = "email" | "password" | "domain" | "code";

/** The step on display. */
export type LoginStep = "credentials" | "twoFactor";

/** The sign-in form's state. */
export interface LoginState extends FormState<LoginField> {
  step: LoginStep;
  /** The Domain field is shown (asked for, needed, or given by the mail link's `domain`). */
  showDomain: boolean;
}

/** What happens to the sign-in form. */
export type LoginEvent =
  | FormEvent<LoginField>
  | { type: "toggleDomain" }
  | { type: "twoFactorRequired" }
  | { type: "back" };

/** Texts of a second step the gateway ended: the code was refused, or the step expired. */
export const TWO_FACTOR_RESTART_KEYS: Readonly<Record<number, string>> = {
  2005: "Login_TwoFactorRefused", // InvalidTwoFactorCode
  2006: "Auth_ErrorTwoFactorExpired", // InvalidToken: the upstream's step token expired
  8009: "Auth_ErrorTwoFactorExpired", // TwoFactorNotPending
};

/** The sign-in form, with the domain already shown and filled when the link named one. */
export function initialLogin(domain: string | null): LoginState {
  return {
    ...initialForm<LoginField>({ email: "", password: "", domain: domain ?? "", code: "" }),
    step: "credentials",
    showDomain: domain !== null,
  };
}

/**
 * Whether a refused code ended the gateway's pending step: every answer of the service does; a
 * network failure, a rate limit (429) or a server failure (5xx) leave it waiting for a code.
 */
export function twoFactorStepEnded(failure: AuthFailure): boolean {
  const status = failure.status ?? 0;
  return status !== 0 && status !== 429 && status < 500;
}

function failed(state: LoginState, failure: AuthFailure | null): LoginState {
  if (!failure) return { ...state, ...formReducer<LoginField>(state, { type: "failed", failure }) };
  if (state.step === "twoFactor") {
    if (!twoFactorStepEnded(failure)) {
      return { ...state, ...formReducer<LoginField>(state, { type: "failed", failure, clear: ["code"] }) };
    }
    const key = (failure.code !== null && TWO_FACTOR_RESTART_KEYS[failure.code]) || failure.key;
    // The failure belongs to the password step now: shown for the form, the password field focused.
    const restart: AuthFailure = { ...failure, key, field: null, messages: [key] };
    const next = formReducer<LoginField>(state, {
      type: "failed",
      failure: restart,
      clear: ["password", "code"],
    });
    return { ...state, ...next, step: "credentials" };
  }
  const clear: LoginField[] = failure.code === INVALID_CREDENTIALS_CODE ? ["password"] : [];
  const next = formReducer<LoginField>(state, { type: "failed", failure, clear });
  return { ...state, ...next, showDomain: state.showDomain || failure.code === DOMAIN_REQUIRED_CODE };
}

/** The next state of the sign-in form. */
export function loginReducer(state: LoginState, event: LoginEvent): LoginState {
  switch (event.type) {
    case "toggleDomain":
      return { ...state, showDomain: !state.showDomain };
    case "twoFactorRequired":
      return {
        ...state,
        step: "twoFactor",
        status: "idle",
        failure: null,
        values: { ...state.values, code: "" },
      };
    case "back":
      return {
        ...state,
        step: "credentials",
        status: "idle",
        failure: null,
        values: { ...state.values, password: "", code: "" },
      };
    case "failed":
      return failed(state, event.failure);
    default:
      return { ...state, ...formReducer<LoginField>(state, event) };
  }
}

/** The body of POST /gw/session/login: trimmed e-mail, the domain only while its field shows. */
export function loginBody(state: LoginState): { email: string; password: string; domain?: string } {
  const domain = state.values.domain.trim();
  return {
    email: state.values.email.trim(),
    password: state.values.password,
    ...(state.showDomain && domain !== "" ? { domain } : {}),
  };
}

/** The code as typed, without the spaces authenticator apps show in the middle. */
export function normalizedCode(code: string): string {
  return code.replace(/\s+/g, "");
}

/** The field that takes the focus after a failure of the form as a whole: the password to type again. */
export function loginFocusAfter(failure: AuthFailure): LoginField | null {
  const retype =
    failure.code === INVALID_CREDENTIALS_CODE || Object.values(TWO_FACTOR_RESTART_KEYS).includes(failure.key);
  return retype ? "password" : null;
}
