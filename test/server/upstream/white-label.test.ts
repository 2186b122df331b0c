/**
 * §6 white-label over real HTTP: the anonymous branding of a sign-in domain (title and whether a logo
 * exists, the same answer for every domain that is not white-label, known or not) and the mails the
 * upstream writes, which name a white-label account's title and never the product. Contoso is the
 * seeded white-label account (custom title "Contoso Insights", two logos); Northwind is not.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { domainBranding, NEUTRAL_BRANDING } from "../../../server/upstream/account/branding-routes.ts";
import {
  commonProductName,
  PRODUCT_NAME,
  productNameFor,
  type WhiteLabelFacts,
  whiteLabelTitle,
} from "../../../server/upstream/account/white-label.ts";
import { brandedMail } from "../../../server/upstream/auth/mail.ts";
import { DEMO_LOGINS } from "../../../server/upstream/seed/demo-accounts.ts";
import type { AccountRecord } from "../../../server/upstream/store/records.ts";
import { Client, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";

const CONTOSO_TITLE = "Contoso Insights";

let upstream: RunningUpstream;
let anonymous: Client;

before(async () => {
  upstream = await startUpstream();
  anonymous = new Client(upstream.baseUrl);
});
after(async () => upstream.close());

/** The outbox mails to `email`, as the full-rights staff member reads them (/admin/emailoutbound). */
async function mailsTo(email: string): Promise<{ Kind: string; Subject: string; Body: string }[]> {
  const staff = await signIn(upstream, "staffAdmin");
  const reply = await staff.get(`/api/Admin/EmailOutbound?to=${encodeURIComponent(email)}`);
  assert.equal(reply.status, 200);
  return reply.body.Items;
}

describe("the anonymous branding of a sign-in domain", () => {
  test("a white-label domain answers its title and that it has a logo, without a session", async () => {
    const reply = await anonymous.get("/ws/account/branding/contoso");
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.body, { Title: CONTOSO_TITLE, HasLogo: true });
    assert.match(reply.headers.get("cache-control") ?? "", /^public, max-age=\d+$/);
    // Typed in capitals (as a user may): the same account.
    assert.deepEqual((await anonymous.get("/ws/account/branding/Contoso")).body, reply.body);
  });

  test("unknown, malformed and non-white-label domains answer byte for byte alike", async () => {
    const answers = [];
    for (const domain of ["northwind", "tessera", "no-such-domain", "-bad-", "x".repeat(63)]) {
      const reply = await anonymous.get(`/ws/account/branding/${domain}`);
      answers.push({
        status: reply.status,
        body: JSON.stringify(reply.body),
        cache: reply.headers.get("cache-control"),
      });
    }
    for (const answer of answers) assert.deepEqual(answer, answers[0]);
    assert.deepEqual(JSON.parse(answers[0]?.body ?? ""), { Title: null, HasLogo: false });
  });

  test("the logo of a white-label domain is served for the page's icon; any other domain is 404 alike", async () => {
    const logo = await anonymous.get("/ws/account/branding/contoso/logo");
    assert.equal(logo.status, 200);
    assert.equal(logo.headers.get("content-type"), "image/png");
    const missing = [];
    for (const domain of ["northwind", "no-such-domain"]) {
      const reply = await anonymous.get(`/ws/account/branding/${domain}/logo`);
      missing.push({ status: reply.status, body: JSON.stringify(reply.body) });
    }
    assert.equal(missing[0]?.status, 404);
    assert.deepEqual(missing[1], missing[0]);
  });

  test("a disabled white-label account looks like an unknown domain", () => {
    const contoso = {
      isWhiteLabel: true,
      menuTitleType: "Custom",
      menuTitle: CONTOSO_TITLE,
      name: "Contoso Ltd",
      hasPrimaryLogo: true,
      hasMenuLogo: false,
    } as AccountRecord;
    assert.deepEqual(domainBranding({ ...contoso, disabled: false }), {
      Title: CONTOSO_TITLE,
      HasLogo: true,
    });
    assert.deepEqual(domainBranding({ ...contoso, disabled: true }), NEUTRAL_BRANDING);
    assert.deepEqual(domainBranding(undefined), NEUTRAL_BRANDING);
  });
});

