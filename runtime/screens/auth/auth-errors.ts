/**
 * What a failed session call shows on a form (§8): the text of its error code (`ErrorCode####`,
 * else the auth screens' own text for the gateway's session codes, else the generic failure) and the
 * field it belongs to when the form has that field — the field then shows it and gets the focus.
 */
import { ApiError, errorBannerText, UNKNOWN_FAILURE_KEY } from "../../http/api-error.ts";

/** The field names the auth forms use. */
export type AuthField =
  | "email"
  | "password"
  | "domain"
  | "code"
  | "currentPassword"
  | "newPassword"
  | "confirmPassword"
  | "accountName"
  | "fullName";

/** A failure as a form shows it. */
export interface AuthFailure {
  /** The text key (ErrorCode#### or an auth screen key). */
  key: string;
  /** The service's own message, shown after the generic text when no translation exists. */
  fallbackMessage: string | null;
  /** The field the error belongs to, or null for the form as a whole. */
  field: AuthField | null;
  /** The upstream or gateway error code, when one was sent. */
  code: number | null;
  /** The HTTP status (0: the network failed), or null for an error that is not a call's. */
  status: number | null;
  /** A fresh list on every failure, so a field re-shows an identical message (kit `error` prop). */
  messages: readonly string[];
}

/** Upstream codes (server/upstream/http/error-codes.ts) → the fields they concern, in preference order. */
export const ERROR_FIELDS: Readonly<Record<number, readonly AuthField[]>> = {
  1012: ["newPassword", "password"], // PasswordTooWeak
  1013: ["domain"], // InvalidDomain
  2004: ["domain"], // DomainRequired: the login needs the domain
  2005: ["code"], // InvalidTwoFactorCode
  2008: ["currentPassword"], // CurrentPasswordIncorrect
  4002: ["domain"], // DomainTaken
  4003: ["email"], // EmailTaken
};

/** The gateway's session codes (server/gateway/errors) the auth screens explain themselves. */
export const GATEWAY_ERROR_KEYS: Readonly<Record<number, string>> = {
  8001: "ErrorCode2001", // NotSignedIn: same meaning as the upstream's AuthenticationRequired
  8008: "ErrorCode3005", // SignupNotAllowed: same meaning as the upstream's
  8009: "Auth_ErrorTwoFactorExpired", // TwoFactorNotPending
  8030: "Auth_ErrorSessionCheck", // CsrfTokenInvalid
  8031: "Auth_ErrorSessionCheck", // CsrfOriginRefused
  8032: "Auth_ErrorRateLimited", // RateLimited
  8033: "Auth_ErrorBlocked", // IpBlocked
};

/** The upstream's InvalidCredentials code: e-mail, domain or password wrong (the password is not kept). */
export const INVALID_CREDENTIALS_CODE = 2003;

/** The upstream's InvalidToken code: a mail link expired or was already used. */
export const INVALID_TOKEN_CODE = 2006;

/** The upstream's DomainRequired code: the e-mail is used in several accounts, so the Domain field shows. */
export const DOMAIN_REQUIRED_CODE = 2004;

/**
 * The failure a form shows for `error`; `fields` are the fields the form has. Aborted calls give
 * null (§8: silent).
 */
export function authFailure(
  error: unknown,
  fields: readonly AuthField[],
  hasKey: (key: string) => boolean,
): AuthFailure | null {
  const text = errorBannerText(error, hasKey);
  if (!text) return null;
  const code = error instanceof ApiError ? error.code : null;
  const status = error instanceof ApiError ? error.status : null;
  let key = text.key;
  let fallbackMessage = text.fallbackMessage;
  if (code !== null && key === UNKNOWN_FAILURE_KEY) {
    const own = GATEWAY_ERROR_KEYS[code];
    if (own) {
      key = own;
      fallbackMessage = null;
    }
  }
  // Only a translated code goes to a field: a field shows a text key, never a raw message.
  const field =
    code !== null && key !== UNKNOWN_FAILURE_KEY
      ? ((ERROR_FIELDS[code] ?? []).find((name) => fields.includes(name)) ?? null)
      : null;
  return { key, fallbackMessage, field, code, status, messages: [key] };
}

/** The failure of a sign-in whose session could not be loaded afterwards. */
export function sessionLoadFailure(): AuthFailure {
  return {
    key: UNKNOWN_FAILURE_KEY,
    fallbackMessage: null,
    field: null,
    code: null,
    status: null,
    messages: [UNKNOWN_FAILURE_KEY],
  };
}
