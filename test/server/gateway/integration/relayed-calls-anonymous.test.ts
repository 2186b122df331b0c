/**
 * The §7 calls through `buildApp` without a session: each answers 401 with `{ErrorCode, Message}`.
 * The browser has loaded the app (it holds the CSRF cookie and sends the header), so the
 * state-changing calls pass the CSRF guard and it is the missing identity that refuses them. A
 * session cookie the gateway never issued, and an upstream token the browser sends itself, change
 * nothing: identity comes only from the gateway's session.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { BrowserClient, chatAttachment, type RequestOptions, signedIn } from "./browser-client.ts";
import { type Stack, startStack } from "./integration-fixture.ts";

const SOME_UID = "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b";

/** Every §7 call the runtime makes once signed in (the logo is public: see below). */
const CALLS: { name: string; method: string; path: string; options?: RequestOptions }[] = [
  { name: "LoggedInConfig", method: "GET", path: "/api/Common/LoggedInConfig" },
  { name: "Ping", method: "GET", path: "/api/v2/User/Ping" },
  {
    name: "User/Interface",
    method: "PUT",
    path: "/api/User/Interface",
    options: { json: { InterfacePreferences: { theme: "dark" } } },
  },
  { name: "WidgetThemes", method: "GET", path: "/api/Common/WidgetThemes" },
  { name: "Script/ServerSide", method: "GET", path: "/api/Script/ServerSide" },
  {
    name: "SmartView ParametersData",
    method: "POST",
    path: "/api/DataImport/Connection/1/SmartView/ParametersData",
    options: { json: { data: "{}", SmartViewModel: { Name: "SalesByGeography", Version: { Version: 1 } } } },
  },
  {
    name: "document Items",
    method: "GET",
    path: "/api/DataImport/Connection/2/Items?folder=columns;100&search=orders",
  },
  { name: "Notifications GET", method: "GET", path: "/api/Notifications/" },
  {
    name: "Notifications PUT",
    method: "PUT",
    path: "/api/Notifications/",
    options: { json: { NotificationRecIds: [1] } },
  },
  { name: "Notifications DELETE", method: "DELETE", path: "/api/Notifications/" },
  { name: "supportchat/active", method: "GET", path: "/api/supportchat/active" },
  {
    name: "supportchat/message",
    method: "POST",
    path: "/api/supportchat/message",
    options: { json: { Page: "/", Text: "hello" } },
  },
  {
    name: "supportchat/file PUT",
    method: "PUT",
    path: "/api/supportchat/file",
    options: { form: chatAttachment(10) },
  },
  { name: "supportchat/file GET", method: "GET", path: `/api/supportchat/file?id=${SOME_UID}` },
  {
    name: "SaveRating",
    method: "POST",
    path: "/api/SupportSessions/SaveRating",
    options: { json: { Feedback: "x", Rating: 4, SupportSessionRecId: 1 } },
  },
  { name: "user avatar", method: "GET", path: `/webservices/user/avatar/${SOME_UID}` },
  { name: "export download", method: "GET", path: `/webservices/File/Export/${SOME_UID}` },
  { name: "invoice download", method: "GET", path: "/api/invoice/INV-2024-0002" },
  { name: "admin constants", method: "GET", path: "/webservices/Client/Admin/Constants" },
  { name: "admin config", method: "GET", path: "/webservices/Client/Admin/Config" },
];

let stack: Stack;
let visitor: BrowserClient;

before(async () => {
  stack = await startStack();
  visitor = await new BrowserClient(stack.gateway.url).open();
});
after(async () => stack.close());

describe("§7 calls without a session", () => {
  for (const call of CALLS) {
    test(`${call.method} ${call.name} → 401`, async () => {
      const answer = await visitor.request(call.method, call.path, call.options);
      assert.equal(answer.status, 401, answer.bytes.toString().slice(0, 200));
      assert.deepEqual(Object.keys(answer.json).sort(), ["ErrorCode", "Message"]);
    });
  }

  test("a forged session cookie and a real upstream token sent by the browser are both ignored (401)", async () => {
    const owner = await signedIn(stack.gateway.url, "owner");
    const upstreamLogin = await fetch(`${stack.upstream.url}/api/Login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        Domain: "northwind",
        Email: "owner@northwind.example",
        Password: "tessera-demo",
      }),
    });
    const { Token } = (await upstreamLogin.json()) as { Token: string };
    const forged = new BrowserClient(stack.gateway.url);
    forged.jar.set("tessera_session", `${owner.jar.get("tessera_session")?.slice(0, -2)}xx`);
    const answer = await forged.get("/api/Common/LoggedInConfig", {
      headers: { authorization: `Bearer ${Token}`, "x-access-token": Token },
    });
    assert.equal(answer.status, 401);
  });

  test("the account logo is public by its UID (the login page of a white-label account shows it)", async () => {
    const owner = await signedIn(stack.gateway.url, "owner");
    const uid = (await owner.get("/api/Common/LoggedInConfig")).json.User.AccountLogoUID;
    const logo = await visitor.get(`/webservices/account/logo/${uid}`);
    assert.equal(logo.status, 200);
    assert.equal(logo.headers.get("content-type"), "image/png");
  });
});
