/**
 * Account settings (issue 3) over real HTTP against the seeded upstream: 401 → 403 → success,
 * read-only with AccountSettings r, LoggedInConfig reflecting a change, strict validation that
 * leaves the store unchanged, tenancy, and the gateway's embedding call behind the service token.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type Client, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";

const SERVICE_TOKEN = "account-settings-suite-service-token-0123456789";

let upstream: RunningUpstream;
let owner: Client;
let analyst: Client;
let contoso: Client;
let previousToken: string | undefined;

const VALID = {
  Name: "Northwind Traders",
  MenuLogoStyle: "Wide",
  MenuDisplayTitleType: "Custom",
  MenuTitle: "  Northwind Insights  ",
  TwoFactorAuthenticationPolicy: "Optional",
  ShowHelpLinks: false,
  EmbeddingOrigins: [
    "https://intranet.northwind.example",
    "https://*.partners.example:8443",
    "http://localhost:3000",
  ],
};

before(async () => {
  previousToken = process.env.UPSTREAM_SERVICE_TOKEN;
  process.env.UPSTREAM_SERVICE_TOKEN = SERVICE_TOKEN;
  upstream = await startUpstream();
  owner = await signIn(upstream, "owner");
  analyst = await signIn(upstream, "analyst");
  contoso = await signIn(upstream, "contoso");
});
after(async () => {
  await upstream.close();
  if (previousToken === undefined) delete process.env.UPSTREAM_SERVICE_TOKEN;
  else process.env.UPSTREAM_SERVICE_TOKEN = previousToken;
});

describe("Account/Settings access", () => {
  test("401 without a session, 403 without AccountSettings, 200 for the owner", async () => {
    const anonymous = owner.as(undefined);
    assert.equal((await anonymous.get("/api/Account/Settings")).status, 401);
    assert.equal((await anonymous.put("/api/Account/Settings", VALID)).status, 401);
    const denied = await analyst.get("/api/Account/Settings");
    assert.equal(denied.status, 403);
    assert.equal(denied.body.ErrorCode, 3001);
    assert.equal((await analyst.put("/api/Account/Settings", VALID)).status, 403);
    const mine = await owner.get("/api/Account/Settings");
    assert.equal(mine.status, 200);
    assert.equal(mine.body.Name, "Northwind Analytics");
    assert.equal(mine.body.Domain, "northwind");
    assert.equal(mine.body.CanEdit, true);
    assert.deepEqual(mine.body.EmbeddingOrigins, []);
  });

  test("AccountSettings r reads (CanEdit false) but cannot change", async () => {
    const roles = await owner.get("/api/Roles");
    const viewerRole = roles.body.find((r: { Name: string }) => r.Name === "Viewer");
    const changed = await owner.put(`/api/Roles/${viewerRole.RecId}`, {
      Name: "Viewer",
      Permissions: "Dashboards_r;UserProfileAndPreferences_r;AccountSettings_r",
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    const viewer = await signIn(upstream, "viewer");
    const read = await viewer.get("/api/Account/Settings");
    assert.equal(read.status, 200);
    assert.equal(read.body.CanEdit, false);
    const write = await viewer.put("/api/Account/Settings", VALID);
    assert.equal(write.status, 403);
  });
});

describe("Account/Settings changes", () => {
  test("a valid change is stored, canonicalised, and LoggedInConfig reflects it", async () => {
    const saved = await owner.put("/api/Account/Settings", {
      ...VALID,
      EmbeddingOrigins: [...VALID.EmbeddingOrigins, "https://bi.northwind.example:443"],
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.MenuTitle, "Northwind Insights");
    assert.deepEqual(saved.body.EmbeddingOrigins, [
      ...VALID.EmbeddingOrigins,
      "https://bi.northwind.example",
    ]);
    assert.equal(saved.body.Domain, "northwind");
    const user = (await owner.get("/api/Common/LoggedInConfig")).body.User;
    assert.equal(user.AccountName, "Northwind Traders");
    assert.equal(user.AccountMenuLogoStyle, "Wide");
    assert.equal(user.AccountMenuDisplayTitleType, "Custom");
    assert.equal(user.AccountMenuTitle, "Northwind Insights");
    assert.equal(user.ShowHelpLinks, false);
    assert.equal(
      (await analyst.get("/api/Common/LoggedInConfig")).body.User.AccountName,
      "Northwind Traders",
    );
  });

  test("bad input is refused with a code and leaves the settings unchanged", async () => {
    const before = (await owner.get("/api/Account/Settings")).body;
    const cases: Array<[string, unknown, number]> = [
      ["domain is not changeable", { ...VALID, Domain: "elsewhere" }, 1001],
      ["white label is not changeable", { ...VALID, IsWhiteLabel: true }, 1001],
      ["subscription is not changeable", { ...VALID, SubscriptionType: "Enterprise" }, 1001],
      ["blank name", { ...VALID, Name: "   " }, 1001],
      ["custom title without text", { ...VALID, MenuTitle: "  " }, 1001],
      ["unknown logo style", { ...VALID, MenuLogoStyle: "Huge" }, 1001],
      ["missing field", { Name: "x" }, 1001],
      ["plain http origin", { ...VALID, EmbeddingOrigins: ["http://intranet.example"] }, 1001],
      ["origin with a path", { ...VALID, EmbeddingOrigins: ["https://intranet.example/app"] }, 1001],
      ["origin with a query", { ...VALID, EmbeddingOrigins: ["https://intranet.example?x=1"] }, 1001],
      ["bare wildcard", { ...VALID, EmbeddingOrigins: ["https://*"] }, 1001],
      ["wildcard over a TLD", { ...VALID, EmbeddingOrigins: ["https://*.com"] }, 1001],
      ["inner wildcard", { ...VALID, EmbeddingOrigins: ["https://a.*.example.com"] }, 1001],
      ["upper case", { ...VALID, EmbeddingOrigins: ["https://Intranet.example"] }, 1001],
      ["port out of range", { ...VALID, EmbeddingOrigins: ["https://intranet.example:70000"] }, 1001],
      ["user info", { ...VALID, EmbeddingOrigins: ["https://user@intranet.example"] }, 1001],
      ["javascript scheme", { ...VALID, EmbeddingOrigins: ["javascript:alert(1)"] }, 1001],
      ["duplicate", { ...VALID, EmbeddingOrigins: ["https://a.example", "https://a.example"] }, 1001],
      [
        "same origin twice",
        { ...VALID, EmbeddingOrigins: ["https://a.example", "https://a.example:443"] },
        1090,
      ],
      [
        "more than 20",
        { ...VALID, EmbeddingOrigins: Array.from({ length: 21 }, (_, i) => `https://h${i}.example`) },
        1001,
      ],
    ];
    for (const [name, body, code] of cases) {
      const answer = await owner.put("/api/Account/Settings", body);
      assert.equal(answer.status, 400, `${name}: ${JSON.stringify(answer.body)}`);
      assert.equal(answer.body.ErrorCode, code, name);
    }
    const blankCustom = await owner.put("/api/Account/Settings", { ...VALID, Name: " \t " });
    assert.equal(blankCustom.status, 400);
    assert.deepEqual((await owner.get("/api/Account/Settings")).body, before);
  });

  test("each account sees and changes only its own settings", async () => {
    const theirs = await contoso.get("/api/Account/Settings");
    assert.equal(theirs.status, 200);
    assert.equal(theirs.body.Domain, "contoso");
    assert.equal(theirs.body.IsWhiteLabel, true);
    assert.deepEqual(theirs.body.EmbeddingOrigins, []);
    const saved = await contoso.put("/api/Account/Settings", {
      Name: theirs.body.Name,
      MenuLogoStyle: theirs.body.MenuLogoStyle,
      MenuDisplayTitleType: theirs.body.MenuDisplayTitleType,
      MenuTitle: theirs.body.MenuTitle,
      TwoFactorAuthenticationPolicy: theirs.body.TwoFactorAuthenticationPolicy,
      ShowHelpLinks: theirs.body.ShowHelpLinks,
      EmbeddingOrigins: ["https://portal.contoso.example"],
    });
    assert.equal(saved.status, 200);
    assert.deepEqual((await owner.get("/api/Account/Settings")).body.EmbeddingOrigins, [
      ...VALID.EmbeddingOrigins,
      "https://bi.northwind.example",
    ]);
  });
});

describe("Gateway/Embedding/Account (service call)", () => {
  test("needs the service token, not a member session; answers the account's origins", async () => {
    const accountRecId = (await owner.get("/api/Account/Settings")).body.AccountRecId;
    const path = `/ws/Gateway/Embedding/Account/${accountRecId}`;
    assert.equal((await owner.as(undefined).get(path)).status, 401);
    assert.equal((await owner.get(path)).status, 401, "a member session is not the service token");
    const service = new (owner.constructor as typeof Client)(upstream.baseUrl);
    const wrong = await service.get(path, { authorization: "Bearer wrong-token-wrong-token-wrong-token-00" });
    assert.equal(wrong.status, 401);
    const answer = await service.get(path, { authorization: `Bearer ${SERVICE_TOKEN}` });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.Origins, [...VALID.EmbeddingOrigins, "https://bi.northwind.example"]);
    const unknown = await service.get("/ws/Gateway/Embedding/Account/999999", {
      authorization: `Bearer ${SERVICE_TOKEN}`,
    });
    assert.deepEqual(unknown.body, { Origins: [] });
    const bad = await service.get("/ws/Gateway/Embedding/Account/abc", {
      authorization: `Bearer ${SERVICE_TOKEN}`,
    });
    assert.equal(bad.status, 400);
  });
});

/** The smallest PNG signature followed by some bytes: recognised by its signature, as the upstream does. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);

function logoForm(data: Buffer, name: string, type = "image/png"): FormData {
  const form = new FormData();
  form.append("file[]", new Blob([new Uint8Array(data)], { type }), name);
  return form;
}

describe("Account/Settings/Logo", () => {
  test("401, 403, then an upload replaces the logo under a new UID that LoggedInConfig and §7 serve", async () => {
    const path = "/api/Account/Settings/Logo/Menu";
    assert.equal((await owner.as(undefined).request("PUT", path, logoForm(PNG, "logo.png"))).status, 401);
    assert.equal((await analyst.request("PUT", path, logoForm(PNG, "logo.png"))).status, 403);
    const before = (await owner.get("/api/Account/Settings")).body;
    const saved = await owner.request("PUT", path, logoForm(PNG, "logo.png"));
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.MenuLogoIsSet, true);
    assert.notEqual(saved.body.LogoUID, before.LogoUID);
    const user = (await owner.get("/api/Common/LoggedInConfig")).body.User;
    assert.equal(user.AccountLogoUID, saved.body.LogoUID);
    assert.equal(user.AccountMenuLogoIsSet, true);
    const served = await owner.as(undefined).get(`/ws/account/logo/${saved.body.LogoUID}`);
    assert.equal(served.status, 200);
    assert.equal(served.headers.get("content-type"), "image/png");
    assert.deepEqual(Buffer.from(served.body), PNG);
    assert.equal((await owner.as(undefined).get(`/ws/account/logo/${before.LogoUID}`)).status, 404);
  });

  test("only real raster images within the limit; a refused upload changes nothing", async () => {
    const before = (await owner.get("/api/Account/Settings")).body;
    const path = "/api/Account/Settings/Logo/Primary";
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const disguised = await owner.request("PUT", path, logoForm(svg, "logo.png"));
    assert.equal(disguised.status, 400);
    assert.equal(disguised.body.ErrorCode, 1508);
    const svgName = await owner.request("PUT", path, logoForm(svg, "logo.svg", "image/svg+xml"));
    assert.equal(svgName.status, 400);
    const large = Buffer.concat([PNG, Buffer.alloc(600 * 1024)]);
    assert.equal((await owner.request("PUT", path, logoForm(large, "big.png"))).status, 413);
    assert.equal(
      (await owner.request("PUT", "/api/Account/Settings/Logo/Banner", logoForm(PNG, "a.png"))).status,
      400,
    );
    assert.equal((await owner.request("PUT", path, undefined)).status, 415);
    assert.deepEqual((await owner.get("/api/Account/Settings")).body, before);
  });

  test("removing a logo: 200, then 404 for the same logo again", async () => {
    const removed = await owner.delete("/api/Account/Settings/Logo/Menu");
    assert.equal(removed.status, 200);
    assert.equal(removed.body.MenuLogoIsSet, false);
    assert.equal((await owner.get("/api/Common/LoggedInConfig")).body.User.AccountMenuLogoIsSet, false);
    assert.equal((await owner.delete("/api/Account/Settings/Logo/Menu")).status, 404);
  });
});
