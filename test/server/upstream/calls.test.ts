/**
 * The §7 calls over real HTTP, with exactly the fields the spec names: LoggedInConfig, Ping,
 * /User/Interface, WidgetThemes, Script/ServerSide, notifications, the debug language calls, the
 * admin scripts and the login announcement.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { NOTIFICATION_CODES } from "../../../schemas/payloads/notification-record.ts";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import { type Client, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;

before(async () => {
  upstream = await startUpstream({ debug: true });
  owner = await signIn(upstream, "owner");
});
after(async () => upstream.close());

const USER_FIELDS = [
  "FullName",
  "Email",
  "UserUID",
  "RecId",
  "AccountRecId",
  "Domain",
  "DomainType",
  "LanguageCode",
  "ImpersonatorLanguageCode",
  "Impersonating",
  "IsAdmin",
  "RolePermissions",
  "AdminPermissions",
  "ShowHelpLinks",
  "MustSetup2FA",
  "AccountLogoUID",
  "AccountName",
  "AccountIsWhiteLabel",
  "AccountMenuLogoIsSet",
  "AccountMenuLogoStyle",
  "AccountMenuDisplayTitleType",
  "AccountMenuTitle",
  // Beyond §3: the account's shell colours (DESIGN.md: white-label accounts have their own colours).
  "AccountBrandPrimaryColor",
  "AccountBrandAccentColor",
  "AccountTwoFactorAuthenticationPolicy",
  "AuthenticationProtocol",
  "InterfacePreferences",
  "HomePageType",
  "HomePageRedirectionMenu",
];
const SESSION_FLAGS = [
  "SupportChat",
  "TablesAndView",
  "Connection",
  "DataLoader",
  "DataFlow",
  "DataHook",
  "DataScript",
  "DataStream",
  "DocumentsAndMedia",
  "Dashboard",
  "Report",
  "LiveDocs",
  "Insight",
  "Binder",
  "Addons",
  "Schedules",
  "AutomationAlert",
];
const CONFIG_NAMES = [
  "FeaturesDashboard",
  "FeaturesBinder",
  "FeaturesTablesAndView",
  "FeaturesDataHook",
  "FeaturesDataStream",
  "FeaturesConnection",
  "FeaturesDataFlow",
  "FeaturesDataLoader",
  "FeaturesDataScript",
  "FeaturesInsight",
  "FeaturesLiveDoc",
  "FeaturesReport",
  "FeaturesAutomationAlert",
  "FeaturesSchedule",
  "FeaturesAddon",
  "FeaturesIntegrationAPI",
  "FeaturesDocumentsAndMedia",
];

test("LoggedInConfig: every User field of §3, the flags under both names, ShowLoginAnnouncement", async () => {
  const reply = await owner.get("/api/Common/LoggedInConfig");
  assert.equal(reply.status, 200);
  assert.deepEqual(Object.keys(reply.body.User).sort(), [...USER_FIELDS, ...SESSION_FLAGS].sort());
  assert.deepEqual(
    Object.keys(reply.body).sort(),
    ["User", "ShowLoginAnnouncement", "DesktopVersion", ...CONFIG_NAMES].sort(),
  );
  const user = reply.body.User;
  assert.equal(user.FullName, "Olivia Owner");
  assert.equal(user.Domain, "northwind");
  assert.equal(user.AccountName, "Northwind Analytics");
  assert.equal(user.RolePermissions.length, 33);
  assert.equal(user.AccountMenuLogoIsSet, true);
  assert.equal(user.AuthenticationProtocol, "Password");
  assert.deepEqual(user.InterfacePreferences, {
    theme: "light",
    themeStyle: "rounded",
    contrast: false,
    welcomeSeen: false,
    recentColors: [],
  });
  for (const flag of SESSION_FLAGS) assert.equal(user[flag], "Included", flag);
  for (const name of CONFIG_NAMES) assert.equal(reply.body[name], "Included", name);
  assert.equal(reply.body.ShowLoginAnnouncement, true);
});

test("LoggedInConfig: a subscription lacking features says Optional under both names", async () => {
  const body = (await (await signIn(upstream, "starter")).get("/api/Common/LoggedInConfig")).body;
  assert.equal(body.User.Insight, "Optional");
  assert.equal(body.FeaturesInsight, "Optional");
  assert.equal(body.User.LiveDocs, "Optional");
  assert.equal(body.FeaturesLiveDoc, "Optional");
  assert.equal(body.User.SupportChat, "Optional");
  assert.equal(body.User.Dashboard, "Included");
  assert.equal(body.FeaturesDashboard, "Included");
});

test("LoggedInConfig: white-label shell settings, home page preference and staff AdminPermissions", async () => {
  const contoso = (await (await signIn(upstream, "contoso")).get("/api/Common/LoggedInConfig")).body.User;
  assert.equal(contoso.AccountIsWhiteLabel, true);
  assert.equal(contoso.AccountMenuDisplayTitleType, "Custom");
  assert.equal(contoso.AccountMenuTitle, "Contoso Insights");
  assert.equal(contoso.AccountMenuLogoStyle, "Wide");
  assert.equal(contoso.ShowHelpLinks, false);
  assert.equal(contoso.DomainType, "CustomDomain");

  const viewer = (await (await signIn(upstream, "viewer")).get("/api/Common/LoggedInConfig")).body.User;
  assert.equal(viewer.HomePageType, "GoToMenu");
  assert.equal(viewer.HomePageRedirectionMenu, "Dashboards");
  assert.deepEqual(viewer.RolePermissions, ["Dashboards_r", "UserProfileAndPreferences_r"]);
  assert.equal(viewer.IsAdmin, false);

  const auditor = (await (await signIn(upstream, "staffAuditor")).get("/api/Common/LoggedInConfig")).body
    .User;
  assert.equal(auditor.IsAdmin, true);
  assert.equal(auditor.AdminPermissions.length, 42);
  assert.deepEqual(auditor.AdminPermissions[0], { Key: "Accounts", Value: { Read: true, Write: false } });
  const agent = (await (await signIn(upstream, "supportAgent")).get("/api/Common/LoggedInConfig")).body.User;
  assert.deepEqual(agent.AdminPermissions, [
    { Key: "Support", Value: { Read: true, Write: true } },
    { Key: "SupportSessions", Value: { Read: true, Write: true } },
  ]);
});

test("PUT /User/Interface stores preferences (object or JSON text); bad values get 400 and change nothing", async () => {
  const client = await signIn(upstream, "analyst");
  const saved = await client.put("/api/User/Interface", {
    InterfacePreferences: {
      theme: "dark",
      themeStyle: "square",
      contrast: true,
      recentColors: ["#112233", "#a1b2c3"],
    },
  });
  assert.equal(saved.status, 200);
  const asText = await client.put("/api/User/Interface", {
    InterfacePreferences: JSON.stringify({ theme: "sync", recentColors: ["#aabbcc"] }),
  });
  assert.equal(asText.status, 200);
  const expected = {
    theme: "sync",
    themeStyle: "rounded",
    contrast: false,
    welcomeSeen: false,
    recentColors: ["#aabbcc"],
  };
  assert.deepEqual(asText.body.InterfacePreferences, expected);
  const bad = [
    { theme: "purple" },
    { recentColors: Array.from({ length: 9 }, () => "#000000") },
    { recentColors: ["url(javascript:alert(1))"] },
    { theme: "dark", fontSize: 14 },
    "{not json",
    JSON.stringify({ theme: "neon" }),
  ];
  for (const preferences of bad) {
    const reply = await client.put("/api/User/Interface", { InterfacePreferences: preferences });
    assert.equal(reply.status, 400, JSON.stringify(preferences));
    assert.equal(reply.body.ErrorCode, ErrorCode.InvalidRequest);
  }
  const config = await client.get("/api/Common/LoggedInConfig");
  assert.deepEqual(config.body.User.InterfacePreferences, expected);
});

test("WidgetThemes: Key/Value list with Dashboard JSON and widgets; an account sees its own themes only", async () => {
  const northwind = (await owner.get("/api/Common/WidgetThemes")).body as {
    Key: string;
    Value: { Dashboard: string; Widgets: { Type: string; SerializedProperties: string }[] };
  }[];
  assert.deepEqual(
    northwind.map((theme) => theme.Key),
    ["Classic", "Midnight"],
  );
  const classic = northwind[0];
  assert.ok(classic);
  assert.equal(typeof JSON.parse(classic.Value.Dashboard), "object");
  assert.deepEqual(
    classic.Value.Widgets.map((w) => w.Type),
    // One entry per widget kind of manifests/widgets.json.
    [
      "kpi",
      "line",
      "area",
      "bar",
      "pie",
      "donut",
      "scatter",
      "table",
      "pivot",
      "text",
      "image",
      "dateRange",
      "select",
      "multiSelect",
    ],
  );
  assert.equal(typeof JSON.parse(classic.Value.Widgets[0]?.SerializedProperties ?? ""), "object");
  const contoso = (await (await signIn(upstream, "contoso")).get("/api/Common/WidgetThemes")).body as {
    Key: string;
  }[];
  assert.deepEqual(
    contoso.map((theme) => theme.Key),
    ["Classic", "Midnight", "Contoso Blue"],
  );
});

test("Script/ServerSide lists the server-side script functions", async () => {
  const reply = await owner.get("/api/Script/ServerSide");
  assert.equal(reply.status, 200);
  const names = (reply.body as { Name: string; Syntax: string }[]).map((f) => f.Name);
  assert.ok(names.includes("Coalesce") && names.includes("DateDiff"));
  assert.ok((reply.body as { Syntax: string }[]).every((f) => f.Syntax.includes("(")));
});

test("Notifications: every §4.3 code, newest first; PUT marks read; DELETE clears", async () => {
  const client = await signIn(upstream, "owner");
  const list = (await client.get("/api/Notifications/")).body as {
    RecId: number;
    Code: string;
    Date: string;
    IsNew: boolean;
  }[];
  assert.deepEqual(new Set(list.map((n) => n.Code)), new Set(NOTIFICATION_CODES));
  const dates = list.map((n) => n.Date);
  assert.deepEqual(dates, [...dates].sort().reverse());
  const exportDone = list.find((n) => n.Code === "ExportSucceeded" && "FileUID" in n) as unknown as {
    FileUID: string;
    ExportName: string;
  };
  assert.match(exportDone.FileUID, /^[0-9a-f-]{36}$/);
  const fresh = list.filter((n) => n.IsNew).map((n) => n.RecId);
  assert.ok(fresh.length > 0 && fresh.length < list.length);
  assert.equal((await client.put("/api/Notifications/", { NotificationRecIds: fresh })).status, 204);
  const after = (await client.get("/api/Notifications")).body as { IsNew: boolean }[];
  assert.ok(after.every((n) => !n.IsNew));
  assert.equal((await client.put("/api/Notifications/", { NotificationRecIds: [] })).status, 400);
  assert.equal((await client.put("/api/Notifications/", { NotificationRecIds: ["1"] })).status, 400);
  const cleared = await client.request("DELETE", "/api/Notifications/", undefined, {
    "content-type": "application/json",
  });
  assert.equal(cleared.status, 204);
  assert.deepEqual((await client.get("/api/Notifications/")).body, []);
});

test("v2/User/Ping answers the expiry times", async () => {
  const reply = await owner.get("/api/v2/User/Ping");
  assert.equal(reply.status, 200);
  assert.deepEqual(Object.keys(reply.body).sort(), [
    "AbsoluteExpiresAt",
    "DisconnectionWarningAt",
    "ExpiresAt",
  ]);
});

test("debug language calls: Common/Language lists the seven languages; ChangeLanguage sets the user's", async () => {
  const client = await signIn(upstream, "analyst");
  const languages = await client.get("/api/Common/Language");
  assert.equal(languages.status, 200);
  assert.deepEqual(
    languages.body.Languages.map((l: { Value: string }) => l.Value),
    ["en", "de", "es", "fr", "nl", "pt", "it"],
  );
  assert.deepEqual(languages.body.Current, { Code: "de", Name: "Deutsch" });
  const changed = await client.post("/api/MySettings/ChangeLanguage", { Language: "fr" });
  assert.deepEqual(changed.body, { Code: "fr", Name: "Français" });
  assert.equal(
    (await client.post("/api/MySettings/ChangeLanguage", { Language: { Code: "it", Name: "Italiano" } }))
      .status,
    200,
  );
  assert.equal((await client.get("/api/Common/LoggedInConfig")).body.User.LanguageCode, "it");
  const unknown = await client.post("/api/MySettings/ChangeLanguage", { Language: "xx" });
  assert.equal(unknown.status, 400);
});

test("login announcement: shown until marked seen", async () => {
  const client = await signIn(upstream, "viewer");
  const announcement = await client.get("/api/Common/LoginAnnouncement");
  assert.equal(announcement.status, 200);
  assert.ok(announcement.body.Title.length > 0);
  assert.equal((await client.post("/api/Common/LoginAnnouncement/999/Seen")).status, 404);
  assert.equal(
    (await client.post(`/api/Common/LoginAnnouncement/${announcement.body.RecId}/Seen`)).status,
    204,
  );
  assert.equal((await client.get("/api/Common/LoggedInConfig")).body.ShowLoginAnnouncement, false);
});

test("admin scripts: Constants and Config load as scripts for staff, as JSON on request", async () => {
  const staff = await signIn(upstream, "staffAuditor");
  const script = await staff.get("/ws/Client/Admin/Constants");
  assert.equal(script.status, 200);
  assert.match(script.headers.get("content-type") ?? "", /^text\/javascript/);
  assert.match(script.body.toString(), /^window\.TesseraAdminConstants = Object\.freeze\(\{/);
  const json = await staff.get("/ws/Client/Admin/Constants", { accept: "application/json" });
  assert.equal(json.body.AdminModules.length, 42);
  assert.equal(json.body.Limits.ChatAttachmentMaxBytes, 2 * 1024 * 1024);
  const config = await staff.get("/ws/Client/Admin/Config", { accept: "application/json" });
  assert.equal(config.body.SignupAllowed, true);
  assert.equal(config.body.Debug, true);
  assert.equal(config.body.SessionIdleTimeoutSeconds, 1800);
});
