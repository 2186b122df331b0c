/**
 * Help mode's paths and calls as data (§2.1 /{routeTab?}/{routeItemCode?}): what a location asks
 * for, the in-app and webservices paths, the content language, what a failure means, and the shape
 * checks of the answers.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import en from "../../../../locales/en.json" with { type: "json" };
import { ApiError } from "../../../../runtime/http/api-error.ts";
import {
  helpArticlePath,
  helpFailure,
  helpIndexPath,
  helpLanguage,
  helpLocation,
  helpPagePath,
  helpTabTitleKey,
  isHelpArticle,
  isHelpIndex,
} from "../../../../runtime/screens/help/help-paths.ts";
import { HELP_TABS } from "../../../../schemas/payloads/help-content.ts";

describe("help locations", () => {
  const cases: Array<[Record<string, string | undefined>, ReturnType<typeof helpLocation>]> = [
    [{}, { kind: "home" }],
    [{ routeTab: "faq" }, { kind: "tab", tab: "faq" }],
    [
      { routeTab: "faq", routeItemCode: "share-dashboard" },
      { kind: "article", tab: "faq", code: "share-dashboard" },
    ],
    [{ routeTab: "dashboards" }, { kind: "tab", tab: "dashboards" }],
    [{ routeTab: "FAQ" }, { kind: "elsewhere" }],
    [{ routeTab: "a b" }, { kind: "elsewhere" }],
    [
      { routeTab: "faq", routeItemCode: "Share_It" },
      { kind: "badArticle", tab: "faq" },
    ],
    [
      { routeTab: "faq", routeItemCode: "x".repeat(101) },
      { kind: "badArticle", tab: "faq" },
    ],
  ];
  for (const [params, expected] of cases) {
    test(JSON.stringify(params), () => assert.deepEqual(helpLocation(params), expected));
  }
});

describe("help paths", () => {
  test("in-app paths of home, tab and article", () => {
    assert.equal(helpPagePath(), "/");
    assert.equal(helpPagePath("faq"), "/faq");
    assert.equal(helpPagePath("faq", "share-dashboard"), "/faq/share-dashboard");
  });
  test("webservices paths carry the language and encode every segment", () => {
    assert.equal(helpIndexPath("de"), "Help?lang=de");
    assert.equal(helpArticlePath("faq", "a/b", "en"), "Help/faq/a%2Fb?lang=en");
  });
  test("the content language follows the interface language, else English", () => {
    assert.equal(helpLanguage("fr"), "fr");
    assert.equal(helpLanguage("pt-BR"), "pt");
    assert.equal(helpLanguage("ja"), "en");
    assert.equal(helpLanguage(undefined), "en");
  });
  test("every tab has a title text", () => {
    for (const { tab } of HELP_TABS) assert.ok((en as Record<string, string>)[helpTabTitleKey(tab)], tab);
  });
});

describe("help answers", () => {
  test("404 and 400 are not found, aborts are silent, the rest is an error", () => {
    assert.equal(helpFailure(new ApiError(404, 4001, "x")), "notFound");
    assert.equal(helpFailure(new ApiError(400, 1001, "x")), "notFound");
    assert.equal(helpFailure(new ApiError(502, 5051, "x")), "error");
    assert.equal(helpFailure(new TypeError("network")), "error");
  });
  test("shape checks", () => {
    const index = {
      Language: "en",
      Tabs: [{ Tab: "faq", Articles: [{ Code: "a", Title: "A", Summary: null }] }],
    };
    assert.ok(isHelpIndex(index));
    assert.ok(!isHelpIndex({ Tabs: [{ Tab: "dashboards", Articles: [] }] }));
    assert.ok(!isHelpIndex({ Tabs: [{ Tab: "faq", Articles: [{ Code: 1 }] }] }));
    assert.ok(!isHelpIndex(null));
    assert.ok(isHelpArticle({ Tab: "faq", Code: "a", Title: "A", BodyHtml: "<p>x</p>" }));
    assert.ok(!isHelpArticle({ Tab: "faq", Code: "a", Title: "A" }));
  });
});
