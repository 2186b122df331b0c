/**
 * The configuration plane's preview as a given user (DESIGN.md §3 "previewed as a given
 * role/account"; config/README.md, `POST /gw/config/preview` with `userRecId`), over real sockets: the
 * real seeded upstream answers the user's access fields to the gateway's service call, and staff with
 * only Read preview as the demo viewer — what is hidden from the viewer and not from the owner, and the
 * very routes and menus the viewer gets from /gw/manifest when signed in. Members are refused; an
 * unknown user is 404; a gateway that cannot ask the upstream answers 503.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { ClientManifest } from "../../../../schemas/client-manifest.ts";
import { GatewayErrorCode } from "../../../../server/gateway/errors/gateway-error-codes.ts";
import { accessFactsFrom } from "../../../../server/gateway/manifests/filter-access.ts";
import { type BrowserClient, DEMO_LOGINS, type DemoUser, signedIn } from "./browser-client.ts";
import {
  type RunningGateway,
  type RunningUpstream,
  startGateway,
  startUpstream,
} from "./integration-fixture.ts";

const SERVICE_TOKEN = "preview-as-user-suite-service-token-0123456789abcdef";

interface Hidden {
  kind: string;
  id: string;
  reason: string;
}

interface UserPreview {
  user: { recId: number; name: string; email: string; accountRecId: number };
  manifest: ClientManifest;
  texts: Record<string, string>;
  hidden: Hidden[];
}

/** What decides the navigation: every route's id (and whether it is an upgrade), every menu entry's id. */
function navigation(manifest: ClientManifest) {
  const sections = (menu: { sections: { id: string; links: { id: string }[] }[] } | undefined) =>
    (menu?.sections ?? []).map((section) => ({
      id: section.id,
      links: section.links.map((link) => link.id),
    }));
  return {
    routes: manifest.routes.routes.map((route) => `${route.id}${route.upgrade ? " (upgrade)" : ""}`),
    main: sections(manifest.menus?.main),
    admin: sections(manifest.menus?.admin),
  };
}

