/**
 * The gateway's cookie reading, as data: which Cookie headers yield the token of a name, compared
 * with the documented token format (COOKIE_TOKEN_PATTERN) for every value tried.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { FastifyRequest } from "fastify";
import { COOKIE_TOKEN_PATTERN, cookieToken } from "../../../../server/gateway/security/cookies.ts";

const TOKEN = `${"A".repeat(20)}${"z".repeat(10)}0123456789-_a`;
const OTHER = "b".repeat(43);

function requestWith(cookie: string | undefined): FastifyRequest {
  return { headers: cookie === undefined ? {} : { cookie } } as unknown as FastifyRequest;
}

describe("cookieToken", () => {
  const cases: [string | undefined, string | null][] = [
    [undefined, null],
    ["", null],
    [`tessera_session=${TOKEN}`, TOKEN],
    [`tessera_csrf=${OTHER}; tessera_session=${TOKEN}`, TOKEN],
    [`tessera_session=${TOKEN};tessera_csrf=${OTHER}`, TOKEN],
    [`  tessera_session =  ${TOKEN}  ; x=1`, TOKEN],
    [`x=1;\ttessera_session\t=\t${TOKEN}`, TOKEN],
    [`tessera_session x=${TOKEN}`, null],
    [`a=b tessera_session=${TOKEN}`, null],
    [`x= tessera_session=${TOKEN}`, null],
    [`x=1 ; tessera_session=${TOKEN}`, TOKEN],
    [`tessera_session=${TOKEN}; x=tessera_session=${OTHER}`, TOKEN],
    // The first one wins, even when it is malformed.
    [`tessera_session=short; tessera_session=${TOKEN}`, null],
    [`tessera_session=${TOKEN}; tessera_session=${OTHER}`, TOKEN],
    // Another cookie whose name only contains ours, or whose value holds ours.
    [`my_tessera_session=${OTHER}`, null],
    [`x=tessera_session=${TOKEN}`, null],
    [`tessera_session_old=${OTHER}; tessera_session=${TOKEN}`, TOKEN],
    ["tessera_session", null],
    [`; ;tessera_session=${TOKEN}`, TOKEN],
    [`tessera_session=${TOKEN.slice(1)}`, null],
    [`tessera_session=${TOKEN}x`, null],
    [`tessera_session=${TOKEN.slice(1)}+`, null],
    [`tessera_session=${TOKEN.slice(1)}=`, null],
    [`tessera_session=${TOKEN.slice(1)}é`, null],
  ];
  for (const [header, expected] of cases) {
    test(`${JSON.stringify(header)} → ${expected === null ? "none" : "the token"}`, () => {
      assert.equal(cookieToken(requestWith(header), "tessera_session"), expected);
    });
  }

  test("accepts exactly the values COOKIE_TOKEN_PATTERN accepts", () => {
    const alphabet = "abcXYZ09-_+/=.~ é\u0000";
    for (const character of alphabet) {
      for (const value of [
        TOKEN.slice(1) + character,
        character + TOKEN.slice(1),
        TOKEN.slice(2) + character,
      ]) {
        const read = cookieToken(requestWith(`tessera_session=${value}`), "tessera_session");
        assert.equal(read !== null, COOKIE_TOKEN_PATTERN.test(value), JSON.stringify(value));
      }
    }
  });
});
