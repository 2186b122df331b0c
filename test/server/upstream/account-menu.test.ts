/**
 * The account's custom menu (DESIGN.md §3 account layer) over real HTTP against the seeded
 * upstream: 401 → 403 → success for the editor calls, Common/AccountMenu for every member, the
 * §6 section rules (no stray, unknown or moved keys, Menus never hidden) leaving the store
 * unchanged, the version counter, and tenancy.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type Client, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;
let analyst: Client;
let contoso: Client;

const LAYOUT = {
  Sections: [
    { Id: "data", Title: "  Sources  ", Order: ["Connections", "TableAndViews"], Hidden: ["DataHooks"] },
    { Id: "security", Title: "", Order: [], Hidden: [] },
  ],
};

before(async () => {
  upstream = await startUpstream();
  owner = await signIn(upstream, "owner");
  analyst = await signIn(upstream, "analyst");
  contoso = await signIn(upstream, "contoso");
});
after(async () => upstream.close());

describe("Account/Menu", () => {
  test("401 without a session, 403 without Menus, never customised reads version 0", async () => {
    const anonymous = owner.as(undefined);
    assert.equal((await anonymous.get("/api/Account/Menu")).status, 401);
    assert.equal((await anonymous.put("/api/Account/Menu", LAYOUT)).status, 401);
    assert.equal((await anonymous.get("/api/Common/AccountMenu")).status, 401);
    assert.equal((await analyst.get("/api/Account/Menu")).status, 403);
    const denied = await analyst.put("/api/Account/Menu", LAYOUT);
    assert.equal(denied.status, 403);
    assert.equal(denied.body.ErrorCode, 3001);
    const fresh = await owner.get("/api/Account/Menu");
    assert.equal(fresh.status, 200);
    assert.deepEqual(fresh.body, { Sections: [], Version: 0, ModifiedAt: null });
  });

  test("a save is trimmed, drops untouched sections, bumps the version, and every member reads it", async () => {
    const saved = await owner.put("/api/Account/Menu", LAYOUT);
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.Version, 1);
    assert.deepEqual(saved.body.Sections, [
      { Id: "data", Title: "Sources", Order: ["Connections", "TableAndViews"], Hidden: ["DataHooks"] },
    ]);
    assert.match(saved.body.ModifiedAt, /^\d{4}-\d\d-\d\dT/);
    const forMember = await analyst.get("/api/Common/AccountMenu");
    assert.equal(forMember.status, 200);
    assert.deepEqual(forMember.body, saved.body);
    const again = await owner.put("/api/Account/Menu", LAYOUT);
    assert.equal(again.body.Version, 2);
  });

  test("bad layouts are refused with a code and leave the menu unchanged", async () => {
    const before = (await owner.get("/api/Account/Menu")).body;
    const section = (extra: object) => ({
      Sections: [{ Id: "data", Title: "", Order: [], Hidden: [], ...extra }],
    });
    const cases: Array<[string, unknown, number]> = [
      ["unknown key", section({ Hidden: ["Spreadsheets"] }), 1001],
      ["capability key", section({ Hidden: ["Exports"] }), 1001],
      ["alias spelling", section({ Order: ["DataHook"] }), 1001],
      ["unknown section", { Sections: [{ Id: "extras", Title: "", Order: [], Hidden: [] }] }, 1001],
      ["key of another section (a moved link)", section({ Order: ["Dashboards"] }), 1091],
      [
        "hiding the Menus link",
        { Sections: [{ Id: "security", Title: "", Order: [], Hidden: ["Menus"] }] },
        1091,
      ],
      ["repeated key", section({ Order: ["Connections", "Connections"] }), 1001],
      ["section twice", { Sections: [section({}).Sections[0], section({}).Sections[0]] }, 1091],
      ["title too long", section({ Title: "x".repeat(41) }), 1001],
      ["extra field (adding a link)", section({ Links: [{ Link: "/evil" }] }), 1001],
      ["not an object", [], 1001],
      ["__proto__ key", JSON.parse('{"Sections":[],"__proto__":{"x":1}}'), 1002],
    ];
    for (const [name, body, code] of cases) {
      const answer = await owner.put("/api/Account/Menu", body);
      assert.equal(answer.status, 400, `${name}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.ErrorCode, code, name);
    }
    assert.deepEqual((await owner.get("/api/Account/Menu")).body, before);
  });

  test("one account's menu never reaches another account", async () => {
    assert.deepEqual((await contoso.get("/api/Common/AccountMenu")).body, {
      Sections: [],
      Version: 0,
      ModifiedAt: null,
    });
    const theirs = await contoso.put("/api/Account/Menu", {
      Sections: [{ Id: "analytics", Title: "Boards", Order: ["Binders"], Hidden: [] }],
    });
    assert.equal(theirs.status, 200);
    assert.equal(theirs.body.Version, 1);
    const ours = (await owner.get("/api/Account/Menu")).body;
    assert.equal(ours.Sections[0].Id, "data");
    assert.equal(ours.Version, 2);
  });

  test("link names and per-language titles are stored trimmed; every member reads them", async () => {
    const saved = await owner.put("/api/Account/Menu", {
      Sections: [
        {
          Id: "analytics",
          Title: "",
          TitleTranslations: { it: " Analisi ", de: "Analysen" },
          Order: [],
          Hidden: [],
          Links: [
            { Id: "liveDocs", Text: "  Story pages ", Translations: { fr: " Pages ", de: "Storyseiten" } },
            { Id: "binders", Translations: { nl: "Mappen" } },
            { Id: "reports" },
          ],
        },
      ],
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.deepEqual(saved.body.Sections, [
      {
        Id: "analytics",
        Title: "",
        TitleTranslations: { de: "Analysen", it: "Analisi" },
        Order: [],
        Hidden: [],
        Links: [
          { Id: "liveDocs", Text: "Story pages", Translations: { de: "Storyseiten", fr: "Pages" } },
          { Id: "binders", Translations: { nl: "Mappen" } },
        ],
      },
    ]);
    assert.deepEqual((await analyst.get("/api/Common/AccountMenu")).body, saved.body);
  });

  test("bad names are refused with a code and leave the menu unchanged", async () => {
    const before = (await owner.get("/api/Account/Menu")).body;
    const named = (links: unknown[], titles?: unknown) => ({
      Sections: [
        {
          Id: "data",
          Title: "",
          Order: [],
          Hidden: [],
          Links: links,
          ...(titles ? { TitleTranslations: titles } : {}),
        },
      ],
    });
    const cases: Array<[string, unknown, number]> = [
      ["blank name", named([{ Id: "tables", Text: "   " }]), 1001],
      ["empty name", named([{ Id: "tables", Text: "" }]), 1001],
      ["two lines", named([{ Id: "tables", Text: "Data\nsets" }]), 1001],
      ["a direction override", named([{ Id: "tables", Text: "report\u202Efdp.exe" }]), 1001],
      ["a direction mark", named([{ Id: "tables", Text: "Sales\u200F" }]), 1001],
      ["too long", named([{ Id: "tables", Text: "x".repeat(41) }]), 1001],
      ["blank translation", named([{ Id: "tables", Translations: { de: " " } }]), 1001],
      ["unknown language", named([{ Id: "tables", Translations: { xx: "Tables" } }]), 1001],
      ["control character in a title", named([], { de: "Da\u0007ten" }), 1001],
      ["unknown link", named([{ Id: "spreadsheets", Text: "Sheets" }]), 1001],
      ["a link field the schema does not know", named([{ Id: "tables", Link: "/evil" }]), 1001],
      ["a link of another section", named([{ Id: "dashboards", Text: "Boards" }]), 1091],
      [
        "a link named twice",
        named([
          { Id: "tables", Text: "A" },
          { Id: "tables", Text: "B" },
        ]),
        1091,
      ],
    ];
    for (const [name, body, code] of cases) {
      const answer = await owner.put("/api/Account/Menu", JSON.parse(JSON.stringify(body)));
      assert.equal(answer.status, 400, `${name}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.ErrorCode, code, name);
    }
    assert.deepEqual((await owner.get("/api/Account/Menu")).body, before);
  });
});
