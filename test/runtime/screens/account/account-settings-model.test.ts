/**
 * The account settings form as pure data: form ↔ body, the §6 title rule, the brand colours' AA rule,
 * the allow-list editor's rules.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  addOrigin,
  canonicalOrigin,
  firstInvalidTab,
  formFromSettings,
  isFormChanged,
  originError,
  removeOrigin,
  updateFromForm,
} from "../../../../runtime/screens/account/account-settings-model.ts";
import type { AccountSettings } from "../../../../schemas/payloads/account-settings.ts";

const SETTINGS: AccountSettings = {
  AccountRecId: 2,
  Name: "Northwind",
  Domain: "northwind",
  DomainType: "Subdomain",
  IsWhiteLabel: false,
  SubscriptionType: "Business",
  MenuLogoStyle: "Standard",
  MenuDisplayTitleType: "CompanyName",
  MenuTitle: "",
  TwoFactorAuthenticationPolicy: "Optional",
  ShowHelpLinks: true,
  BrandPrimaryColor: null,
  BrandAccentColor: "#1f5fa8",
  EmbeddingOrigins: ["https://intranet.example"],
  LogoUID: "abc",
  PrimaryLogoIsSet: true,
  MenuLogoIsSet: false,
  CanEdit: true,
};

describe("form and body", () => {
  test("the form holds exactly the changeable fields; read-only ones are never sent", () => {
    const body = updateFromForm(formFromSettings(SETTINGS));
    assert.deepEqual(Object.keys(body).sort(), [
      "BrandAccentColor",
      "BrandPrimaryColor",
      "EmbeddingOrigins",
      "MenuDisplayTitleType",
      "MenuLogoStyle",
      "MenuTitle",
      "Name",
      "ShowHelpLinks",
      "TwoFactorAuthenticationPolicy",
    ]);
  });

  test("names are trimmed; whitespace-only edits are no change", () => {
    const form = { ...formFromSettings(SETTINGS), Name: "  Northwind " };
    assert.equal(updateFromForm(form).Name, "Northwind");
    assert.equal(isFormChanged(form, SETTINGS), false);
    assert.equal(isFormChanged({ ...form, ShowHelpLinks: false }, SETTINGS), true);
  });

  test("§5 required and §6 custom title: the first failing tab", () => {
    const form = formFromSettings(SETTINGS);
    assert.equal(firstInvalidTab(form), null);
    assert.equal(firstInvalidTab({ ...form, Name: " \t" }), "general");
    assert.equal(firstInvalidTab({ ...form, MenuDisplayTitleType: "Custom", MenuTitle: "  " }), "branding");
    assert.equal(firstInvalidTab({ ...form, MenuDisplayTitleType: "None", MenuTitle: "" }), null);
    // A brand colour under WCAG AA (core/branding/contrast.ts) holds the save on the branding tab.
    assert.equal(firstInvalidTab({ ...form, BrandPrimaryColor: "#8899aa" }), "branding");
    assert.equal(firstInvalidTab({ ...form, BrandAccentColor: "#7cb0ff" }), "branding");
    assert.equal(firstInvalidTab({ ...form, BrandPrimaryColor: "#0b5394", BrandAccentColor: null }), null);
  });
});

describe("embedding allow-list editor", () => {
  test("canonical form: trimmed, lower case, no trailing slash or default port", () => {
    assert.equal(canonicalOrigin("  HTTPS://Intranet.Example/ "), "https://intranet.example");
    assert.equal(canonicalOrigin("https://a.example:443"), "https://a.example");
    assert.equal(canonicalOrigin("http://localhost:80"), "http://localhost");
    assert.equal(canonicalOrigin("https://a.example:8443"), "https://a.example:8443");
  });

  test("accepted origins, table-driven", () => {
    for (const origin of [
      "https://a.example",
      "https://a.b.example:8443",
      "https://*.partners.example",
      "http://localhost:3000",
      "http://127.0.0.1:8080",
    ]) {
      assert.equal(originError([], origin), null, origin);
    }
  });

  test("refused origins, with the reason", () => {
    const cases: Array<[string, string]> = [
      ["", "ValidationErrorMessage_Required"],
      ["http://intranet.example", "AccountSettings_OriginInvalid"],
      ["https://a.example/app", "AccountSettings_OriginInvalid"],
      ["https://a.example?x", "AccountSettings_OriginInvalid"],
      ["https://*", "AccountSettings_OriginInvalid"],
      ["https://*.com", "AccountSettings_OriginInvalid"],
      ["https://a.*.example", "AccountSettings_OriginInvalid"],
      ["ftp://a.example", "AccountSettings_OriginInvalid"],
      ["https://a.example:0", "AccountSettings_OriginInvalid"],
      ["https://intranet.example", "AccountSettings_OriginDuplicate"],
    ];
    for (const [origin, reason] of cases)
      assert.equal(originError(["https://intranet.example"], origin), reason, origin);
    const full = Array.from({ length: 20 }, (_, i) => `https://h${i}.example`);
    assert.equal(originError(full, "https://one-more.example"), "AccountSettings_OriginTooMany");
  });

  test("add keeps the list on error, appends the canonical origin otherwise; remove drops one", () => {
    const list = ["https://a.example"];
    assert.deepEqual(addOrigin(list, "HTTPS://B.example/"), {
      list: ["https://a.example", "https://b.example"],
      error: null,
    });
    const refused = addOrigin(list, "https://a.example:443");
    assert.equal(refused.list, list);
    assert.equal(refused.error, "AccountSettings_OriginDuplicate");
    assert.deepEqual(removeOrigin(["https://a.example", "https://b.example"], "https://a.example"), [
      "https://b.example",
    ]);
  });
});
