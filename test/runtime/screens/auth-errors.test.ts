/**
 * §8 error mapping on the auth forms: the code's ErrorCode#### text, the gateway's session codes
 * explained by the auth screens, the generic fallback, silence for aborted calls, and the field an
 * error belongs to when the form has it.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ApiError, UNKNOWN_FAILURE_KEY } from "../../../runtime/http/api-error.ts";
import { type AuthField, authFailure } from "../../../runtime/screens/auth/auth-errors.ts";

/** The upstream's translated codes (locales/en.json has ErrorCode#### for each). */
const TRANSLATED = new Set([
  "ErrorCode1012",
  "ErrorCode2003",
  "ErrorCode2004",
  "ErrorCode2005",
  "ErrorCode2008",
  "ErrorCode4002",
  "ErrorCode4003",
  "ErrorCode2001",
  "ErrorCode3005",
]);
const hasKey = (key: string) => TRANSLATED.has(key);

const LOGIN: readonly AuthField[] = ["email", "password", "domain"];
const SIGNUP: readonly AuthField[] = ["fullName", "email", "password", "accountName", "domain"];
const CHANGE: readonly AuthField[] = ["currentPassword", "newPassword", "confirmPassword"];

const error = (status: number, code: number | null, message = "upstream text") =>
  new ApiError(status, code, message);

describe("error → text and field (§8)", () => {
  const cases: Array<[string, unknown, readonly AuthField[], string, AuthField | null]> = [
    ["wrong credentials: the form as a whole", error(401, 2003), LOGIN, "ErrorCode2003", null],
    ["DomainRequired: the Domain field", error(400, 2004), LOGIN, "ErrorCode2004", "domain"],
    [
      "DomainRequired on a form without a domain: the form",
      error(400, 2004),
      ["email"],
      "ErrorCode2004",
      null,
    ],
    ["a refused code: the code field", error(401, 2005), ["code"], "ErrorCode2005", "code"],
    ["a weak password at signup: the password", error(400, 1012), SIGNUP, "ErrorCode1012", "password"],
    ["a weak new password: the new password first", error(400, 1012), CHANGE, "ErrorCode1012", "newPassword"],
    ["a wrong current password", error(400, 2008), CHANGE, "ErrorCode2008", "currentPassword"],
    ["a taken domain", error(409, 4002), SIGNUP, "ErrorCode4002", "domain"],
    ["a taken e-mail", error(409, 4003), SIGNUP, "ErrorCode4003", "email"],
    ["gateway RateLimited: the auth text", error(429, 8032), LOGIN, "Auth_ErrorRateLimited", null],
    ["gateway TwoFactorNotPending", error(401, 8009), ["code"], "Auth_ErrorTwoFactorExpired", null],
    ["gateway CSRF refusal", error(403, 8030), LOGIN, "Auth_ErrorSessionCheck", null],
    ["gateway NotSignedIn: the upstream's same text", error(401, 8001), CHANGE, "ErrorCode2001", null],
    ["gateway SignupNotAllowed: the upstream's same text", error(403, 8008), SIGNUP, "ErrorCode3005", null],
    ["an unknown code: the generic text", error(400, 7777), LOGIN, UNKNOWN_FAILURE_KEY, null],
    [
      "no code (network): the generic text",
      new ApiError(0, null, "offline", null, false, "NETWORK"),
      LOGIN,
      UNKNOWN_FAILURE_KEY,
      null,
    ],
    ["any other error: the generic text", new Error("boom"), LOGIN, UNKNOWN_FAILURE_KEY, null],
  ];
  for (const [name, input, fields, key, field] of cases) {
    test(name, () => {
      const failure = authFailure(input, fields, hasKey);
      assert.ok(failure);
      assert.equal(failure.key, key);
      assert.equal(failure.field, field);
      assert.deepEqual(failure.messages, [key]);
    });
  }

  test("aborted calls are silent (§8)", () => {
    assert.equal(authFailure(new ApiError(0, null, "aborted", null, true), LOGIN, hasKey), null);
  });

  test("the service's message goes along only when its code has no text", () => {
    assert.equal(authFailure(error(400, 7777, "odd"), LOGIN, hasKey)?.fallbackMessage, "odd");
    assert.equal(authFailure(error(401, 2003, "raw"), LOGIN, hasKey)?.fallbackMessage, null);
    assert.equal(authFailure(error(429, 8032, "raw"), LOGIN, hasKey)?.fallbackMessage, null);
  });

  test("a translation for a gateway code, once added, wins over the auth screens' own text", () => {
    const failure = authFailure(error(429, 8032), LOGIN, (key) => key === "ErrorCode8032");
    assert.equal(failure?.key, "ErrorCode8032");
  });

  test("every failure carries a fresh message list, so a field shows an identical error again", () => {
    const a = authFailure(error(400, 2004), LOGIN, hasKey);
    const b = authFailure(error(400, 2004), LOGIN, hasKey);
    assert.notEqual(a?.messages, b?.messages);
  });

  test("status and code travel with the failure", () => {
    const failure = authFailure(error(429, 8032), LOGIN, hasKey);
    assert.equal(failure?.status, 429);
    assert.equal(failure?.code, 8032);
  });
});
