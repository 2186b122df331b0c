/**
 * core's route matcher (core/routes/match.ts): react-router's ranking with the manifest's parameter
 * patterns, one matcher per manifest object and mode that remembers its answers (the boot matches the
 * first path three times).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { matchRoutes } from "react-router";
import {
  createRouteMatcher,
  HELP_MODE_FALLBACK,
  linkPathname,
  ROUTE_MATCH_CACHE_ENTRIES,
  routeOfLink,
} from "../../../core/routes/match.ts";
import routesJson from "../../../manifests/routes.json" with { type: "json" };
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

  test("the static-path lookup gives react-router's answer for every route of the manifest", () => {
    const manifest = routesJson as unknown as RoutesManifest;
    for (const mode of ["app", "help"] as const) {
      const ofMode = manifest.routes.filter((route) => (route.mode ?? "app") === mode);
      const objects = ofMode.map((route) => ({ id: route.id, path: route.path, caseSensitive: false }));
      const match = createRouteMatcher(manifest, mode);
      const paths = ofMode.flatMap((route) => {
        // Each route's own path with its parameters filled in, in the spellings a URL may take.
        const path = route.path.replace(/:[A-Za-z]+\??/g, "7").replace(/\*$/, "x");
        return [path, path.toUpperCase(), `${path}/`, `${path}//`, path.replace(/[a-z]/, "%61")];
      });
      for (const pathname of [...paths, "/", "//login", "/no/such/path"]) {
        const expected = matchRoutes(objects, pathname)?.at(-1)?.route.id ?? null;
        const answer = match(pathname);
        // A parameter failing its pattern makes the path unknown: only then may the two differ.
        if (answer === null && expected !== null) {
          const route = ofMode.find((candidate) => candidate.id === expected);
          assert.ok(route?.paramPatterns, `${mode} ${pathname}: ${expected} was refused`);
          continue;
        }
        const id = answer?.route === HELP_MODE_FALLBACK ? null : (answer?.route.id ?? null);
        assert.equal(id, expected, `${mode} ${pathname}`);
      }
    }
  });
});

describe("links", () => {
  test("a link opens the route of its pathname as the browser's URL parser reads it; off-origin links open none", () => {
    const match = createRouteMatcher(routes, "app");
    assert.equal(linkPathname("/items/new?x=1#h"), "/items/new");
    assert.equal(routeOfLink("/items/new?x=1#h", match)?.route.id, "itemNew");
    assert.equal(routeOfLink("/items/./42", match)?.params.recId, "42", "dot segments resolved");
    assert.equal(routeOfLink("/ITEMS/42/", match)?.route.id, "item");
    assert.equal(routeOfLink("//evil.example/items/42", match), null);
    assert.equal(routeOfLink("https://evil.example/items/42", match), null);
    assert.equal(routeOfLink("/items/abc", match), null, "a parameter failing its pattern");
  });
});
