/**
 * The route matcher: react-router's ranking with the manifest's parameter patterns, one matcher per
 * manifest object and mode that remembers its answers (issue 5: the boot matches the first path
 * three times).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  createRouteMatcher,
  HELP_MODE_FALLBACK,
  ROUTE_MATCH_CACHE_ENTRIES,
} from "../../../runtime/navigation/route-match.ts";
import type { RoutesManifest } from "../../../schemas/routes.ts";
import { fixtureRoutes } from "../../helpers/guard-fixture.ts";

const routes: RoutesManifest = {
  version: 1,
  notFoundRedirect: "/",
  routes: [
    { id: "home", path: "/", screen: { kind: "home" } },
    { id: "item", path: "/items/:recId", screen: { kind: "home" }, paramPatterns: { recId: "^[0-9]+$" } },
    { id: "itemNew", path: "/items/new", screen: { kind: "home" } },
    { id: "help", path: "/help", screen: { kind: "helpPage" }, mode: "help" },
  ],
};

describe("route matching", () => {
  test("static segments beat parameters; a parameter failing its pattern is an unknown path", () => {
    const match = createRouteMatcher(routes, "app");
    assert.equal(match("/items/new")?.route.id, "itemNew");
    assert.deepEqual(match("/items/42")?.params, { recId: "42" });
    assert.equal(match("/items/abc"), null);
    assert.equal(match("/help"), null, "a help-mode route is not an app route");
  });

  test("help mode matches its own routes and sends every other path to the fallback", () => {
    const match = createRouteMatcher(routes, "help");
    assert.equal(match("/help")?.route.id, "help");
    assert.equal(match("/items/42")?.route, HELP_MODE_FALLBACK);
  });

  test("one matcher per manifest object and mode; a repeated path gets the same frozen answer", () => {
    const match = createRouteMatcher(routes, "app");
    assert.equal(createRouteMatcher(routes, "app"), match);
    assert.notEqual(createRouteMatcher(routes, "help"), match);
    assert.notEqual(createRouteMatcher({ ...routes }, "app"), match, "another manifest, another matcher");
    const first = match("/items/7");
    assert.equal(match("/items/7"), first);
    assert.ok(Object.isFrozen(first) && Object.isFrozen(first?.params));
    assert.throws(() => {
      (first?.params as Record<string, string>).recId = "8";
    }, TypeError);
  });

  test("past the cache's size it starts over and still answers right", () => {
    const match = createRouteMatcher(fixtureRoutes, "app");
    for (let index = 0; index <= ROUTE_MATCH_CACHE_ENTRIES + 10; index++) {
      assert.equal(match(`/dashboards/${index}`)?.route.id, "dashboards");
    }
    assert.equal(match("/login")?.route.id, "login");
    assert.equal(match("/dashboards/3")?.params.folderRecId, "3");
  });
});
