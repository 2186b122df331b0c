/** The language cookies of §4.2 and §9 (runtime/i18n/language-cookie.ts). */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import shellJson from "../../../manifests/shell.json" with { type: "json" };
import type { Language } from "../../../runtime/i18n/i18n.ts";
import {
  expiredLanguageCookie,
  hasCookie,
  languageCookie,
  languageCookieName,
  languageFromCookies,
  otherImpersonationLanguage,
} from "../../../runtime/i18n/language-cookie.ts";
import { LANGUAGE_COOKIE_LIFETIME_DAYS } from "../../../runtime/state/constants.ts";
import type { ShellManifest } from "../../../schemas/shell.ts";

const shell = shellJson as ShellManifest;
const maxAge = LANGUAGE_COOKIE_LIFETIME_DAYS * 24 * 60 * 60;

describe("cookie strings (SameSite=Lax; Secure on https; Path=/)", () => {
  const cases: Array<[Parameters<typeof languageCookie>[0], string]> = [
    [
      { name: "tessera_lang", language: "de", secure: true },
      `tessera_lang=de; Max-Age=${maxAge}; Path=/; SameSite=Lax; Secure`,
    ],
    [
      { name: "tessera_lang", language: "en", secure: false },
      `tessera_lang=en; Max-Age=${maxAge}; Path=/; SameSite=Lax`,
    ],
    [
      { name: "tessera_impersonation_lang", language: "pt", secure: true },
      `tessera_impersonation_lang=pt; Max-Age=${maxAge}; Path=/; SameSite=Lax; Secure`,
    ],
  ];
  for (const [options, expected] of cases) {
    test(expected, () => assert.equal(languageCookie(options), expected));
  }

  test(`the lifetime is ${LANGUAGE_COOKIE_LIFETIME_DAYS} days (§9)`, () => {
    assert.equal(maxAge, 90 * 86_400);
  });

  test("an expired cookie deletes it", () => {
    assert.equal(
      expiredLanguageCookie({ name: "tessera_impersonation_lang", secure: true }),
      "tessera_impersonation_lang=; Max-Age=0; Path=/; SameSite=Lax; Secure",
    );
  });

  test("a name or language that could inject attributes is refused", () => {
    assert.throws(() => languageCookie({ name: "x; Domain=evil.example", language: "en", secure: true }));
    assert.throws(() => languageCookie({ name: "lang", language: "en; Path=/x" as Language, secure: true }));
    assert.throws(() => languageCookie({ name: "lang", language: "xx" as Language, secure: true }));
    assert.throws(() => expiredLanguageCookie({ name: "", secure: false }));
  });
});

describe("which cookie (§4.2: a separate one while impersonating)", () => {
  test("the language cookie normally, the impersonation cookie while impersonating", () => {
    assert.equal(languageCookieName(shell.languages, false), "tessera_lang");
    assert.equal(languageCookieName(shell.languages, true), "tessera_impersonation_lang");
  });

  const cookies = "a=1; tessera_lang=fr; tessera_impersonation_lang=nl; broken; x=";
  const cases: Array<[string, string, Language | null]> = [
    [cookies, "tessera_lang", "fr"],
    [cookies, "tessera_impersonation_lang", "nl"],
    [cookies, "missing", null],
    ["tessera_lang=xx", "tessera_lang", null],
    ["tessera_lang_old=de; tessera_lang=it", "tessera_lang", "it"],
    ["", "tessera_lang", null],
  ];
  for (const [header, name, expected] of cases) {
    test(`${name} in "${header}" → ${expected}`, () =>
      assert.equal(languageFromCookies(header, name), expected));
  }
});

describe("whether a cookie is there (only those are expired at sign-out)", () => {
  const cases: Array<[string, string, boolean]> = [
    ["a=1; tessera_lang=fr", "tessera_lang", true],
    ["tessera_lang=", "tessera_lang", true],
    ["tessera_lang=xx", "tessera_lang", true],
    ["tessera_lang_old=de; x_tessera_lang=it", "tessera_lang", false],
    ["tessera_lang", "tessera_lang", false],
    ["", "tessera_lang", false],
  ];
  for (const [header, name, expected] of cases) {
    test(`${name} in "${header}" → ${expected}`, () => assert.equal(hasCookie(header, name), expected));
  }
});

describe("the impersonation language switch (§4.2)", () => {
  const user = { languageCode: "de" as Language, impersonatorLanguageCode: "en" as Language };
  const cases: Array<[string, Language]> = [
    ["de", "en"],
    ["en", "de"],
    ["fr", "de"],
  ];
  for (const [current, expected] of cases) {
    test(`from ${current} → ${expected}`, () =>
      assert.equal(otherImpersonationLanguage(current, user), expected));
  }
  test("without an impersonator language: the user's", () => {
    assert.equal(
      otherImpersonationLanguage("en", { languageCode: "es", impersonatorLanguageCode: null }),
      "es",
    );
  });
});
