/**
 * The user's language saved with the interface preferences (PUT /User/Interface with LanguageCode):
 * §1 counts the interface language among the user's preferences and §4.2 has login set the language
 * from the user's, so a saved language is the LanguageCode of every later session. Only the seven
 * languages of §1 are accepted, and an impersonating administrator's choice never becomes the
 * impersonated user's language (§4.2: it lives in the impersonation language cookie).
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { storedLanguageAfterSave } from "../../../server/upstream/account/routes.ts";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import { type Client, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";

let upstream: RunningUpstream;

before(async () => {
  upstream = await startUpstream();
});
after(async () => upstream.close());

const languageOf = async (client: Client): Promise<string> =>
  (await client.get("/api/Common/LoggedInConfig")).body.User.LanguageCode;

test("a language saved with the preferences is the LanguageCode of this and of every later session", async () => {
  const session = await signIn(upstream, "owner");
  assert.equal(await languageOf(session), "en");
  const saved = await session.put("/api/User/Interface", {
    InterfacePreferences: { theme: "light" },
    LanguageCode: "de",
  });
  assert.equal(saved.status, 200);
  assert.equal(saved.body.LanguageCode, "de");
  assert.equal(await languageOf(session), "de");
  // A new sign-in — any browser, no cookie — starts from the stored language.
  assert.equal(await languageOf(await signIn(upstream, "owner")), "de");

  // A save without LanguageCode (the welcome tutorial, older clients) leaves the language alone.
  const themeOnly = await session.put("/api/User/Interface", { InterfacePreferences: { theme: "dark" } });
  assert.equal(themeOnly.status, 200);
  assert.equal(themeOnly.body.LanguageCode, "de");
  assert.equal(await languageOf(await signIn(upstream, "owner")), "de");

  for (const language of ["en", "es", "fr", "nl", "pt", "it"]) {
    const reply = await session.put("/api/User/Interface", {
      InterfacePreferences: {},
      LanguageCode: language,
    });
    assert.equal(reply.status, 200, language);
    assert.equal(await languageOf(session), language);
  }
});

test("only the seven languages of §1 are stored; anything else is 400 and changes nothing", async () => {
  const session = await signIn(upstream, "viewer");
  const before = await languageOf(session);
  for (const language of ["xx", "DE", "de-DE", "", 7, null, ["de"]]) {
    const reply = await session.put("/api/User/Interface", {
      InterfacePreferences: { theme: "dark" },
      LanguageCode: language,
    });
    assert.equal(reply.status, 400, JSON.stringify(language));
    assert.equal(reply.body.ErrorCode, ErrorCode.InvalidRequest);
  }
  assert.equal(await languageOf(session), before);
  const config = (await session.get("/api/Common/LoggedInConfig")).body;
  assert.notEqual(config.User.InterfacePreferences.theme, "dark", "a refused save stores nothing");
  const valid = await session.put("/api/User/Interface", { InterfacePreferences: {}, LanguageCode: "nl" });
  assert.equal(valid.status, 200);
  assert.equal(await languageOf(session), "nl");
});

test("while impersonating, a saved language never becomes the impersonated user's", async () => {
  const member = await signIn(upstream, "analyst");
  const memberLanguage = await languageOf(member);
  const memberRecId = (await member.get("/api/Common/LoggedInConfig")).body.User.RecId;
  const staff = await signIn(upstream, "staffAdmin");
  const staffLanguage = await languageOf(staff);
  const { Token } = (await staff.post(`/api/Admin/Users/${memberRecId}/ImpersonationToken`)).body;
  const started = await staff.post("/api/Admin/Users/Impersonate", { Token });
  assert.equal(started.status, 200);
  const impersonating = staff.as(started.body.Token);

  const other = memberLanguage === "fr" ? "it" : "fr";
  const reply = await impersonating.put("/api/User/Interface", {
    InterfacePreferences: {},
    LanguageCode: other,
  });
  assert.equal(reply.status, 200);
  assert.equal(reply.body.LanguageCode, memberLanguage, "the answer names the language kept");
  const config = (await impersonating.get("/api/Common/LoggedInConfig")).body.User;
  assert.equal(config.LanguageCode, memberLanguage);
  assert.equal(config.ImpersonatorLanguageCode, staffLanguage, "nor the staff member's");
  assert.equal(await languageOf(await signIn(upstream, "analyst")), memberLanguage);
});

test("storedLanguageAfterSave: the decision as a table", () => {
  const member = { user: { languageCode: "en" }, impersonator: null };
  const impersonated = { user: { languageCode: "en" }, impersonator: { user: {} } };
  const rows: [string, typeof member | typeof impersonated, string | undefined, string][] = [
    ["a member saves a language", member, "de", "de"],
    ["a member saves without one", member, undefined, "en"],
    ["an impersonation saves a language", impersonated, "de", "en"],
    ["an impersonation saves without one", impersonated, undefined, "en"],
  ];
  for (const [name, caller, sent, expected] of rows) {
    assert.equal(storedLanguageAfterSave(caller, sent), expected, name);
  }
});
