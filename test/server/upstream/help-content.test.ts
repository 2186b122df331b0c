/**
 * Help mode's content over real HTTP (§1 help mode, §2.1): anonymous and read-only, published
 * articles only, in the asked language with an English fallback, codes validated, and nothing but
 * the public fields of schemas/payloads/help-content.ts.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import {
  type HelpArticle,
  type HelpIndex,
  helpArticleSchema,
  helpIndexSchema,
} from "../../../schemas/payloads/help-content.ts";
import { type AdminCallers, assertError, ok, startAdmin } from "./admin-fixture.ts";

let c: AdminCallers;
const ajv = new Ajv({ allErrors: true });
addFormats(ajv);
const validIndex = ajv.compile(helpIndexSchema);
const validArticle = ajv.compile(helpArticleSchema);

before(async () => {
  c = await startAdmin();
});
after(async () => c.upstream.close());

/** Staff fields that must never reach an anonymous reader. */
const STAFF_FIELDS = ["RecId", "IsPublished", "SortOrder", "PublishedAt", "CreatedAt", "ModifiedAt", "Type"];

function codesIn(index: HelpIndex, tab: string): string[] {
  return index.Tabs.find((entry) => entry.Tab === tab)?.Articles.map((a) => a.Code) ?? [];
}

test("the index lists the published articles of the seed by tab, anonymously, with public fields only", async () => {
  const reply = await c.anonymous.get("/ws/Help");
  const index = ok(reply) as HelpIndex;
  assert.ok(validIndex(index), JSON.stringify(validIndex.errors));
  assert.equal(index.Language, "en");
  assert.deepEqual(
    index.Tabs.map((t) => t.Tab),
    ["faq", "tutorials", "releasenotes"],
    "tabs in HELP_TABS order, only those with published articles",
  );
  assert.deepEqual(codesIn(index, "faq"), ["share-dashboard", "invite-users"]);
  assert.deepEqual(codesIn(index, "tutorials"), ["first-connection", "first-dashboard"]);
  assert.ok(!JSON.stringify(index).includes("two-factor"), "the unpublished article is hidden");
  for (const article of index.Tabs.flatMap((t) => t.Articles)) {
    assert.deepEqual(Object.keys(article).sort(), ["Code", "Summary", "Title"]);
  }
  assert.match(reply.headers.get("cache-control") ?? "", /public/);
});

test("one article: title, HTML body, update time and tab; schema-exact, no staff field", async () => {
  const article = ok(await c.anonymous.get("/ws/Help/tutorials/first-dashboard")) as HelpArticle;
  assert.ok(validArticle(article), JSON.stringify(validArticle.errors));
  assert.equal(article.Title, "Build your first dashboard");
  assert.equal(article.Tab, "tutorials");
  assert.equal(article.LanguageCode, "en");
  assert.match(article.BodyHtml, /<ol><li>Open <strong>Dashboards<\/strong>/);
  assert.ok(!Number.isNaN(Date.parse(article.UpdatedAt)));
  for (const field of STAFF_FIELDS) assert.equal(field in article, false, field);
});

test("the asked language wins, other codes fall back to English", async () => {
  const index = ok(await c.anonymous.get("/ws/Help?lang=de")) as HelpIndex;
  assert.equal(index.Language, "de");
  const faq = index.Tabs.find((t) => t.Tab === "faq")?.Articles ?? [];
  assert.equal(faq.find((a) => a.Code === "share-dashboard")?.Title, "Ein Dashboard mit einem Team teilen");
  assert.equal(faq.find((a) => a.Code === "invite-users")?.Title, "Invite people to your account");
  const german = ok(await c.anonymous.get("/ws/Help/faq/share-dashboard?lang=de")) as HelpArticle;
  assert.equal(german.LanguageCode, "de");
  const fallback = ok(await c.anonymous.get("/ws/Help/faq/invite-users?lang=fr")) as HelpArticle;
  assert.equal(fallback.LanguageCode, "en");
});

test("unknown tabs, unknown codes, articles of another tab and unpublished articles are 404", async () => {
  for (const path of [
    "/ws/Help/dashboards/share-dashboard",
    "/ws/Help/faq/no-such-article",
    "/ws/Help/tutorials/share-dashboard",
    "/ws/Help/articles/two-factor",
  ]) {
    assertError(await c.anonymous.get(path), 404, "NotFound", path);
  }
});

test("malformed codes and languages are 400 before any lookup", async () => {
  for (const path of [
    "/ws/Help/FAQ/share-dashboard",
    "/ws/Help/faq/Share_Dashboard",
    "/ws/Help/faq/-share",
    "/ws/Help/faq/share%20dashboard",
    "/ws/Help/faq/%3Cscript%3E",
    "/ws/Help?lang=xx",
    "/ws/Help/faq/share-dashboard?lang=EN",
  ]) {
    assertError(await c.anonymous.get(path), 400, "InvalidRequest", path);
  }
  // Longer than any article code: the router refuses it before the route (Fastify's parameter limit).
  const tooLong = await c.anonymous.get(`/ws/Help/faq/${"a".repeat(101)}`);
  assert.ok([400, 414].includes(tooLong.status), `too long: ${tooLong.status}`);
});

test("publishing and unpublishing at /admin/helpcenter shows and hides an article at once", async () => {
  const created = ok(
    await c.admin.post("/api/Admin/HelpCenter", {
      Title: "Release 8.5",
      Code: "release-8-5",
      Type: "ReleaseNote",
      LanguageCode: "en",
      Body: "<p>Help mode.</p>",
    }),
    201,
  );
  assertError(await c.anonymous.get("/ws/Help/releasenotes/release-8-5"), 404, "NotFound", "draft");
  ok(await c.admin.put(`/api/Admin/HelpCenter/${created.RecId}`, { IsPublished: true }));
  assert.equal(ok(await c.anonymous.get("/ws/Help/releasenotes/release-8-5")).Title, "Release 8.5");
  assert.ok(codesIn(ok(await c.anonymous.get("/ws/Help")), "releasenotes").includes("release-8-5"));
  ok(await c.admin.put(`/api/Admin/HelpCenter/${created.RecId}`, { IsPublished: false }));
  assertError(await c.anonymous.get("/ws/Help/releasenotes/release-8-5"), 404, "NotFound", "unpublished");
});

test("help content is read-only: writes are refused", async () => {
  for (const method of ["POST", "PUT", "DELETE"]) {
    const reply = await c.anonymous.request(method, "/ws/Help/faq/share-dashboard", {});
    assert.ok([404, 405].includes(reply.status), `${method}: ${reply.status}`);
  }
  assert.equal(
    ok(await c.anonymous.get("/ws/Help/faq/share-dashboard")).Title,
    "Share a dashboard with a team",
  );
});
