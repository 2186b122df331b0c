/**
 * Every call of §7 through the gateway built by `buildApp`, for a signed-in user, against the real
 * embedded upstream over real sockets: the status and the body shape each one answers with. The
 * same calls without a session are in relayed-calls-anonymous.test.ts.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type BrowserClient, chatAttachment, signedIn } from "./browser-client.ts";
import { type Stack, startStack } from "./integration-fixture.ts";

const TWO_MB = 2 * 1024 * 1024;
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47];

let stack: Stack;
let owner: BrowserClient;
// biome-ignore lint/suspicious/noExplicitAny: the upstream's LoggedInConfig, read field by field
let config: any;

before(async () => {
  stack = await startStack();
  owner = await signedIn(stack.gateway.url, "owner");
  config = (await owner.get("/api/Common/LoggedInConfig")).json;
});
after(async () => stack.close());

async function connectionId(name: string): Promise<number> {
  const list = await owner.get("/api/Objects?type=DataConnection");
  assert.equal(list.status, 200);
  const found = (list.json as { RecId: number; Name: string }[]).find((object) => object.Name === name);
  assert.ok(found, `connection ${name}`);
  return found.RecId;
}

describe("§7 calls relayed for a signed-in user", () => {
  test("GET Common/LoggedInConfig: the User of §3 and ShowLoginAnnouncement", () => {
    assert.equal(config.User.FullName, "Olivia Owner");
    assert.equal(config.User.Domain, "northwind");
    assert.ok(Array.isArray(config.User.RolePermissions) && config.User.RolePermissions.length > 0);
    assert.equal(typeof config.ShowLoginAnnouncement, "boolean");
  });

  test("GET v2/User/Ping: the session's expiry times", async () => {
    const ping = await owner.get("/api/v2/User/Ping");
    assert.equal(ping.status, 200);
    assert.deepEqual(Object.keys(ping.json).sort(), [
      "AbsoluteExpiresAt",
      "DisconnectionWarningAt",
      "ExpiresAt",
    ]);
  });

  test("PUT /User/Interface stores the preferences; LoggedInConfig reads them back", async () => {
    const saved = await owner.put("/api/User/Interface", {
      InterfacePreferences: { theme: "dark", themeStyle: "square", recentColors: ["#112233"] },
    });
    assert.equal(saved.status, 200);
    assert.equal(saved.json.InterfacePreferences.theme, "dark");
    const again = (await owner.get("/api/Common/LoggedInConfig")).json;
    assert.equal(again.User.InterfacePreferences.themeStyle, "square");
    assert.deepEqual(again.User.InterfacePreferences.recentColors, ["#112233"]);
  });

  test("GET Common/WidgetThemes: Key/Value with a Dashboard and Widgets", async () => {
    const themes = await owner.get("/api/Common/WidgetThemes");
    assert.equal(themes.status, 200);
    assert.ok(themes.json.length > 0);
    for (const theme of themes.json) {
      assert.equal(typeof theme.Key, "string");
      assert.equal(typeof JSON.parse(theme.Value.Dashboard), "object");
      assert.ok(theme.Value.Widgets.every((w: { Type: string }) => typeof w.Type === "string"));
    }
  });

  test("GET Script/ServerSide: the server-side script functions", async () => {
    const functions = await owner.get("/api/Script/ServerSide");
    assert.equal(functions.status, 200);
    assert.ok(functions.json.some((f: { Name: string }) => f.Name === "Coalesce"));
  });

  test("POST DataImport/Connection/{id}/SmartView/ParametersData: the cascading parameters", async () => {
    const id = await connectionId("Retail warehouse (sample)");
    const answer = await owner.post(`/api/DataImport/Connection/${id}/SmartView/ParametersData`, {
      data: JSON.stringify({ Country: "Germany" }),
      SmartViewModel: { Name: "SalesByGeography", Version: { Version: 1 } },
    });
    assert.equal(answer.status, 200);
    assert.equal(answer.json.Parameters[0].Value, "Germany");
    assert.ok(answer.json.Parameters[1].Options.length > 0);
  });

  test("GET DataImport/Connection/{id}/Items?folder=columns;{rowScan}&search={table}: the columns", async () => {
    const id = await connectionId("Orders document store (sample)");
    const answer = await owner.get(`/api/DataImport/Connection/${id}/Items?folder=columns;100&search=orders`);
    assert.equal(answer.status, 200);
    assert.equal(answer.json.RowsScanned, 100);
    assert.ok(answer.json.Items.some((c: { Name: string }) => c.Name === "customer.address.city"));
  });

  test("account logo: the menu logo, and the primary one with ForcePrimary (the header is relayed)", async () => {
    const uid = config.User.AccountLogoUID;
    const menu = await owner.get(`/webservices/account/logo/${uid}`);
    const primary = await owner.get(`/webservices/account/logo/${uid}`, {
      headers: { ForcePrimary: "true" },
    });
    for (const logo of [menu, primary]) {
      assert.equal(logo.status, 200);
      assert.equal(logo.headers.get("content-type"), "image/png");
      assert.deepEqual([...logo.bytes.subarray(0, 4)], PNG_MAGIC);
    }
    assert.equal(menu.bytes.readUInt32BE(16), 64, "menu logo width");
    assert.equal(primary.bytes.readUInt32BE(16), 128, "primary logo width");
  });

  test("user avatar: an image", async () => {
    const avatar = await owner.get(`/webservices/user/avatar/${config.User.UserUID}`);
    assert.equal(avatar.status, 200);
    assert.match(avatar.headers.get("content-type") ?? "", /^image\//);
    assert.ok(avatar.bytes.length > 0);
  });

  test("export download ({webservices}/File/Export/{uid}) and invoice download (invoice/{number})", async () => {
    const list = (await owner.get("/api/Notifications/")).json as { Code: string; FileUID?: string }[];
    const fileUid = list.find((n) => n.Code === "ExportSucceeded" && n.FileUID)?.FileUID;
    assert.ok(fileUid, "the seed holds a finished export");
    const file = await owner.get(`/webservices/File/Export/${fileUid}`);
    assert.equal(file.status, 200);
    assert.match(file.headers.get("content-disposition") ?? "", /^attachment; filename="/);
    assert.match(file.bytes.toString("utf8"), /^Region,Revenue\n/);
    const invoice = await owner.get("/api/invoice/INV-2024-0002");
    assert.equal(invoice.status, 200);
    assert.equal(invoice.headers.get("content-type"), "application/pdf");
    assert.match(invoice.bytes.subarray(0, 8).toString("latin1"), /^%PDF-/);
  });

  test("Notifications: GET lists, PUT marks read (204), DELETE clears (204)", async () => {
    const list = await owner.get("/api/Notifications/");
    assert.equal(list.status, 200);
    const fresh = (list.json as { RecId: number; IsNew: boolean; Code: string }[]).filter((n) => n.IsNew);
    assert.ok(fresh.length > 0);
    const marked = await owner.put("/api/Notifications/", { NotificationRecIds: fresh.map((n) => n.RecId) });
    assert.equal(marked.status, 204);
    assert.ok((await owner.get("/api/Notifications/")).json.every((n: { IsNew: boolean }) => !n.IsNew));
    const cleared = await owner.delete("/api/Notifications/");
    assert.equal(cleared.status, 204);
    assert.deepEqual((await owner.get("/api/Notifications/")).json, []);
  });

  test("supportchat: active, message (acknowledged), file at 2 MB passes and comes back intact", async () => {
    const active = await owner.get("/api/supportchat/active");
    assert.equal(active.status, 200);
    assert.equal(typeof active.json.IsActive, "boolean");
    const before = active.json.Messages.length;
    const sent = await owner.post("/api/supportchat/message", {
      Page: "/dashboards",
      Text: "Hello from the integration suite",
      UID: "integration-0000-0001",
    });
    assert.equal(sent.status, 201);
    assert.equal(sent.json.Acknowledged, true);
    const upload = await owner.request("PUT", "/api/supportchat/file", { form: chatAttachment(TWO_MB) });
    assert.equal(upload.status, 201, upload.bytes.toString().slice(0, 200));
    assert.equal(upload.json.Type, "File");
    const download = await owner.get(`/api/supportchat/file?id=${upload.json.FileID}`);
    assert.equal(download.status, 200);
    assert.ok(download.bytes.equals(Buffer.alloc(TWO_MB, 0x5a)), "the 2 MB file comes back byte for byte");
    assert.equal((await owner.get("/api/supportchat/active")).json.Messages.length, before + 2);
  });

  test("supportchat/file at 2 MB + 1 byte is refused (413) and stores nothing", async () => {
    const before = (await owner.get("/api/supportchat/active")).json.Messages.length;
    const tooBig = await owner.request("PUT", "/api/supportchat/file", { form: chatAttachment(TWO_MB + 1) });
    assert.equal(tooBig.status, 413);
    assert.deepEqual(Object.keys(tooBig.json).sort(), ["ErrorCode", "Message"]);
    assert.equal(tooBig.json.Message, "File is too big ; max size is 2 MB");
    assert.equal((await owner.get("/api/supportchat/active")).json.Messages.length, before);
  });

  test("POST SupportSessions/SaveRating rates an archived session (204)", async () => {
    const sessions = (await owner.get("/api/SupportSessions")).json as {
      RecId: number;
      Status: string;
      Rating: number | null;
    }[];
    const unrated = sessions.find((s) => s.Status === "Archived" && s.Rating === null);
    assert.ok(unrated, "the seed holds an unrated archived session");
    const rated = await owner.post("/api/SupportSessions/SaveRating", {
      Feedback: "Quick and helpful",
      Rating: 5,
      SupportSessionRecId: unrated.RecId,
    });
    assert.equal(rated.status, 204);
  });

  test("admin scripts /ws/Client/Admin/Constants and Config: scripts for staff, 403 for members", async () => {
    const staff = await signedIn(stack.gateway.url, "staffAuditor");
    for (const name of ["Constants", "Config"]) {
      // A <script> element asks for anything (`Accept: */*`); JSON is what the upstream sends on request.
      const script = await staff.get(`/webservices/Client/Admin/${name}`, { headers: { accept: "*/*" } });
      assert.equal(script.status, 200, name);
      assert.match(script.headers.get("content-type") ?? "", /^text\/javascript/);
      assert.match(script.bytes.toString("utf8"), /^window\.TesseraAdmin/);
      const member = await owner.get(`/webservices/Client/Admin/${name}`);
      assert.equal(member.status, 403, name);
      assert.equal(typeof member.json.ErrorCode, "number");
    }
  });
});
