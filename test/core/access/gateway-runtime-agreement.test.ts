/**
 * The gateway and the runtime judge every path alike (DESIGN.md §2: a rule both sides apply exists
 * once, in core/). Differential, over real sockets: each demo user of the README signs in through the
 * gateway in front of the seeded upstream (and a staff member impersonates a member through it); the
 * gateway's side is what it serves that user (/gw/manifest) and the access decision it takes with the
 * facts it keeps (accessFactsFrom → userAccessOf, as resolve-manifest.ts does); the runtime's side is
 * the §4.1 guard (runtime/navigation/guard.ts) with the profile the runtime builds from the same
 * session (accessProfileFrom, as session-wiring.ts does). For every route of manifests/routes.json in
 * many spellings (parameters filled or failing their pattern, optional segments left out, trailing and
 * doubled slashes, other letter cases, percent-encoding) and the ambiguous paths of the manifest:
 * - which route the path opens: the route the user's manifest opens is the route the full manifest
 *   opens (or none, when the user did not receive it) — never another one;
 * - whether the user may open it, and why not: the guard's refusal (taken on the full manifest, as
 *   defence in depth) is the gateway's decision, reason and details included, and the manifest holds
 *   the route, its upgrade form or nothing accordingly;
 * - where the user ends up: the guard on the user's manifest sends them where the guard on the full
 *   manifest does.
 */
import { BASE_SERVED } from "../../helpers/base-served.ts";
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { AccessProfile } from "../../../core/access/access-profile.ts";
import { type AccessDecision, ALLOWED, decideRouteAccess } from "../../../core/access/decide.ts";
import { prefixedLink } from "../../../core/menus/menu-links.ts";
import { createRouteMatcher, linkPathname, type RouteMatch } from "../../../core/routes/match.ts";
import { decideNavigation, type GuardDecision, type GuardInput } from "../../../runtime/navigation/guard.ts";
import { accessProfileFrom } from "../../../runtime/session/session-profile.ts";
import type { ClientManifest } from "../../../schemas/client-manifest.ts";
import type { LoggedInConfig } from "../../../schemas/payloads/user-session.ts";
import type { PermissionsManifest } from "../../../schemas/permissions.ts";
import type { RoutesManifest } from "../../../schemas/routes.ts";
import {
  accessFactsFrom,
  accessFingerprint,
  userAccessOf,
} from "../../../server/gateway/manifests/filter-access.ts";
import type { ManifestSet } from "../../../server/gateway/manifests/manifest-set.ts";
import { resolveManifest } from "../../../server/gateway/manifests/resolve-manifest.ts";
import { DEMO_TOTP_SECRET } from "../../../server/upstream/seed/demo-accounts.ts";
import {
  type Browser,
  browser,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  type DemoUser,
  defaultManifests,
  signInAs,
  startGateway,
  startRealUpstream,
  type TestGateway,
  totpAt,
} from "../../server/gateway/session/gateway-fixture.ts";
import type { RunningUpstream } from "../../server/upstream/upstream-fixture.ts";

/** One signed-in user as both sides see them. */
interface Audience {
  name: string;
  /** The session's LoggedInConfig (/gw/session). */
  config: LoggedInConfig;
  /** What the gateway serves the user. */
  manifest: ClientManifest;
}

let upstream: RunningUpstream;
let gateway: TestGateway;
let set: ManifestSet;
const audiences: Audience[] = [];

async function signIn(who: DemoUser): Promise<Browser> {
  if (who !== "secure") return signInAs(gateway, who);
  const client = await browser(gateway);
  const login = DEMO_LOGINS.secure;
  const step = await client.post("/gw/session/login", {
    domain: login.domain,
    email: login.email,
    password: DEMO_PASSWORD,
  });
  assert.deepEqual(step.body, { twoFactorRequired: true });
  const done = await client.post("/gw/session/login/two-factor", {
    code: totpAt(DEMO_TOTP_SECRET, upstream.clock.ms),
  });
  assert.equal(done.status, 200, JSON.stringify(done.body));
  return client;
}

async function audienceOf(name: string, client: Browser): Promise<Audience> {
  const session = await client.get("/gw/session");
  assert.equal(session.status, 200, `${name}: ${JSON.stringify(session.body)}`);
  const served = await client.get("/gw/manifest");
  assert.equal(served.status, 200);
  const manifest = served.body as ClientManifest;
  return {
    name,
    config: session.body.user as LoggedInConfig,
    manifest,
  };
}

