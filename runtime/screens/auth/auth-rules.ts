/**
 * The shapes the session endpoints accept (server/gateway/session/session-schemas.ts), checked in the
 * browser first so a wrong value gets its own text instead of a refused request, and the reading of
 * the query parameters mail links carry (`token`, `domain`): read once, then dropped from the URL.
 */

import type { Validator } from "../../forms/validation.ts";
import { LANGUAGES } from "../../state/constants.ts";

/** A mail link's token: opaque and header-safe (the gateway's `token` schema). */
export const TOKEN_PATTERN = /^[A-Za-z0-9._~+/=-]{16,2048}$/;
/** A domain at sign-in: letters, digits and inner dashes, one DNS label (the gateway's `domain`). */
export const DOMAIN_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
/** A new account's domain: lower case, at least two characters (the gateway's signup `domain`). */
export const NEW_DOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])$/;
/** A one-time code of an authenticator app (the gateway's two-factor `code`). */
export const CODE_PATTERN = /^[0-9]{6,8}$/;

/** Text key of a domain that cannot be one. */
export const INVALID_DOMAIN_KEY = "Auth_DomainInvalid";
/** Text key of a new account's domain that cannot be one. */
export const INVALID_NEW_DOMAIN_KEY = "Signup_DomainInvalid";
/** Text key of a one-time code that cannot be one. */
export const INVALID_CODE_KEY = "Login_CodeInvalid";

/** §5 custom validator of a sign-in domain (an empty value is left to `required`). */
export const domainValidator: Validator<string> = (value) =>
  value.trim() === "" || DOMAIN_PATTERN.test(value.trim()) ? null : INVALID_DOMAIN_KEY;

/** §5 custom validator of a new account's domain. */
export const newDomainValidator: Validator<string> = (value) =>
  value.trim() === "" || NEW_DOMAIN_PATTERN.test(value.trim()) ? null : INVALID_NEW_DOMAIN_KEY;

/** §5 custom validator of a one-time code (spaces between digit groups are allowed). */
export const codeValidator: Validator<string> = (value) => {
  const code = value.replace(/\s+/g, "");
  return code === "" || CODE_PATTERN.test(code) ? null : INVALID_CODE_KEY;
};

/** The parts of a location the readers use. */
export interface UrlParts {
  pathname: string;
  search: string;
  hash: string;
}

/** One query parameter, read once. */
export interface QueryValue {
  /** The value when present and of the accepted shape, else null. */
  value: string | null;
  /** Whether the parameter was in the URL at all (then it is removed, valid or not). */
  present: boolean;
  /** The same URL without the parameter. */
  cleanUrl: string;
}

/** Reads `name` from `url`'s query; values not matching `accept` count as absent. */
export function readQueryValue(url: UrlParts, name: string, accept: RegExp): QueryValue {
  const query = new URLSearchParams(url.search);
  const raw = query.get(name);
  query.delete(name);
  const rest = query.toString();
  return {
    value: raw !== null && accept.test(raw) ? raw : null,
    present: raw !== null,
    cleanUrl: `${url.pathname}${rest ? `?${rest}` : ""}${url.hash}`,
  };
}

/** The `token` of a mail link (reset password, invitation, disable 2FA). */
export function readQueryToken(url: UrlParts): QueryValue {
  return readQueryValue(url, "token", TOKEN_PATTERN);
}

/** The `domain` a mail link names (it preselects the account; it is no secret, so it stays). */
export function readQueryDomain(search: string): string | null {
  return readQueryValue({ pathname: "", search, hash: "" }, "domain", DOMAIN_PATTERN).value;
}

/** The sign-in page for `domain` (from a mail link), or the plain sign-in page. */
export function loginPath(domain: string | null): string {
  return domain ? `/login?${new URLSearchParams({ domain })}` : "/login";
}

/** The signup form's fields, in form order. */
export const SIGNUP_FIELDS = ["fullName", "email", "password", "accountName", "domain"] as const;

/** The body of POST /gw/session/signup: trimmed texts, the UI language when it is one of §9's. */
export function signupBody(values: Record<(typeof SIGNUP_FIELDS)[number], string>, language: string) {
  return {
    accountName: values.accountName.trim(),
    domain: values.domain.trim(),
    fullName: values.fullName.trim(),
    email: values.email.trim(),
    password: values.password,
    ...((LANGUAGES as readonly string[]).includes(language) ? { languageCode: language } : {}),
  };
}
