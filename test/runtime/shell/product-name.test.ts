/**
 * §6: the name that stands for the product (tab title, sign-in page) and the tab's icon, decided from
 * the signed-in account or the sign-in domain's branding — as tables. Also the loader of a domain's
 * branding against a fake request.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import shellJson from "../../../manifests/shell.json" with { type: "json" };
import type { AccountBranding } from "../../../runtime/shell/branding.ts";
import { domainBrandingStore, loadDomainBranding } from "../../../runtime/shell/domain-branding.ts";
import {
  type BrandingSource,
  type DomainBranding,
  documentTitle,
  NO_TAB_ICON,
  productName,
  tabIconHref,
} from "../../../runtime/shell/product-name.ts";
import type { ShellManifest } from "../../../schemas/shell.ts";

const shell = shellJson as ShellManifest;
const PRODUCT = { key: shell.productNameKey };

const northwind: AccountBranding = {
  accountName: "Northwind Analytics",
  logoUID: "nw-logo",
  isWhiteLabel: false,
  menuLogoIsSet: true,
  menuLogoStyle: "Wide",
  menuDisplayTitleType: "CompanyName",
  menuTitle: null,
};
const contoso: AccountBranding = {
  accountName: "Contoso Ltd",
  logoUID: "contoso-logo",
  isWhiteLabel: true,
  menuLogoIsSet: true,
  menuLogoStyle: "Wide",
  menuDisplayTitleType: "Custom",
  menuTitle: "Contoso Insights",
};
const domain = (patch: Partial<DomainBranding>): DomainBranding => ({
  domain: "contoso",
  title: "Contoso Insights",
  hasLogo: true,
  ...patch,
});
const signedIn = (account: AccountBranding): BrandingSource => ({ account, domain: null });
const beforeSignIn = (branding: DomainBranding | null): BrandingSource => ({
  account: null,
  domain: branding,
});

describe("productName (§6)", () => {
  const rows: [string, BrandingSource, ReturnType<typeof productName>][] = [
    ["signed out, no domain known: the product", beforeSignIn(null), PRODUCT],
    ["a member of an account that is not white-label: the product", signedIn(northwind), PRODUCT],
    ["a white-label account's custom title", signedIn(contoso), { text: "Contoso Insights" }],
    [
      "a white-label account showing its company name",
      signedIn({ ...contoso, menuDisplayTitleType: "CompanyName" }),
      { text: "Contoso Ltd" },
    ],
    [
      "a white-label account without title: none",
      signedIn({ ...contoso, menuDisplayTitleType: "None" }),
      null,
    ],
    ["the sign-in page of a white-label domain", beforeSignIn(domain({})), { text: "Contoso Insights" }],
    ["a white-label domain without title: none", beforeSignIn(domain({ title: "" })), null],
    [
      "a domain that is not white-label (or unknown): the product",
      beforeSignIn(domain({ title: null })),
      PRODUCT,
    ],
    [
      "the signed-in account wins over a domain seen before",
      { account: northwind, domain: domain({}) },
      PRODUCT,
    ],
  ];
  for (const [name, source, expected] of rows) {
    test(name, () => assert.deepEqual(productName(shell, source), expected));
  }
});

describe("documentTitle (§4.1 per screen, §6 product name)", () => {
  const rows: [string | null, string, string][] = [
    ["Home", "Tessera", "Home · Tessera"],
    ["Home", "Contoso Insights", "Home · Contoso Insights"],
    ["Home", "", "Home"],
    [null, "Contoso Insights", "Contoso Insights"],
    [null, "", ""],
  ];
  for (const [screen, product, expected] of rows) {
    test(`${String(screen)} + ${JSON.stringify(product)} → ${JSON.stringify(expected)}`, () =>
      assert.equal(documentTitle(screen, product), expected));
  }
});

describe("tabIconHref (§6: the white-label account's logo)", () => {
  const rows: [string, BrandingSource, string][] = [
    ["signed out, no domain: none", beforeSignIn(null), NO_TAB_ICON],
    ["an account that is not white-label keeps the product's", signedIn(northwind), NO_TAB_ICON],
    ["a white-label account's logo", signedIn(contoso), "/webservices/account/logo/contoso-logo"],
    ["a white-label account without logo: none", signedIn({ ...contoso, logoUID: null }), NO_TAB_ICON],
    [
      "a white-label sign-in domain's logo",
      beforeSignIn(domain({})),
      "/webservices/account/branding/contoso/logo",
    ],
    ["a white-label domain without logo: none", beforeSignIn(domain({ hasLogo: false })), NO_TAB_ICON],
    [
      "a domain that is not white-label: none",
      beforeSignIn(domain({ title: null, hasLogo: true })),
      NO_TAB_ICON,
    ],
  ];
  for (const [name, source, expected] of rows) {
    test(name, () => assert.equal(tabIconHref(source), expected));
  }
});

describe("loadDomainBranding", () => {
  test("keeps the answer for the domain, asks once per domain, and a failure leaves the store alone", async () => {
    const asked: string[] = [];
    const answers: Record<string, unknown> = {
      "account/branding/contoso": { Title: "Contoso Insights", HasLogo: true },
    };
    const request = (async (path: string, options?: { base?: string }) => {
      asked.push(`${options?.base}:${path}`);
      if (!(path in answers)) throw new Error("network");
      return answers[path];
    }) as Parameters<typeof loadDomainBranding>[1];
    await loadDomainBranding("Contoso", request);
    await loadDomainBranding("contoso", request);
    assert.deepEqual(asked, ["webservices:account/branding/contoso"]);
    assert.deepEqual(domainBrandingStore.get().branding, {
      domain: "contoso",
      title: "Contoso Insights",
      hasLogo: true,
    });
    await loadDomainBranding("offline", request);
    assert.equal(domainBrandingStore.get().branding?.domain, "contoso");
  });
});