before(async () => {
  upstream = await startRealUpstream();
  gateway = await startGateway(upstream);
  set = await defaultManifests();
  for (const who of Object.keys(DEMO_LOGINS) as DemoUser[]) {
    audiences.push(await audienceOf(who, await signIn(who)));
  }
  // A staff member acting as a member (§4.2), through the gateway's impersonation.
  const staff = await signInAs(gateway, "staffAdmin");
  const viewer = audiences.find((audience) => audience.name === "viewer");
  assert.ok(viewer);
  const issued = await staff.post(`/api/Admin/Users/${viewer.config.User.RecId}/ImpersonationToken`);
  assert.equal(issued.status, 200, JSON.stringify(issued.body));
  const started = await staff.post("/gw/session/impersonation", { token: issued.body.Token });
  assert.equal(started.status, 200, JSON.stringify(started.body));
  audiences.push(await audienceOf("staffAdmin acting as viewer", staff));
  // An upstream that keeps the staff member's admin grants while impersonating (the gateway may face
  // any compatible upstream, DESIGN.md §1): the gateway resolves the manifest as it would serve it.
  const staffAdmin = audiences.find((audience) => audience.name === "staffAdmin");
  assert.ok(staffAdmin);
  const config = { ...staffAdmin.config, User: { ...staffAdmin.config.User, Impersonating: true } };
  const facts = accessFactsFrom(config, false);
  assert.ok(facts);
  const manifest = resolveManifest(
    set,
    "v",
    { kind: "user", facts, fingerprint: accessFingerprint(facts) },
    BASE_SERVED,
  );
  audiences.push({ name: "staff grants while impersonating", config, manifest });
});

after(async () => {
  await gateway?.close();
  await upstream?.close();
});

