/**
 * The account's shell colours over real HTTP against the seeded upstream: Account/Settings reads
 * and writes them under the WCAG 2.2 AA rule of core/branding/contrast.ts — a pair under it is
 * refused (400 InsufficientBrandContrast) with each failing pair and its measured ratio in the
 * message, and nothing is stored — they reach every member's LoggedInConfig, an absent colour stays
 * and null restores the product's; /admin/accounts creates and edits accounts with them under the
 * same rule (a refused creation creates nothing); the store keeps only the canonical form.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import Database from "better-sqlite3";
import { MIGRATIONS, migrate } from "../../../server/upstream/store/migrations.ts";
import { type Client, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;
let analyst: Client;
let contoso: Client;
let staff: Client;

before(async () => {
  upstream = await startUpstream();
  owner = await signIn(upstream, "owner");
  analyst = await signIn(upstream, "analyst");
  contoso = await signIn(upstream, "contoso");
  staff = await signIn(upstream, "staffAdmin");
});
after(async () => upstream.close());

/** The owner's current settings as a PUT body, with `patch` over them. */
async function settingsWith(patch: Record<string, unknown>): Promise<Record<string, unknown>> {
  const current = (await owner.get("/api/Account/Settings")).body;
  return {
    Name: current.Name,
    MenuLogoStyle: current.MenuLogoStyle,
    MenuDisplayTitleType: current.MenuDisplayTitleType,
    MenuTitle: current.MenuTitle,
    TwoFactorAuthenticationPolicy: current.TwoFactorAuthenticationPolicy,
    ShowHelpLinks: current.ShowHelpLinks,
    EmbeddingOrigins: current.EmbeddingOrigins,
    ...patch,
  };
}

const sessionColours = async (client: Client) => {
  const user = (await client.get("/api/Common/LoggedInConfig")).body.User;
  return [user.AccountBrandPrimaryColor, user.AccountBrandAccentColor];
};

describe("Account/Settings brand colours", () => {
  test("unset at first: the product's own, in the settings and the session", async () => {
    const settings = (await owner.get("/api/Account/Settings")).body;
    assert.equal(settings.BrandPrimaryColor, null);
    assert.equal(settings.BrandAccentColor, null);
    assert.deepEqual(await sessionColours(owner), [null, null]);
  });

  test("a pair under AA is refused with each failing pair and its ratio; nothing is stored", async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [
        "a primary too light for white text",
        { BrandPrimaryColor: "#8899aa", BrandAccentColor: null },
        "Primary colour #8899aa with white text: contrast 2.92:1, needs 4.5:1.",
      ],
      [
        "#777777 is 4.478:1 and is shown rounded down",
        { BrandPrimaryColor: "#777777" },
        "Primary colour #777777 with white text: contrast 4.47:1, needs 4.5:1.",
      ],
      [
        "an accent too light for the light page, upper case",
        { BrandAccentColor: "#7CB0FF" },
        "Accent colour #7cb0ff on the light background #f5f6f8: contrast 2.04:1, needs 4.5:1.",
      ],
      [
        "both under AA",
        { BrandPrimaryColor: "#8899aa", BrandAccentColor: "#7cb0ff" },
        "Primary colour #8899aa with white text: contrast 2.92:1, needs 4.5:1; " +
          "Accent colour #7cb0ff on the light background #f5f6f8: contrast 2.04:1, needs 4.5:1.",
      ],
    ];
    for (const [name, patch, message] of cases) {
      const refused = await owner.put("/api/Account/Settings", await settingsWith(patch));
      assert.equal(refused.status, 400, `${name}: ${JSON.stringify(refused.body)}`);
      assert.equal(refused.body.ErrorCode, 1092, name);
      assert.equal(refused.body.Message, message, name);
    }
    const settings = (await owner.get("/api/Account/Settings")).body;
    assert.deepEqual([settings.BrandPrimaryColor, settings.BrandAccentColor], [null, null]);
  });

  test("malformed colours are refused by the schema", async () => {
    for (const colour of ["#12345", "#1234567", "red", "#ggg000", "0b5394", "#fff", 12]) {
      const refused = await owner.put(
        "/api/Account/Settings",
        await settingsWith({ BrandPrimaryColor: colour }),
      );
      assert.equal(refused.status, 400, String(colour));
      assert.equal(refused.body.ErrorCode, 1001, String(colour));
    }
  });

  test("a valid pair is stored in lower case and reaches every member's session, not another account's", async () => {
    const saved = await owner.put(
      "/api/Account/Settings",
      await settingsWith({ BrandPrimaryColor: "#0B5394", BrandAccentColor: "#1f5fa8" }),
    );
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.BrandPrimaryColor, "#0b5394");
    assert.equal(saved.body.BrandAccentColor, "#1f5fa8");
    assert.deepEqual(await sessionColours(owner), ["#0b5394", "#1f5fa8"]);
    assert.deepEqual(await sessionColours(analyst), ["#0b5394", "#1f5fa8"]);
    assert.deepEqual(await sessionColours(contoso), [null, null]);
  });

  test("an absent colour stays as stored; null restores the product's", async () => {
    const kept = await owner.put("/api/Account/Settings", await settingsWith({ ShowHelpLinks: true }));
    assert.equal(kept.status, 200, JSON.stringify(kept.body));
    assert.equal(kept.body.BrandPrimaryColor, "#0b5394");
    const cleared = await owner.put(
      "/api/Account/Settings",
      await settingsWith({ BrandPrimaryColor: null, BrandAccentColor: "#1f5fa8" }),
    );
    assert.equal(cleared.status, 200, JSON.stringify(cleared.body));
    assert.equal(cleared.body.BrandPrimaryColor, null);
    assert.deepEqual(await sessionColours(analyst), [null, "#1f5fa8"]);
    const reset = await owner.put("/api/Account/Settings", await settingsWith({ BrandAccentColor: null }));
    assert.equal(reset.body.BrandAccentColor, null);
  });

  test("AccountSettings r cannot change them", async () => {
    const refused = await analyst.put(
      "/api/Account/Settings",
      await settingsWith({ BrandPrimaryColor: "#0b5394" }),
    );
    assert.equal(refused.status, 403);
  });
});