describe("a preview as a given user", () => {
  let upstream: RunningUpstream;
  let gateway: RunningGateway;
  let staff: BrowserClient;
  let previousToken: string | undefined;
  const signedInAs = new Map<DemoUser, BrowserClient>();
  const recIds = new Map<DemoUser, number>();

  /** A demo user signed in at the gateway, and their LoggedInConfig through the relay. */
  async function member(who: DemoUser): Promise<{ client: BrowserClient; config: Record<string, unknown> }> {
    const client = signedInAs.get(who) ?? (await signedIn(gateway.url, who));
    signedInAs.set(who, client);
    const answer = await client.get("/api/Common/LoggedInConfig");
    assert.equal(answer.status, 200, answer.bytes.toString());
    recIds.set(who, answer.json.User.RecId);
    return { client, config: answer.json };
  }

  async function previewAs(who: DemoUser, more: Record<string, unknown> = {}): Promise<UserPreview> {
    if (!recIds.has(who)) await member(who);
    const answer = await staff.post("/gw/config/preview", {
      language: "en",
      userRecId: recIds.get(who),
      ...more,
    });
    assert.equal(answer.status, 200, answer.bytes.toString());
    return answer.json as UserPreview;
  }

  before(async () => {
    previousToken = process.env.UPSTREAM_SERVICE_TOKEN;
    // The embedded upstream reads the token it accepts from its environment, as in production.
    process.env.UPSTREAM_SERVICE_TOKEN = SERVICE_TOKEN;
    upstream = await startUpstream();
    gateway = await startGateway(upstream.url, { more: { upstreamServiceToken: SERVICE_TOKEN } });
    // Read only on every admin module: a preview needs Read on Configuration, nothing more.
    staff = await signedIn(gateway.url, "staffAuditor");
  });
  after(async () => {
    await gateway.app.close();
    await upstream.close();
    if (previousToken === undefined) delete process.env.UPSTREAM_SERVICE_TOKEN;
    else process.env.UPSTREAM_SERVICE_TOKEN = previousToken;
  });

  test("as the viewer: who it is, and the Users entry hidden for a missing permission, unlike for the owner", async () => {
    const viewer = await previewAs("viewer");
    const { config } = await member("viewer");
    const user = config.User as { AccountRecId: number };
    assert.deepEqual(viewer.user, {
      recId: recIds.get("viewer"),
      name: DEMO_LOGINS.viewer.fullName,
      email: DEMO_LOGINS.viewer.email,
      accountRecId: user.AccountRecId,
    });
    assert.equal(typeof viewer.texts.Menu_Dashboards, "string");
    const users = (hidden: Hidden[]) =>
      hidden.filter((entry) => entry.kind === "menuLink" && entry.id === "users");
    assert.deepEqual(
      users(viewer.hidden).map((entry) => entry.reason),
      ["permissionMissing"],
      JSON.stringify(viewer.hidden.slice(0, 8)),
    );
    const owner = await previewAs("owner");
    assert.deepEqual(users(owner.hidden), [], "the owner holds Users");
    const key = (entry: Hidden) => `${entry.kind}:${entry.id}`;
    const ownerHides = new Set(owner.hidden.map(key));
    const onlyViewer = viewer.hidden.filter((entry) => !ownerHides.has(key(entry)));
    assert.ok(onlyViewer.length > 1, JSON.stringify(onlyViewer));
    assert.equal(owner.user.accountRecId, viewer.user.accountRecId, "one account");
  });

  test("the preview is what the user gets when signed in: the same routes and menus", async () => {
    for (const who of ["viewer", "owner"] as const) {
      const preview = await previewAs(who);
      const { client } = await member(who);
      const served = await client.get("/gw/manifest");
      assert.equal(served.status, 200);
      const seen = navigation(served.json as ClientManifest);
      assert.ok(seen.routes.length > 0 && seen.main.some((section) => section.links.length > 0), who);
      assert.deepEqual(navigation(preview.manifest), seen, who);
    }
    assert.notDeepEqual(
      navigation((await previewAs("viewer")).manifest),
      navigation((await previewAs("owner")).manifest),
      "the two users see different navigation",
    );
  });

  test("the facts previewed are the ones the user's own session carries", async () => {
    const { config } = await member("viewer");
    const access = await fetch(`${upstream.url}/ws/Gateway/UserAccess/${recIds.get("viewer")}`, {
      headers: { authorization: `Bearer ${SERVICE_TOKEN}` },
    });
    assert.equal(access.status, 200);
    assert.deepEqual(accessFactsFrom(await access.json(), false), accessFactsFrom(config, false));
  });

  test("with the user's own account it is the same preview; another account is 400", async () => {
    const viewer = await previewAs("viewer");
    const same = await previewAs("viewer", { accountRecId: viewer.user.accountRecId });
    assert.deepEqual(navigation(same.manifest), navigation(viewer.manifest));
    const other = await staff.post("/gw/config/preview", {
      language: "en",
      userRecId: viewer.user.recId,
      accountRecId: viewer.user.accountRecId + 1,
    });
    assert.equal(other.status, 400, other.bytes.toString());
    assert.equal(other.json.ErrorCode, GatewayErrorCode.ConfigBadRequest);
  });

  test("an audience and a user together are 400; an unknown user is 404", async () => {
    const both = await staff.post("/gw/config/preview", {
      language: "en",
      userRecId: recIds.get("viewer") ?? 1,
      audience: { rolePermissions: ["Dashboards_r"] },
    });
    assert.equal(both.status, 400, both.bytes.toString());
    assert.equal(both.json.ErrorCode, GatewayErrorCode.ConfigBadRequest);
    const unknown = await staff.post("/gw/config/preview", { language: "en", userRecId: 987654 });
    assert.equal(unknown.status, 404, unknown.bytes.toString());
    assert.equal(unknown.json.ErrorCode, GatewayErrorCode.ConfigNotFound);
  });

  test("a member calling the preview gets 403", async () => {
    const { client } = await member("owner");
    const answer = await client.post("/gw/config/preview", {
      language: "en",
      userRecId: recIds.get("viewer") ?? 1,
    });
    assert.equal(answer.status, 403);
    assert.equal(answer.json.ErrorCode, GatewayErrorCode.ConfigNotAllowed);
  });

  test("a gateway whose token the upstream refuses, or that has none, answers 503", async () => {
    for (const token of ["a-wrong-service-token-0123456789abcdefghij", null]) {
      const other = await startGateway(upstream.url, { more: { upstreamServiceToken: token } });
      try {
        const otherStaff = await signedIn(other.url, "staffAuditor");
        const answer = await otherStaff.post("/gw/config/preview", {
          language: "en",
          userRecId: recIds.get("viewer") ?? 1,
        });
        assert.equal(answer.status, 503, `${token}: ${answer.bytes.toString()}`);
        assert.equal(answer.json.ErrorCode, GatewayErrorCode.ConfigUpstreamUnavailable);
      } finally {
        await other.app.close();
      }
    }
  });
});