/** Every route's path in the spellings a URL may take, and the manifest's ambiguous paths. */
function samplePaths(routes: RoutesManifest): string[] {
  const paths = new Set<string>([
    "/",
    "//",
    "/data/editor",
    "/data/editor/12",
    "/dashboard/editor",
    "/dashboard/viewer",
    "/files/viewer",
    "/files/viewer/12",
    "/tasks/12",
    "/home/Dashboard/42/Binder/7",
    "/home/Dashboard/42/Binder/7/extra",
    "/admin",
    "/ADMIN/ACCOUNTS",
    "/Admin/Users/Impersonate/12",
    "/admin/users/impersonate/abc",
    "/admin/users/impersonate/12/",
    "/dashboards/a%2Fb",
    "/dashboards//5",
    "/no/such/page",
  ]);
  for (const route of routes.routes) {
    if ((route.mode ?? "app") !== "app") continue;
    const filled = route.path.replace(/:[A-Za-z]+\??/g, "12");
    const failing = route.path.replace(/:[A-Za-z]+\??/g, "abc");
    const short = route.path.replace(/\/:[A-Za-z]+\?/g, "") || "/";
    for (const path of [filled, failing, short]) {
      paths.add(path);
      paths.add(`${path}/`);
      paths.add(path.toUpperCase());
      paths.add(`/${path}`);
      paths.add(path.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`));
    }
  }
  return [...paths];
}

type GuardPermissions = Pick<PermissionsManifest, "features" | "homePageTypes" | "homeRedirects">;

function guard(
  pathname: string,
  match: RouteMatch | null,
  permissions: GuardPermissions,
  profile: AccessProfile,
  notFoundRedirect: string,
): GuardDecision {
  const input: GuardInput = {
    from: null,
    fromRoute: null,
    to: { pathname, search: "", hash: "" },
    match,
    session: { status: "authenticated", profile },
    permissions,
    notFoundRedirect,
    signupAllowed: set.shell.signupAllowed === true,
    maintenancePath: null,
    leaveConfirmed: false,
  };
  return decideNavigation(input);
}

/** The access the guard granted or refused (session gates such as notLoggedInOnly are not access). */
function guardAccess(decision: GuardDecision): AccessDecision {
  return decision.type === "redirect" && decision.access ? { allowed: false, ...decision.access } : ALLOWED;
}

/** Where a decision leaves the user. */
function outcome(decision: GuardDecision): string {
  switch (decision.type) {
    case "redirect":
      return `redirect ${decision.to}`;
    case "allow":
      return `allow ${decision.match.route.id} ${JSON.stringify(decision.match.params)} ${decision.legacyUrl}`;
    case "external":
      return `external ${decision.site} ${decision.path.join("/")}`;
    default:
      return decision.type;
  }
}

describe("the gateway and the runtime agree for every demo user", () => {
  test("every audience signed in (each demo role, and impersonation)", () => {
    assert.equal(audiences.length, Object.keys(DEMO_LOGINS).length + 2);
    assert.ok(audiences.every((audience) => audience.manifest.audience === "user"));
  });

  test("which route a path opens, whether the user may open it and why not, and where they end up", () => {
    const matchFull = createRouteMatcher(set.routes, "app");
    const paths = samplePaths(set.routes);
    const fullMatches = new Map(paths.map((pathname) => [pathname, matchFull(pathname)]));
    assert.ok(paths.length > 500, `${paths.length} sample paths`);
    const seen = new Map<string, number>();
    for (const audience of audiences) {
      // The facts the gateway keeps: the LoggedInConfig, and its own impersonation mark (session-flow.ts).
      const facts = accessFactsFrom(audience.config, audience.manifest.user?.impersonating === true);
      assert.ok(facts, audience.name);
      const gatewayAccess = userAccessOf(facts, set.permissions);
      // The profile the runtime builds from the session, with the catalogue it received (session-wiring.ts).
      const profile = accessProfileFrom(audience.config, audience.manifest.permissions);
      const userMatch = createRouteMatcher(audience.manifest.routes, "app");
      const served = new Map(audience.manifest.routes.routes.map((route) => [route.id, route]));
      for (const pathname of paths) {
        const where = `${audience.name} ${JSON.stringify(pathname)}`;
        const full = fullMatches.get(pathname) ?? null;
        const own = userMatch(pathname);
        // Which route: the user's manifest opens the full manifest's route, or none.
        if (own) {
          assert.equal(own.route.id, full?.route.id, `${where}: another route opens`);
          assert.deepEqual(own.params, full?.params, `${where}: parameters`);
        }
        const onFull = guard(pathname, full, set.permissions, profile, set.routes.notFoundRedirect);
        const onOwn = guard(
          pathname,
          own,
          audience.manifest.permissions,
          profile,
          audience.manifest.routes.notFoundRedirect,
        );
        // Where the user ends up.
        assert.equal(outcome(onOwn), outcome(onFull), `${where}: the runtime on the user's manifest`);
        if (!full) {
          assert.equal(own, null, where);
          continue;
        }
        // Whether the user may open it, and why not: the same decision on both sides.
        const decision = decideRouteAccess(full.route, gatewayAccess.profile, set.permissions.features);
        const key = decision.allowed ? "allowed" : decision.reason;
        seen.set(key, (seen.get(key) ?? 0) + 1);
        const runtime = guardAccess(onFull);
        const sessionGated =
          onFull.type === "redirect" &&
          (onFull.reason === "loggedInOnNotLoggedInOnly" || onFull.reason === "signupNotAllowed");
        if (!sessionGated && onFull.type !== "external") {
          assert.deepEqual(runtime, decision, `${where}: the guard's and the gateway's access`);
        }
        // And the gateway served accordingly.
        const route = served.get(full.route.id);
        if (decision.allowed) {
          assert.ok(route && !route.upgrade, `${where}: served as it is`);
          assert.ok(own, `${where}: opens in the user's manifest`);
        } else if (decision.reason === "featureNotIncluded") {
          assert.deepEqual(
            route?.upgrade,
            { feature: decision.feature, objectType: decision.objectType },
            `${where}: served as an upgrade route`,
          );
        } else {
          assert.equal(route, undefined, `${where}: not served (${decision.reason})`);
        }
      }
    }
    // The sample covers each kind of answer the demo roles give.
    const kinds = ["allowed", "permissionMissing", "featureNotIncluded", "adminWithoutPermission"];
    for (const kind of [...kinds, "adminModuleMissing", "impersonating"]) {
      assert.ok((seen.get(kind) ?? 0) > 0, `no sample ${kind}: ${JSON.stringify([...seen])}`);
    }
  });

  test("every in-app link the gateway serves opens in the runtime (an upgrade only from the navigation panel)", () => {
    let links = 0;
    for (const audience of audiences) {
      const profile = accessProfileFrom(audience.config, audience.manifest.permissions);
      const userMatch = createRouteMatcher(audience.manifest.routes, "app");
      const menus = audience.manifest.menus;
      assert.ok(menus, audience.name);
      const served = [
        ...menus.main.sections.flatMap((section) => section.links.map((link) => [link.link, true] as const)),
        ...menus.admin.sections.flatMap((section) =>
          section.links.map((link) => [link.link, false] as const),
        ),
        ...[...menus.user.entries, ...menus.help.entries].flatMap((entry) =>
          entry.link?.startsWith("/") ? [[entry.link, false] as const] : [],
        ),
      ];
      for (const [link, upgradeAllowed] of served) {
        links += 1;
        const pathname = linkPathname(prefixedLink(link));
        assert.ok(pathname, link);
        const decision = guard(
          pathname,
          userMatch(pathname),
          audience.manifest.permissions,
          profile,
          audience.manifest.routes.notFoundRedirect,
        );
        const where = `${audience.name} ${link}: ${JSON.stringify(decision)}`;
        if (decision.type === "redirect") {
          assert.ok(decision.reason !== "unknownPath", where);
          if (decision.access) {
            assert.ok(upgradeAllowed && decision.access.reason === "featureNotIncluded", where);
          }
        }
      }
    }
    assert.ok(links > 100, `${links} links`);
  });
});