describe("/admin/accounts brand colours", () => {
  const northwind = async () => {
    const reply = await staff.get("/api/Admin/Accounts?search=northwind");
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    return reply.body.items.find((row: { Domain: string }) => row.Domain === "northwind");
  };

  test("staff edit them under the same rule, and the account's members get them", async () => {
    const row = await northwind();
    assert.equal(row.BrandPrimaryColor, null);
    const refused = await staff.put(`/api/Admin/Accounts/${row.RecId}`, { BrandPrimaryColor: "#8899aa" });
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.equal(refused.body.ErrorCode, 1092);
    assert.equal(
      refused.body.Message,
      "Primary colour #8899aa with white text: contrast 2.92:1, needs 4.5:1.",
    );
    assert.equal((await northwind()).BrandPrimaryColor, null);

    const saved = await staff.put(`/api/Admin/Accounts/${row.RecId}`, {
      BrandPrimaryColor: "#6A1B9A",
      BrandAccentColor: "#b0006e",
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.BrandPrimaryColor, "#6a1b9a");
    assert.equal(saved.body.BrandAccentColor, "#b0006e");
    assert.deepEqual(await sessionColours(analyst), ["#6a1b9a", "#b0006e"]);
    // The account's own settings show what staff set.
    assert.equal((await owner.get("/api/Account/Settings")).body.BrandAccentColor, "#b0006e");
  });

  test("an edit without them keeps them; the form's emptied field (null) restores the product's", async () => {
    const row = await northwind();
    const renamed = await staff.put(`/api/Admin/Accounts/${row.RecId}`, { Name: row.Name });
    assert.equal(renamed.body.BrandPrimaryColor, "#6a1b9a");
    const cleared = await staff.put(`/api/Admin/Accounts/${row.RecId}`, {
      BrandPrimaryColor: null,
      BrandAccentColor: null,
    });
    assert.equal(cleared.status, 200, JSON.stringify(cleared.body));
    assert.deepEqual([cleared.body.BrandPrimaryColor, cleared.body.BrandAccentColor], [null, null]);
    assert.deepEqual(await sessionColours(analyst), [null, null]);
  });

  test("malformed colours are refused", async () => {
    const row = await northwind();
    for (const colour of ["#12345", "blue", "#0b539"]) {
      const refused = await staff.put(`/api/Admin/Accounts/${row.RecId}`, { BrandAccentColor: colour });
      assert.equal(refused.status, 400, colour);
      assert.equal(refused.body.ErrorCode, 1001, colour);
    }
  });

  test("an account created with them: a pair under AA is refused with its ratios and creates nothing; a valid pair is stored", async () => {
    const templates = (await staff.get("/api/Admin/SubscriptionTemplates?search=Starter")).body.items;
    const starter = templates.find((row: { Name: string }) => row.Name === "Starter");
    const account = (domain: string, colours: Record<string, unknown>) => ({
      Name: "Fabrikam Branded",
      Domain: domain,
      Status: "Trial",
      SubscriptionTemplateRecId: starter.RecId,
      LanguageCode: "en",
      TwoFactorAuthenticationPolicy: "Optional",
      ...colours,
    });
    const created = async (domain: string) =>
      (await staff.get(`/api/Admin/Accounts?search=${domain}`)).body.items.filter(
        (row: { Domain: string }) => row.Domain === domain,
      );

    const refused = await staff.post(
      "/api/Admin/Accounts",
      account("fabrikam-branded", { BrandPrimaryColor: "#8899aa", BrandAccentColor: "#7CB0FF" }),
    );
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.equal(refused.body.ErrorCode, 1092);
    assert.equal(
      refused.body.Message,
      "Primary colour #8899aa with white text: contrast 2.92:1, needs 4.5:1; " +
        "Accent colour #7cb0ff on the light background #f5f6f8: contrast 2.04:1, needs 4.5:1.",
    );
    assert.deepEqual(await created("fabrikam-branded"), []);

    const saved = await staff.post(
      "/api/Admin/Accounts",
      account("fabrikam-branded", { BrandPrimaryColor: "#0B5394", BrandAccentColor: "#b0006e" }),
    );
    assert.equal(saved.status, 201, JSON.stringify(saved.body));
    assert.deepEqual([saved.body.BrandPrimaryColor, saved.body.BrandAccentColor], ["#0b5394", "#b0006e"]);
    const [stored] = await created("fabrikam-branded");
    assert.equal(stored.RecId, saved.body.RecId);
    assert.deepEqual([stored.BrandPrimaryColor, stored.BrandAccentColor], ["#0b5394", "#b0006e"]);

    // Left unset (the create form's empty pickers send null): the product's own colours.
    const plain = await staff.post(
      "/api/Admin/Accounts",
      account("fabrikam-plain", { BrandPrimaryColor: null, BrandAccentColor: null }),
    );
    assert.equal(plain.status, 201, JSON.stringify(plain.body));
    assert.deepEqual([plain.body.BrandPrimaryColor, plain.body.BrandAccentColor], [null, null]);
  });

  test("a member cannot reach the admin resource", async () => {
    const row = await northwind();
    assert.equal(
      (await owner.put(`/api/Admin/Accounts/${row.RecId}`, { BrandPrimaryColor: "#0b5394" })).status,
      403,
    );
  });
});

test("the store keeps only #rrggbb in lower case (migration 12)", () => {
  const db = new Database(":memory:");
  try {
    migrate(db, () => 0, MIGRATIONS);
    db.prepare(
      `INSERT INTO accounts (uid, name, domain, domain_type, two_factor_policy, menu_logo_style, menu_title_type,
         subscription_type, logo_uid, created_at)
       VALUES ('u', 'A', 'a', 'Subdomain', 'Optional', 'Standard', 'CompanyName', '', 'l', 0)`,
    ).run();
    const set = (colour: string | null) =>
      db.prepare("UPDATE accounts SET brand_primary_color = ?, brand_accent_color = ?").run(colour, colour);
    set("#0b5394");
    set(null);
    for (const bad of ["#0B5394", "#0b539", "#0b53944", "0b5394x", "#0b539g"]) {
      assert.throws(() => set(bad), /CHECK constraint/, bad);
    }
    const view = db.prepare("SELECT brand_primary_color, brand_accent_color FROM admin_accounts").get();
    assert.deepEqual({ ...(view as object) }, { brand_primary_color: null, brand_accent_color: null });
  } finally {
    db.close();
  }
});
