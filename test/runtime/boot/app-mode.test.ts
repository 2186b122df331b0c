/**
 * Help mode (§1, §2.1) as the runtime sees it: the mode read from the page the gateway served (its
 * `tessera-mode` meta element), and the routes of each mode through the real guard and the default
 * routes manifest — in help mode the only route is /{routeTab?}/{routeItemCode?}, everything else
 * goes to /, without ever asking for a session; app mode is unchanged.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { type AppMode, createRouteMatcher } from "../../../core/routes/match.ts";
import { APP_MODE_META_NAME, appModeOf, readAppMode } from "../../../runtime/boot/app-mode.ts";
import { decideNavigation, type SessionStatus } from "../../../runtime/navigation/guard.ts";
import type { PermissionsManifest } from "../../../schemas/permissions.ts";
import type { RoutesManifest } from "../../../schemas/routes.ts";
import { indexHtml } from "../../../scripts/build.ts";
import {
  APP_MODE_META_NAME as GATEWAY_META_NAME,
  helpModeIndex,
} from "../../../server/gateway/plugins/help-mode.ts";
import { loc } from "../../helpers/guard-fixture.ts";
import { MANIFESTS_DIR } from "../../helpers/manifest-fixtures.ts";

const routes = JSON.parse(readFileSync(join(MANIFESTS_DIR, "routes.json"), "utf8")) as RoutesManifest;
const permissions = JSON.parse(
  readFileSync(join(MANIFESTS_DIR, "permissions.json"), "utf8"),
) as PermissionsManifest;

/**
 * A document stand-in answering the one selector the runtime asks, from the served HTML's meta
 * elements (attribute order as the gateway writes them or reversed).
 */
function servedDocument(html: string): Pick<Document, "querySelector"> {
  const metas = [...html.matchAll(/<meta\s+([^>]*)>/gi)].map((m) => {
    const attributes = Object.fromEntries(
      [...(m[1] ?? "").matchAll(/([a-z-]+)="([^"]*)"/gi)].map((a) => [a[1]?.toLowerCase(), a[2]]),
    );
    return { getAttribute: (name: string) => attributes[name] ?? null, attributes };
  });
  return {
    querySelector: ((selector: string) => {
      const name = /^meta\[name="([^"]+)"\]$/.exec(selector)?.[1];
      return metas.find((meta) => meta.attributes.name === name) ?? null;
    }) as Document["querySelector"],
  };
}

describe("mode detection from the served page", () => {
  const appPage = indexHtml({ script: "/assets/main-AB12.js", style: "/assets/main-CD34.css" });
  test("the gateway and the runtime agree on the meta element's name", () => {
    assert.equal(APP_MODE_META_NAME, GATEWAY_META_NAME);
  });
  test("the product's index is app mode; the help host's index is help mode", () => {
    assert.equal(readAppMode(servedDocument(appPage)), "app");
    assert.equal(readAppMode(servedDocument(helpModeIndex(appPage))), "help");
  });
  test("only the exact value help selects help mode", () => {
    assert.equal(appModeOf("help"), "help");
    assert.equal(appModeOf(" help "), "help");
    for (const value of [null, undefined, "", "app", "HELP", "helpdesk"])
      assert.equal(appModeOf(value), "app");
  });
});

function decide(mode: AppMode, url: string, status: SessionStatus = "unknown") {
  const to = loc(url);
  return decideNavigation({
    from: null,
    fromRoute: null,
    to,
    match: createRouteMatcher(routes, mode)(to.pathname),
    session: { status, profile: null },
    permissions,
    notFoundRedirect: routes.notFoundRedirect,
    signupAllowed: false,
    leaveConfirmed: false,
    maintenancePath: null,
  });
}

describe("§2.1 help mode's one route", () => {
  test("/, a tab and an article open the help page, with their parameters, without a session", () => {
    for (const [url, params] of [
      ["/", {}],
      ["/faq", { routeTab: "faq" }],
      ["/faq/share-dashboard", { routeTab: "faq", routeItemCode: "share-dashboard" }],
    ] as const) {
      const decision = decide("help", url);
      assert.equal(decision.type, "allow", url);
      if (decision.type !== "allow") continue;
      assert.equal(decision.match.route.id, "helpPage");
      assert.deepEqual(
        Object.fromEntries(Object.entries(decision.match.params).filter(([, v]) => v !== undefined)),
        params,
      );
    }
  });
  test("everything else goes to /, signed in or not, never to /login", () => {
    for (const status of ["unknown", "anonymous", "failed"] as const) {
      for (const url of ["/a/b/c", "/admin/users/impersonate/12", "/help/faq/x/y"]) {
        const decision = decide("help", url, status);
        assert.equal(decision.type, "redirect", `${status} ${url}`);
        if (decision.type === "redirect") assert.equal(decision.to, "/");
      }
    }
  });
  test("app mode is unchanged: /dashboards still asks for the session, /help still leaves for the help site", () => {
    const first = decide("app", "/dashboards");
    assert.equal(first.type === "login" && first.mode, "attempt");
    const redirect = decide("app", "/dashboards", "anonymous");
    assert.equal(redirect.type === "redirect" && redirect.to, "/login");
    assert.deepEqual(decide("app", "/help/faq/share-dashboard"), {
      type: "external",
      site: "help",
      path: ["faq", "share-dashboard"],
    });
    assert.equal(createRouteMatcher(routes, "app")("/faq")?.route.id ?? null, null);
  });
});
