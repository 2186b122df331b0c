/** Mail link parameters read once and removed, and the shapes the session endpoints accept. */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  codeValidator,
  domainValidator,
  INVALID_CODE_KEY,
  INVALID_DOMAIN_KEY,
  INVALID_NEW_DOMAIN_KEY,
  loginPath,
  newDomainValidator,
  readQueryDomain,
  readQueryToken,
  signupBody,
} from "../../../runtime/screens/auth/auth-rules.ts";

const TOKEN = "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA_-";

describe("the token of a mail link", () => {
  const cases: Array<
    [string, { pathname: string; search: string; hash: string }, string | null, boolean, string]
  > = [
    [
      "a token alone",
      { pathname: "/resetpassword", search: `?token=${TOKEN}`, hash: "" },
      TOKEN,
      true,
      "/resetpassword",
    ],
    [
      "the other parameters and the hash stay",
      { pathname: "/resetpassword", search: `?token=${TOKEN}&domain=northwind`, hash: "#x" },
      TOKEN,
      true,
      "/resetpassword?domain=northwind#x",
    ],
    [
      "no token",
      { pathname: "/disable2fa", search: "?domain=northwind", hash: "" },
      null,
      false,
      "/disable2fa?domain=northwind",
    ],
    [
      "too short: refused, still removed",
      { pathname: "/newaccountuser", search: "?token=abc", hash: "" },
      null,
      true,
      "/newaccountuser",
    ],
    [
      "markup: refused, still removed",
      { pathname: "/newaccountuser", search: "?token=%3Cscript%3Ealert(1)%3C/script%3E", hash: "" },
      null,
      true,
      "/newaccountuser",
    ],
    ["empty", { pathname: "/resetpassword", search: "?token=", hash: "" }, null, true, "/resetpassword"],
  ];
  for (const [name, url, value, present, cleanUrl] of cases) {
    test(name, () => {
      assert.deepEqual(readQueryToken(url), { value, present, cleanUrl });
    });
  }
});

describe("the domain of a mail link", () => {
  test("a domain is taken, anything else ignored", () => {
    assert.equal(readQueryDomain("?domain=northwind"), "northwind");
    assert.equal(readQueryDomain("?domain=north.wind"), null);
    assert.equal(readQueryDomain("?domain=-bad"), null);
    assert.equal(readQueryDomain(""), null);
  });

  test("the sign-in page for a domain", () => {
    assert.equal(loginPath("northwind"), "/login?domain=northwind");
    assert.equal(loginPath(null), "/login");
  });
});

describe("field rules mirroring the gateway's body schemas", () => {
  const table: Array<[string, (v: string) => string | null | undefined, string, string | null]> = [
    ["sign-in domain", domainValidator, "northwind", null],
    ["sign-in domain, mixed case", domainValidator, "NorthWind", null],
    ["sign-in domain, one character", domainValidator, "n", null],
    ["sign-in domain, a dot", domainValidator, "north.wind", INVALID_DOMAIN_KEY],
    ["sign-in domain, leading dash", domainValidator, "-north", INVALID_DOMAIN_KEY],
    ["sign-in domain, empty (left to required)", domainValidator, "", null],
    ["new domain", newDomainValidator, "acme-2", null],
    ["new domain, one character", newDomainValidator, "a", INVALID_NEW_DOMAIN_KEY],
    ["new domain, upper case", newDomainValidator, "Acme", INVALID_NEW_DOMAIN_KEY],
    ["new domain, trailing dash", newDomainValidator, "acme-", INVALID_NEW_DOMAIN_KEY],
    ["code, 6 digits", codeValidator, "123456", null],
    ["code, spaced", codeValidator, "123 456", null],
    ["code, 8 digits", codeValidator, "12345678", null],
    ["code, 5 digits", codeValidator, "12345", INVALID_CODE_KEY],
    ["code, letters", codeValidator, "12345a", INVALID_CODE_KEY],
  ];
  for (const [name, rule, value, expected] of table) {
    test(`${name}: ${JSON.stringify(value)}`, () => assert.equal(rule(value) ?? null, expected));
  }
});

describe("signup body", () => {
  const values = {
    fullName: " Ann Owner ",
    email: " ann@acme.example ",
    password: " keep spaces ",
    accountName: " Acme ",
    domain: " acme ",
  };

  test("trimmed texts, the password as typed, a UI language", () => {
    assert.deepEqual(signupBody(values, "de"), {
      accountName: "Acme",
      domain: "acme",
      fullName: "Ann Owner",
      email: "ann@acme.example",
      password: " keep spaces ",
      languageCode: "de",
    });
  });

  test("a language that is not one of §9's is not sent", () => {
    assert.equal("languageCode" in signupBody(values, "en-US"), false);
    assert.equal("languageCode" in signupBody(values, "cimode"), false);
  });
});
