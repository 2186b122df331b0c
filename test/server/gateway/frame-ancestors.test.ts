/**
 * frame-ancestors through `buildApp` and the real upstream (DESIGN.md §4): the app's HTML pages get
 * the signed-in account's embedding allow-list (a relayed settings change applies at once), share
 * pages the owning account's list, everyone else 'none'; legacy paths are never the app; the rest of the
 * CSP never changes; no service token or an unreachable upstream means 'none' (fail closed).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  CONTENT_SECURITY_POLICY,
  contentSecurityPolicy,
  JSON_CONTENT_SECURITY_POLICY,
} from "../../../server/gateway/plugins/security-headers.ts";
import { type AccountStack, startAccountStack } from "./account-layer-fixture.ts";
import { BrowserClient, signedIn } from "./integration/browser-client.ts";

const ORIGINS = ["https://intranet.northwind.example", "https://*.partners.example:8443"];

let stack: AccountStack;
let owner: BrowserClient;
let shareCode: string;

const frameAncestorsOf = (csp: string | null) => /frame-ancestors ([^;]*)/.exec(csp ?? "")?.[1];

async function pageCsp(client: BrowserClient, path: string): Promise<string | null> {
  const answer = await client.get(path, { headers: { accept: "text/html" } });
  assert.equal(answer.status, 200, `${path}: ${answer.status}`);
  assert.match(answer.headers.get("content-type") ?? "", /^text\/html/);
  return answer.headers.get("content-security-policy");
}

async function saveOrigins(client: BrowserClient, origins: string[]): Promise<void> {
  const current = (await client.get("/api/Account/Settings")).json;
  const {
    Name,
    MenuLogoStyle,
    MenuDisplayTitleType,
    MenuTitle,
    TwoFactorAuthenticationPolicy,
    ShowHelpLinks,
  } = current;
  const saved = await client.put("/api/Account/Settings", {
    Name,
    MenuLogoStyle,
    MenuDisplayTitleType,
    MenuTitle,
    TwoFactorAuthenticationPolicy,
    ShowHelpLinks,
    EmbeddingOrigins: origins,
  });
  assert.equal(saved.status, 200, saved.bytes.toString());
}

before(async () => {
  stack = await startAccountStack();
  owner = await signedIn(stack.url, "owner");
  const dashboards = (await owner.get("/api/Objects?type=Dashboard")).json as { RecId: number }[];
  const link = await owner.post(`/api/Content/Dashboards/Objects/${dashboards[0]?.RecId}/PublicLinks`);
  assert.equal(link.status, 201, `public link: ${link.bytes.toString()}`);
  shareCode = link.json.Code;
});
after(async () => stack.close());

describe("frame-ancestors", () => {
  test("visitors and accounts without an allow-list: 'none'; JSON keeps the default policy", async () => {
    const visitor = await new BrowserClient(stack.url).open();
    assert.equal(await pageCsp(visitor, "/login"), CONTENT_SECURITY_POLICY);
    assert.equal(frameAncestorsOf(await pageCsp(owner, "/dashboards")), "'none'");
    // §2.3: the gateway never answers a legacy page with the app (nothing of it to frame).
    const legacy = await visitor.get("/legacy/admin/credits", { headers: { accept: "text/html" } });
    assert.equal(legacy.status, 404);
    assert.doesNotMatch(legacy.headers.get("content-type") ?? "", /^text\/html/);
  });

  test("a relayed settings change gives the account's pages its allow-list at once, the rest unchanged", async () => {
    assert.equal(frameAncestorsOf(await pageCsp(owner, "/")), "'none'");
    await saveOrigins(owner, ORIGINS);
    const csp = await pageCsp(owner, "/dashboards");
    assert.equal(csp, contentSecurityPolicy(ORIGINS.join(" ")));
    const analyst = await signedIn(stack.url, "analyst");
    assert.equal(frameAncestorsOf(await pageCsp(analyst, "/data")), ORIGINS.join(" "));
    // JSON is never framed, whatever the account allows: it keeps the JSON policy.
    const manifest = await owner.get("/gw/manifest");
    assert.equal(manifest.headers.get("content-security-policy"), JSON_CONTENT_SECURITY_POLICY);
  });

  test("another account, and a visitor, still get 'none'", async () => {
    const contoso = await signedIn(stack.url, "contoso");
    assert.equal(frameAncestorsOf(await pageCsp(contoso, "/")), "'none'");
    const visitor = await new BrowserClient(stack.url).open();
    assert.equal(frameAncestorsOf(await pageCsp(visitor, "/dashboards")), "'none'");
  });

  test("share pages take the owning account's list, for anyone; unknown codes 'none'", async () => {
    const visitor = await new BrowserClient(stack.url).open();
    assert.equal(frameAncestorsOf(await pageCsp(visitor, `/v/${shareCode}`)), ORIGINS.join(" "));
    const contoso = await signedIn(stack.url, "contoso");
    assert.equal(frameAncestorsOf(await pageCsp(contoso, `/v/${shareCode}`)), ORIGINS.join(" "));
    assert.equal(frameAncestorsOf(await pageCsp(visitor, "/v/no-such-code")), "'none'");
    assert.equal(
      frameAncestorsOf(await pageCsp(visitor, `/b/${shareCode}`)),
      "'none'",
      "a dashboard code is no binder",
    );
    assert.equal(frameAncestorsOf(await pageCsp(visitor, "/ld/bad%20code")), "'none'");
  });

  test("fail closed: a gateway without the service token serves 'none' even to the account", async () => {
    const tokenless = await startAccountStack({ serviceToken: null });
    try {
      const client = await signedIn(tokenless.url, "owner");
      await saveOrigins(client, ORIGINS);
      assert.equal(frameAncestorsOf(await pageCsp(client, "/dashboards")), "'none'");
    } finally {
      await tokenless.close();
    }
  });

  test("fail closed: share pages are 'none' while the upstream is unreachable", async () => {
    await stack.upstream.stop();
    const visitor = new BrowserClient(stack.url);
    const answer = await visitor.get(`/ld/${shareCode}x`, { headers: { accept: "text/html" } });
    assert.equal(answer.status, 200);
    assert.equal(frameAncestorsOf(answer.headers.get("content-security-policy")), "'none'");
  });
});