describe("mails name the product the reader knows (§6)", () => {
  test("a Contoso user's password-reset mail names Contoso's title and never the product", async () => {
    const { domain, email } = DEMO_LOGINS.contoso;
    assert.equal(
      (await anonymous.post("/api/Login/ForgotPassword", { Domain: domain, Email: email })).status,
      204,
    );
    const mail = (await mailsTo(email)).find((m) => m.Kind === "PasswordReset");
    assert.ok(mail, "a reset mail was written");
    assert.ok(mail.Subject.includes(CONTOSO_TITLE), mail.Subject);
    assert.ok(mail.Body.includes(CONTOSO_TITLE), mail.Body);
    assert.doesNotMatch(`${mail.Subject}\n${mail.Body}`, new RegExp(PRODUCT_NAME, "i"));
  });

  test("a Northwind user's mail names the product", async () => {
    const { domain, email } = DEMO_LOGINS.owner;
    assert.equal(
      (await anonymous.post("/api/Login/ForgotPassword", { Domain: domain, Email: email })).status,
      204,
    );
    const mail = (await mailsTo(email)).find((m) => m.Kind === "PasswordReset");
    assert.ok(mail);
    assert.ok(mail.Subject.endsWith(` · ${PRODUCT_NAME}`), mail.Subject);
    assert.ok(mail.Body.endsWith(`— ${PRODUCT_NAME}`), mail.Body);
  });

  test("the sign-in domains of an address name the product only where every domain shows it", async () => {
    const owner = DEMO_LOGINS.owner.email;
    assert.equal((await anonymous.post("/api/Login/ForgotDomain", { Email: owner })).status, 204);
    const northwindOnly = (await mailsTo(owner)).find((m) => m.Kind === "ForgotDomain");
    assert.ok(northwindOnly?.Subject.endsWith(` · ${PRODUCT_NAME}`), northwindOnly?.Subject);

    // consultant@example.com has users in Northwind and Contoso: neither brand fits both.
    const { email } = DEMO_LOGINS.consultant;
    assert.equal((await anonymous.post("/api/Login/ForgotDomain", { Email: email })).status, 204);
    const mail = (await mailsTo(email)).find((m) => m.Kind === "ForgotDomain");
    assert.ok(mail);
    assert.doesNotMatch(`${mail.Subject}\n${mail.Body}`, new RegExp(`${PRODUCT_NAME}|${CONTOSO_TITLE}`));
  });
});

describe("the white-label title as a table", () => {
  const account = (facts: Partial<WhiteLabelFacts>): WhiteLabelFacts => ({
    isWhiteLabel: true,
    menuTitleType: "Custom",
    menuTitle: CONTOSO_TITLE,
    name: "Contoso Ltd",
    ...facts,
  });
  const rows: [string, WhiteLabelFacts, string | null, string][] = [
    ["not white-label: the product", account({ isWhiteLabel: false }), null, PRODUCT_NAME],
    ["custom title", account({}), CONTOSO_TITLE, CONTOSO_TITLE],
    ["custom title left blank: none", account({ menuTitle: "  " }), "", ""],
    ["company name", account({ menuTitleType: "CompanyName" }), "Contoso Ltd", "Contoso Ltd"],
    ["no title", account({ menuTitleType: "None" }), "", ""],
  ];
  for (const [name, facts, title, productName] of rows) {
    test(name, () => {
      assert.equal(whiteLabelTitle(facts), title);
      assert.equal(productNameFor(facts), productName);
    });
  }
  test("several accounts share a name or get none", () => {
    assert.equal(
      commonProductName([account({ isWhiteLabel: false }), account({ isWhiteLabel: false })]),
      PRODUCT_NAME,
    );
    assert.equal(commonProductName([account({}), account({})]), CONTOSO_TITLE);
    assert.equal(commonProductName([account({ isWhiteLabel: false }), account({})]), "");
  });
  test("a mail is signed with the name, or not at all when there is none", () => {
    assert.deepEqual(brandedMail("Tessera", "Reset your password", ["Hello,"]), {
      subject: "Reset your password · Tessera",
      body: "Hello,\n\n— Tessera",
    });
    assert.deepEqual(brandedMail("", "Reset your password", ["Hello,"]), {
      subject: "Reset your password",
      body: "Hello,",
    });
  });
});
