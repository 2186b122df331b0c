/**
 * The upstream payload schemas (schemas/payloads/, SPEC §3, §7, §8) through their precompiled
 * validators: each realistic fixture passes, and realistic mistakes fail for the expected reason.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import type { ErrorObject } from "ajv";
import { validatorsById } from "../../schemas/generated/validators-by-id.js";
import type { ClientPreferences } from "../../schemas/payloads/client-preferences.ts";
import * as clientPreferencesModule from "../../schemas/payloads/client-preferences.ts";
import * as commentModule from "../../schemas/payloads/comment.ts";
import * as errorModule from "../../schemas/payloads/error.ts";
import type { Folder } from "../../schemas/payloads/folder.ts";
import * as folderModule from "../../schemas/payloads/folder.ts";
import * as languageModule from "../../schemas/payloads/language.ts";
import * as notificationModule from "../../schemas/payloads/notification-record.ts";
import * as selectOptionModule from "../../schemas/payloads/select-option.ts";
import * as smartViewModule from "../../schemas/payloads/smart-view.ts";
import type { SupportChatMessage } from "../../schemas/payloads/support-chat.ts";
import * as supportChatModule from "../../schemas/payloads/support-chat.ts";
import * as userSessionModule from "../../schemas/payloads/user-session.ts";
import * as widgetThemeModule from "../../schemas/payloads/widget-theme.ts";

/** Test data that is deliberately reshaped into invalid forms, so it cannot carry a precise type. */
// biome-ignore lint/suspicious/noExplicitAny: malformed payloads are the point of these tests
type Malleable = any;

const PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

function fixture(name: string): Malleable {
  return JSON.parse(readFileSync(new URL(`../fixtures/payloads/${name}.json`, import.meta.url), "utf8"));
}

/** A deep copy of `base` changed by `change`; the fixture itself stays intact. */
function changed(base: unknown, change: (draft: Malleable) => void): Malleable {
  const draft = structuredClone(base);
  change(draft);
  return draft;
}

function validatorFor(id: string) {
  const validate = validatorsById[id];
  assert.ok(validate, `no generated validator for "${id}": run node --import tsx scripts/generate.ts`);
  return validate;
}

function assertValid(id: string, data: unknown): void {
  const validate = validatorFor(id);
  const valid = validate(data);
  assert.equal(valid, true, `${id} rejected valid data: ${JSON.stringify(validate.errors, null, 2)}`);
}

/** Asserts that `data` fails and that one of the errors is the expected one (where and which keyword). */
function assertInvalid(id: string, data: unknown, expected: { at: string; keyword: string }): void {
  const validate = validatorFor(id);
  assert.equal(
    validate(data),
    false,
    `${id} accepted invalid data (expected ${expected.keyword} at ${expected.at})`,
  );
  const errors: ErrorObject[] = validate.errors ?? [];
  assert.ok(
    errors.some((error) => error.instancePath === expected.at && error.keyword === expected.keyword),
    `expected ${expected.keyword} at "${expected.at}", got ${JSON.stringify(
      errors.map((error) => `${error.keyword} at "${error.instancePath}"`),
    )}`,
  );
}

const payloadModules = [
  clientPreferencesModule,
  commentModule,
  errorModule,
  folderModule,
  languageModule,
  notificationModule,
  selectOptionModule,
  smartViewModule,
  supportChatModule,
  userSessionModule,
  widgetThemeModule,
];

/** Every schema with an `$id` exported by schemas/payloads/. */
const payloadSchemas = payloadModules.flatMap((module) =>
  Object.values(module).filter(
    (value): value is { $id: string } => typeof value === "object" && value !== null && "$id" in value,
  ),
);
const payloadSchemaIds = payloadSchemas.map((schema) => schema.$id);

test("every payload schema with an $id has a generated validator", () => {
  assert.deepEqual([...payloadSchemaIds].sort(), [
    "apiError",
    "clientPreferences",
    "comment",
    "folder",
    "interfacePreferencesUpdate",
    "language",
    "languageListEntry",
    "loggedInConfig",
    "notificationList",
    "notificationRecord",
    "notificationsMarkRead",
    "rating",
    "selectOption",
    "smartViewParametersRequest",
    "supportChatActiveState",
    "supportChatMessage",
    "supportChatSendMessage",
    "userSession",
    "widgetTheme",
    "widgetThemes",
  ]);
  for (const id of payloadSchemaIds) validatorFor(id);
});

test("every object is closed and every property is described", () => {
  const problems: string[] = [];
  let propertiesSeen = 0;
  const visit = (node: unknown, path: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => {
        visit(item, `${path}/${index}`);
      });
      return;
    }
    if (typeof node !== "object" || node === null) return;
    const schema = node as Record<string, unknown>;
    if (schema.type === "object" && schema.additionalProperties !== false) {
      problems.push(`${path}: object without additionalProperties: false`);
    }
    const properties = schema.properties as Record<string, Record<string, unknown>> | undefined;
    for (const [name, property] of Object.entries(properties ?? {})) {
      propertiesSeen += 1;
      if (typeof property.description !== "string" || property.description.trim() === "") {
        problems.push(`${path}/properties/${name}: no description`);
      }
    }
    for (const [key, child] of Object.entries(schema)) visit(child, `${path}/${key}`);
  };
  for (const schema of payloadSchemas) visit(schema, schema.$id);
  assert.ok(propertiesSeen > 200, `only ${propertiesSeen} properties walked`);
  assert.deepEqual(problems, []);
});

describe("userSession (§3 User)", () => {
  const impersonatingAdmin = fixture("user-session");
  const member = fixture("logged-in-config").User;

  test("an impersonating admin whose InterfacePreferences arrive as a JSON string is accepted", () => {
    assert.equal(typeof impersonatingAdmin.InterfacePreferences, "string");
    assertValid("userSession", impersonatingAdmin);
    // The string is parsed on login (§3); what it holds is itself valid client preferences.
    assertValid("clientPreferences", JSON.parse(impersonatingAdmin.InterfacePreferences));
  });

  test("a member with InterfacePreferences as an object, or none stored, is accepted", () => {
    assertValid("userSession", member);
    assertValid(
      "userSession",
      changed(member, (user) => {
        user.InterfacePreferences = null;
      }),
    );
  });

  test("InterfacePreferences that are neither preferences, a JSON object string nor null are rejected", () => {
    assertInvalid(
      "userSession",
      changed(member, (user) => {
        user.InterfacePreferences = "dark";
      }),
      { at: "/InterfacePreferences", keyword: "anyOf" },
    );
    assertInvalid(
      "userSession",
      changed(member, (user) => {
        user.InterfacePreferences = { theme: "dark", fontSize: 14 };
      }),
      { at: "/InterfacePreferences", keyword: "anyOf" },
    );
    assertInvalid(
      "userSession",
      changed(member, (user) => {
        user.InterfacePreferences = ["dark"];
      }),
      { at: "/InterfacePreferences", keyword: "anyOf" },
    );
  });

  test("wrong types are rejected", () => {
    assertInvalid(
      "userSession",
      changed(member, (user) => {
        user.RecId = "1842";
      }),
      { at: "/RecId", keyword: "type" },
    );
    assertInvalid(
      "userSession",
      changed(member, (user) => {
        user.IsAdmin = "false";
      }),
      { at: "/IsAdmin", keyword: "type" },
    );
    assertInvalid(
      "userSession",
      changed(member, (user) => {
        user.RolePermissions = "Dashboards_rw;Binders_r";
      }),
      { at: "/RolePermissions", keyword: "type" },
    );
  });

  test("record ids must be positive and exactly representable in the browser", () => {
    assertInvalid(
      "userSession",
      changed(member, (user) => {
        user.AccountRecId = 0;
      }),
      { at: "/AccountRecId", keyword: "minimum" },
    );
    assertInvalid(
      "userSession",
      changed(member, (user) => {
        user.RecId = 2 ** 53;
      }),
      { at: "/RecId", keyword: "maximum" },
    );
  });

  test("an unknown field is rejected", () => {
    assertInvalid(
      "userSession",
      changed(member, (user) => {
        user.PasswordHash = "x";
      }),
      { at: "", keyword: "additionalProperties" },
    );
  });

  test("bad enum values are rejected", () => {
    assertInvalid(
      "userSession",
      changed(member, (user) => {
        user.LanguageCode = "en-US";
      }),
      { at: "/LanguageCode", keyword: "enum" },
    );
    assertInvalid(
      "userSession",
      changed(member, (user) => {
        user.Dashboard = "included";
      }),
      { at: "/Dashboard", keyword: "enum" },
    );
    assertInvalid(
      "userSession",
      changed(member, (user) => {
        user.AccountMenuDisplayTitleType = "Logo";
      }),
      { at: "/AccountMenuDisplayTitleType", keyword: "enum" },
    );
  });

  test("every subscription feature flag of §3 must be present", () => {
    for (const flag of ["SupportChat", "TablesAndView", "LiveDocs", "Addons", "AutomationAlert"]) {
      assertInvalid(
        "userSession",
        changed(member, (user) => {
          delete user[flag];
        }),
        { at: "", keyword: "required" },
      );
    }
  });

  test("role permission entries must be Key_r or Key_rw (§3 Permission string)", () => {
    for (const entry of ["Dashboards", "Dashboards_w", "Dashboards_r;Binders_r", "_r"]) {
      assertInvalid(
        "userSession",
        changed(member, (user) => {
          user.RolePermissions = [entry];
        }),
        { at: "/RolePermissions/0", keyword: "pattern" },
      );
    }
  });

  test("admin permissions are Key/Value pairs with both Read and Write flags", () => {
    assertInvalid(
      "userSession",
      changed(impersonatingAdmin, (user) => {
        user.AdminPermissions[1].Value = { Read: true };
      }),
      { at: "/AdminPermissions/1/Value", keyword: "required" },
    );
    assertInvalid(
      "userSession",
      changed(impersonatingAdmin, (user) => {
        user.AdminPermissions = { Accounts: { Read: true, Write: true } };
      }),
      { at: "/AdminPermissions", keyword: "type" },
    );
  });

  test("an impersonation names the impersonator's language (§4.2)", () => {
    assertInvalid(
      "userSession",
      changed(impersonatingAdmin, (user) => {
        user.ImpersonatorLanguageCode = null;
      }),
      { at: "/ImpersonatorLanguageCode", keyword: "type" },
    );
  });

  test("a custom menu title type needs the custom title (§6)", () => {
    assertInvalid(
      "userSession",
      changed(impersonatingAdmin, (user) => {
        user.AccountMenuTitle = null;
      }),
      { at: "/AccountMenuTitle", keyword: "type" },
    );
  });

  test("ids that end up in URLs cannot carry path characters (§7)", () => {
    assertInvalid(
      "userSession",
      changed(member, (user) => {
        user.UserUID = "../../admin";
      }),
      { at: "/UserUID", keyword: "pattern" },
    );
    assertInvalid(
      "userSession",
      changed(member, (user) => {
        user.AccountLogoUID = "logo?ForcePrimary=1";
      }),
      { at: "/AccountLogoUID", keyword: "pattern" },
    );
  });
});

describe("loggedInConfig (GET Common/LoggedInConfig)", () => {
  const config = fixture("logged-in-config");

  test("the full response is accepted", () => {
    assertValid("loggedInConfig", config);
  });

  test("a missing desktop version (null) is accepted, an empty one is not", () => {
    assertValid(
      "loggedInConfig",
      changed(config, (draft) => {
        draft.DesktopVersion = null;
      }),
    );
    assertInvalid(
      "loggedInConfig",
      changed(config, (draft) => {
        draft.DesktopVersion = "";
      }),
      { at: "/DesktopVersion", keyword: "pattern" },
    );
  });

  test("every Features… configuration name of §3 is required, including FeaturesIntegrationAPI", () => {
    assertInvalid(
      "loggedInConfig",
      changed(config, (draft) => {
        delete draft.FeaturesIntegrationAPI;
      }),
      { at: "", keyword: "required" },
    );
  });

  test("bad values, wrong types and unknown names are rejected", () => {
    assertInvalid(
      "loggedInConfig",
      changed(config, (draft) => {
        draft.FeaturesLiveDoc = "Excluded";
      }),
      { at: "/FeaturesLiveDoc", keyword: "enum" },
    );
    assertInvalid(
      "loggedInConfig",
      changed(config, (draft) => {
        draft.DesktopVersion = 7;
      }),
      { at: "/DesktopVersion", keyword: "type" },
    );
    // The support chat has a session flag only; there is no such configuration name (§3).
    assertInvalid(
      "loggedInConfig",
      changed(config, (draft) => {
        draft.FeaturesSupportChat = "Included";
      }),
      { at: "", keyword: "additionalProperties" },
    );
  });

  test("the embedded User is validated as a session", () => {
    assertInvalid(
      "loggedInConfig",
      changed(config, (draft) => {
        draft.User.Theme = "dark";
      }),
      { at: "/User", keyword: "additionalProperties" },
    );
    assertInvalid(
      "loggedInConfig",
      changed(config, (draft) => {
        draft.User = null;
      }),
      { at: "/User", keyword: "type" },
    );
  });
});

describe("clientPreferences and PUT /User/Interface (§3 Client preferences)", () => {
  const preferences = fixture("client-preferences");

  test("preferences with exactly 8 recent colours are accepted", () => {
    assert.equal(preferences.recentColors.length, 8);
    assertValid("clientPreferences", preferences);
  });

  test("no stored preference at all is accepted (defaults apply)", () => {
    assertValid("clientPreferences", {});
  });

  test("9 recent colours are rejected (§9)", () => {
    assertInvalid(
      "clientPreferences",
      changed(preferences, (draft) => {
        draft.recentColors.push("#000000");
      }),
      { at: "/recentColors", keyword: "maxItems" },
    );
  });

  test("colours must be #rrggbb and distinct", () => {
    for (const colour of ["#fff", "red", "#12345g", "1f77b4", "#1f77b4ff"]) {
      assertInvalid(
        "clientPreferences",
        { recentColors: [colour] },
        { at: "/recentColors/0", keyword: "pattern" },
      );
    }
    assertInvalid(
      "clientPreferences",
      { recentColors: ["#1f77b4", "#1f77b4"] },
      { at: "/recentColors", keyword: "uniqueItems" },
    );
  });

  test("only light, dark and sync are stored, and rounded or square styles (§9)", () => {
    assertInvalid("clientPreferences", { theme: "contrast" }, { at: "/theme", keyword: "enum" });
    assertInvalid("clientPreferences", { themeStyle: "circle" }, { at: "/themeStyle", keyword: "enum" });
    assertInvalid(
      "clientPreferences",
      { theme: "dark", language: "de" },
      { at: "", keyword: "additionalProperties" },
    );
  });

  test("the derived type matches the schema", () => {
    const typed = {
      theme: "sync",
      themeStyle: "square",
      recentColors: ["#0b3d91"],
    } satisfies ClientPreferences;
    assertValid("clientPreferences", typed);
    // @ts-expect-error contrast is offered but never stored (§9)
    const contrast: ClientPreferences = { theme: "contrast" };
    assertInvalid("clientPreferences", contrast, { at: "/theme", keyword: "enum" });
  });

  test("the PUT /User/Interface body carries the preferences as an object", () => {
    const update = fixture("interface-preferences-update");
    assertValid("interfacePreferencesUpdate", update);
    assertInvalid(
      "interfacePreferencesUpdate",
      { InterfacePreferences: JSON.stringify(update.InterfacePreferences) },
      { at: "/InterfacePreferences", keyword: "type" },
    );
    assertInvalid(
      "interfacePreferencesUpdate",
      changed(update, (draft) => {
        draft.InterfacePreferences.recentColors = Array.from({ length: 9 }, (_, i) => `#00000${i}`);
      }),
      { at: "/InterfacePreferences/recentColors", keyword: "maxItems" },
    );
    assertInvalid("interfacePreferencesUpdate", {}, { at: "", keyword: "required" });
  });
});

describe("notificationRecord and notificationList (§3 Notification, GET Notifications/)", () => {
  const list = fixture("notification-list");
  const alert = list[0];

  test("the list and each of its records are accepted", () => {
    assertValid("notificationList", list);
    for (const record of list) assertValid("notificationRecord", record);
    assertValid("notificationList", []);
  });

  test("an unknown code still validates, so the runtime can show the unknown-code entry (§4.3)", () => {
    const unknown = list.find((record: Malleable) => record.Code === "SomeCodeAddedLater");
    assert.ok(unknown);
    assertValid("notificationRecord", unknown);
  });

  test("a date without a time zone is rejected", () => {
    assertInvalid(
      "notificationRecord",
      changed(alert, (draft) => {
        draft.Date = "2025-11-20T08:41:12";
      }),
      { at: "/Date", keyword: "format" },
    );
  });

  test("identity, state and code are required", () => {
    for (const field of ["Date", "IsNew", "RecId", "Code"]) {
      assertInvalid(
        "notificationRecord",
        changed(alert, (draft) => {
          delete draft[field];
        }),
        { at: "", keyword: "required" },
      );
    }
  });

  test("wrong types and unknown fields are rejected", () => {
    assertInvalid(
      "notificationRecord",
      changed(alert, (draft) => {
        draft.IsNew = 1;
      }),
      { at: "/IsNew", keyword: "type" },
    );
    assertInvalid(
      "notificationRecord",
      changed(alert, (draft) => {
        draft.ScheduleRecId = "12";
      }),
      { at: "/ScheduleRecId", keyword: "type" },
    );
    assertInvalid(
      "notificationRecord",
      changed(alert, (draft) => {
        draft.Link = "javascript:alert(1)";
      }),
      { at: "", keyword: "additionalProperties" },
    );
    assertInvalid(
      "notificationRecord",
      changed(alert, (draft) => {
        draft.Dashboards[0].DashboardColour = "red";
      }),
      { at: "/Dashboards/0", keyword: "additionalProperties" },
    );
    assertInvalid(
      "notificationRecord",
      changed(alert, (draft) => {
        draft.Code = "Alert Triggered";
      }),
      { at: "/Code", keyword: "pattern" },
    );
  });

  test("thumbnails must be bare base64 PNG data", () => {
    assertInvalid(
      "notificationRecord",
      changed(alert, (draft) => {
        draft.Dashboards[0].DashboardThumbnail = `data:image/png;base64,${PNG_BASE64}`;
      }),
      { at: "/Dashboards/0/DashboardThumbnail", keyword: "pattern" },
    );
    // A JPEG (base64 of FF D8 FF) is not the PNG §3 names.
    assertInvalid(
      "notificationRecord",
      changed(alert, (draft) => {
        draft.DashboardThumbnail = "/9j/4AAQSkZJRgABAQ==";
      }),
      { at: "/DashboardThumbnail", keyword: "pattern" },
    );
    assertInvalid(
      "notificationRecord",
      changed(alert, (draft) => {
        draft.DashboardThumbnail = `${PNG_BASE64.slice(0, -2)}@@`;
      }),
      { at: "/DashboardThumbnail", keyword: "pattern" },
    );
  });

  test("values placed in download URLs cannot carry path characters (§7)", () => {
    assertInvalid(
      "notificationRecord",
      changed(list[1], (draft) => {
        draft.FileUID = "../../secrets";
      }),
      { at: "/FileUID", keyword: "pattern" },
    );
    assertInvalid(
      "notificationRecord",
      changed(list[4], (draft) => {
        draft.InvoiceNumber = "INV/../../admin";
      }),
      { at: "/InvoiceNumber", keyword: "pattern" },
    );
  });

  test("the list must be an array of records", () => {
    assertInvalid("notificationList", { Notifications: list }, { at: "", keyword: "type" });
    assertInvalid("notificationList", [alert, "AlertTriggered"], { at: "/1", keyword: "type" });
  });

  test("the PUT Notifications/ body lists distinct record ids", () => {
    assertValid("notificationsMarkRead", fixture("notifications-mark-read"));
    assertInvalid(
      "notificationsMarkRead",
      { NotificationRecIds: [] },
      { at: "/NotificationRecIds", keyword: "minItems" },
    );
    assertInvalid(
      "notificationsMarkRead",
      { NotificationRecIds: [55120, 55120] },
      { at: "/NotificationRecIds", keyword: "uniqueItems" },
    );
    assertInvalid(
      "notificationsMarkRead",
      { NotificationRecIds: ["55120"] },
      { at: "/NotificationRecIds/0", keyword: "type" },
    );
  });
});

describe("comment (§3 Comment)", () => {
  const comment = fixture("comment");

  test("a comment with an image and attachments (file, preview or both) is accepted", () => {
    assertValid("comment", comment);
    assertValid(
      "comment",
      changed(comment, (draft) => {
        delete draft.imageUrl;
        draft.attachments = [];
        draft.internal = true;
      }),
    );
  });

  test("an attachment with neither file nor preview is rejected", () => {
    assertInvalid(
      "comment",
      changed(comment, (draft) => {
        draft.attachments[0] = { FileName: "export-log.txt" };
      }),
      { at: "/attachments/0", keyword: "anyOf" },
    );
  });

  test("links are https or same-origin, never script, protocol-relative or other data URLs", () => {
    for (const link of [
      "javascript:alert(1)",
      "//evil.example/file",
      "http://files.example.com/a.txt",
      "file.txt",
    ]) {
      assertInvalid(
        "comment",
        changed(comment, (draft) => {
          draft.attachments[0].file = link;
        }),
        { at: "/attachments/0/file", keyword: "pattern" },
      );
    }
    assertInvalid(
      "comment",
      changed(comment, (draft) => {
        draft.imageUrl = "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=";
      }),
      { at: "/imageUrl", keyword: "pattern" },
    );
  });

  test("missing, mistyped and unknown fields are rejected", () => {
    assertInvalid(
      "comment",
      changed(comment, (draft) => {
        delete draft.internal;
      }),
      { at: "", keyword: "required" },
    );
    assertInvalid(
      "comment",
      changed(comment, (draft) => {
        draft.date = "yesterday";
      }),
      { at: "/date", keyword: "format" },
    );
    assertInvalid(
      "comment",
      changed(comment, (draft) => {
        draft.author = "Lena Vogel";
      }),
      { at: "", keyword: "additionalProperties" },
    );
  });
});

describe("support chat (§3, §4.4, §7)", () => {
  const activeState = fixture("support-chat-active-state");
  const [disclaimer, textMessage, , fileMessage] = activeState.Messages;

  test("the active state and every message in it are accepted", () => {
    assertValid("supportChatActiveState", activeState);
    for (const message of activeState.Messages) assertValid("supportChatMessage", message);
    assertValid("supportChatActiveState", { IsActive: false, Messages: [] });
  });

  test("every Type of §3 is accepted and nothing else", () => {
    for (const type of supportChatModule.supportChatMessageTypes) {
      const message: SupportChatMessage = {
        ...disclaimer,
        Type: type,
        Text: "x",
        FileID: "f1",
        FileName: "a.png",
      };
      assertValid("supportChatMessage", message);
    }
    for (const type of ["Typing", "message", "FILE", ""]) {
      assertInvalid(
        "supportChatMessage",
        changed(textMessage, (draft) => {
          draft.Type = type;
        }),
        { at: "/Type", keyword: "enum" },
      );
    }
  });

  test("a File message names its file, a text message carries text", () => {
    assertInvalid(
      "supportChatMessage",
      changed(fileMessage, (draft) => {
        draft.FileID = null;
      }),
      { at: "/FileID", keyword: "type" },
    );
    assertInvalid(
      "supportChatMessage",
      changed(fileMessage, (draft) => {
        delete draft.FileName;
      }),
      { at: "", keyword: "required" },
    );
    assertInvalid(
      "supportChatMessage",
      changed(textMessage, (draft) => {
        draft.Type = "MessageEdited";
        draft.Text = null;
      }),
      { at: "/Text", keyword: "type" },
    );
  });

  test("wrong types, unsafe file ids and unknown fields are rejected", () => {
    assertInvalid(
      "supportChatMessage",
      changed(textMessage, (draft) => {
        draft.Acknowledged = "true";
      }),
      { at: "/Acknowledged", keyword: "type" },
    );
    assertInvalid(
      "supportChatMessage",
      changed(fileMessage, (draft) => {
        draft.FileID = "1&id=2";
      }),
      { at: "/FileID", keyword: "pattern" },
    );
    assertInvalid(
      "supportChatMessage",
      changed(textMessage, (draft) => {
        draft.Html = "<b>hi</b>";
      }),
      { at: "", keyword: "additionalProperties" },
    );
    assertInvalid(
      "supportChatActiveState",
      changed(activeState, (draft) => {
        draft.Messages[1].Type = "Chat";
      }),
      { at: "/Messages/1/Type", keyword: "enum" },
    );
    assertInvalid(
      "supportChatActiveState",
      { IsActive: "yes", Messages: [] },
      { at: "/IsActive", keyword: "type" },
    );
    assertInvalid("supportChatActiveState", { IsActive: true }, { at: "", keyword: "required" });
  });

  test("the send-message body: Page, non-blank Text and a UID for idempotent resend", () => {
    const send = fixture("support-chat-send-message");
    assertValid("supportChatSendMessage", send);
    for (const blank of ["", "   ", "\n\t "]) {
      assertInvalid(
        "supportChatSendMessage",
        changed(send, (draft) => {
          draft.Text = blank;
        }),
        { at: "/Text", keyword: "pattern" },
      );
    }
    assertInvalid(
      "supportChatSendMessage",
      changed(send, (draft) => {
        draft.Text = "a".repeat(supportChatModule.SUPPORT_CHAT_MAX_TEXT_LENGTH + 1);
      }),
      { at: "/Text", keyword: "maxLength" },
    );
    assertInvalid(
      "supportChatSendMessage",
      changed(send, (draft) => {
        delete draft.UID;
      }),
      { at: "", keyword: "required" },
    );
    assertInvalid(
      "supportChatSendMessage",
      changed(send, (draft) => {
        draft.Page = "https://evil.example/phish";
      }),
      { at: "/Page", keyword: "pattern" },
    );
  });

  test("the rating body: a score from 1 to 5 for a support session", () => {
    const rating = fixture("rating");
    assertValid("rating", rating);
    assertValid(
      "rating",
      changed(rating, (draft) => {
        draft.Feedback = "";
      }),
    );
    for (const score of [0, 6]) {
      assertInvalid(
        "rating",
        changed(rating, (draft) => {
          draft.Rating = score;
        }),
        { at: "/Rating", keyword: score === 0 ? "minimum" : "maximum" },
      );
    }
    assertInvalid(
      "rating",
      changed(rating, (draft) => {
        draft.Rating = 4.5;
      }),
      { at: "/Rating", keyword: "type" },
    );
    assertInvalid(
      "rating",
      changed(rating, (draft) => {
        delete draft.SupportSessionRecId;
      }),
      { at: "", keyword: "required" },
    );
  });
});

describe("language and languageListEntry (§3 Language)", () => {
  test("a language and a list entry are accepted", () => {
    assertValid("language", fixture("language"));
    assertValid("languageListEntry", fixture("language-list-entry"));
  });

  test("only the seven UI languages are accepted (§9)", () => {
    assertInvalid("language", { Code: "en-GB", Name: "English" }, { at: "/Code", keyword: "enum" });
    assertInvalid("languageListEntry", { Label: "Svenska", Value: "sv" }, { at: "/Value", keyword: "enum" });
  });

  test("missing and unknown fields are rejected", () => {
    assertInvalid("language", { Code: "de" }, { at: "", keyword: "required" });
    assertInvalid(
      "languageListEntry",
      { label: "Deutsch", value: "de" },
      { at: "", keyword: "additionalProperties" },
    );
  });
});

describe("selectOption (§3 Select option)", () => {
  const options = fixture("select-options");

  test("choices, headers, separators, indented, disabled and removable options are accepted", () => {
    for (const option of options) assertValid("selectOption", option);
  });

  test("a choosable option needs a value and a label; a header needs a label", () => {
    assertInvalid("selectOption", { label: "Sales overview" }, { at: "", keyword: "required" });
    assertInvalid("selectOption", { value: "2201" }, { at: "", keyword: "required" });
    assertInvalid("selectOption", { header: true }, { at: "", keyword: "required" });
  });

  test("values are scalars and fields have their types", () => {
    assertInvalid("selectOption", { label: "A", value: { id: 1 } }, { at: "/value", keyword: "anyOf" });
    assertInvalid(
      "selectOption",
      { label: "A", value: "a", indent: -1 },
      { at: "/indent", keyword: "minimum" },
    );
    assertInvalid(
      "selectOption",
      { label: "A", value: "a", disabled: "yes" },
      { at: "/disabled", keyword: "type" },
    );
    assertInvalid(
      "selectOption",
      { label: "A", value: "a", selected: true },
      { at: "", keyword: "additionalProperties" },
    );
  });
});

describe("folder (§3 Folder)", () => {
  const folder = fixture("folder");

  test("a root with nested sub-folders is accepted", () => {
    assertValid("folder", folder);
  });

  test("the hand-written recursive type describes what the schema accepts", () => {
    const typed: Folder = {
      recId: 7,
      recParentId: null,
      name: "Team",
      type: "Team",
      children: [{ recId: 8, recParentId: 7, name: "Finance", type: "Team", children: [] }],
    };
    assertValid("folder", typed);
  });

  test("sub-folders are validated at every depth", () => {
    assertInvalid(
      "folder",
      changed(folder, (draft) => {
        draft.children[0].children[1].owner = "Maria";
      }),
      { at: "/children/0/children/1", keyword: "additionalProperties" },
    );
    assertInvalid(
      "folder",
      changed(folder, (draft) => {
        draft.children[0].children[0].type = "Folder";
      }),
      { at: "/children/0/children/0/type", keyword: "enum" },
    );
    assertInvalid(
      "folder",
      changed(folder, (draft) => {
        delete draft.children[1].name;
      }),
      { at: "/children/1", keyword: "required" },
    );
  });

  test("wrong types are rejected", () => {
    assertInvalid(
      "folder",
      changed(folder, (draft) => {
        draft.children = { 101: draft.children[0] };
      }),
      { at: "/children", keyword: "type" },
    );
    assertInvalid(
      "folder",
      changed(folder, (draft) => {
        draft.recId = "100";
      }),
      { at: "/recId", keyword: "type" },
    );
    assertInvalid(
      "folder",
      changed(folder, (draft) => {
        draft.name = "";
      }),
      { at: "/name", keyword: "minLength" },
    );
  });
});

describe("widgetTheme and widgetThemes (§3 Widget theme, GET Common/WidgetThemes)", () => {
  const themes = fixture("widget-themes");

  test("the list and each theme are accepted", () => {
    assertValid("widgetThemes", themes);
    for (const theme of themes) assertValid("widgetTheme", theme);
  });

  test("dashboard and widget settings are JSON object strings", () => {
    assertInvalid(
      "widgetTheme",
      changed(themes[0], (draft) => {
        draft.Value.Widgets[0].SerializedProperties = { striped: true };
      }),
      { at: "/Value/Widgets/0/SerializedProperties", keyword: "type" },
    );
    assertInvalid(
      "widgetTheme",
      changed(themes[0], (draft) => {
        draft.Value.Dashboard = "background: white";
      }),
      { at: "/Value/Dashboard", keyword: "pattern" },
    );
  });

  test("missing and unknown fields are rejected, and the response is an array", () => {
    assertInvalid(
      "widgetTheme",
      changed(themes[1], (draft) => {
        delete draft.Value.Widgets;
      }),
      { at: "/Value", keyword: "required" },
    );
    assertInvalid(
      "widgetThemes",
      changed(themes, (draft) => {
        draft[1].Name = "Midnight";
      }),
      { at: "/1", keyword: "additionalProperties" },
    );
    assertInvalid("widgetThemes", { Default: themes[0].Value }, { at: "", keyword: "type" });
  });
});

describe("smartViewParametersRequest (§3, POST …/SmartView/ParametersData)", () => {
  const request = fixture("smart-view-parameters-request");

  test("a request is accepted", () => {
    assertValid("smartViewParametersRequest", request);
  });

  test("data is a JSON string, not an object", () => {
    assertInvalid(
      "smartViewParametersRequest",
      changed(request, (draft) => {
        draft.data = JSON.parse(draft.data);
      }),
      { at: "/data", keyword: "type" },
    );
    assertInvalid(
      "smartViewParametersRequest",
      changed(request, (draft) => {
        draft.data = "startDate=2025-01-01";
      }),
      { at: "/data", keyword: "pattern" },
    );
  });

  test("the smart view model has a Name and a nested Version.Version", () => {
    assertInvalid(
      "smartViewParametersRequest",
      changed(request, (draft) => {
        draft.SmartViewModel.Version = 3;
      }),
      { at: "/SmartViewModel/Version", keyword: "type" },
    );
    assertInvalid(
      "smartViewParametersRequest",
      changed(request, (draft) => {
        draft.SmartViewModel.Version.Version = "3";
      }),
      { at: "/SmartViewModel/Version/Version", keyword: "type" },
    );
    assertInvalid(
      "smartViewParametersRequest",
      changed(request, (draft) => {
        delete draft.SmartViewModel.Name;
      }),
      { at: "/SmartViewModel", keyword: "required" },
    );
    assertInvalid(
      "smartViewParametersRequest",
      changed(request, (draft) => {
        draft.SmartViewModel.ConnectionRecId = 5;
      }),
      { at: "/SmartViewModel", keyword: "additionalProperties" },
    );
  });
});

describe("apiError (§8)", () => {
  const error = fixture("api-error");

  test("an error with and without a header is accepted", () => {
    assertValid("apiError", error);
    assertValid(
      "apiError",
      changed(error, (draft) => {
        delete draft.Header;
      }),
    );
  });

  test("the code is an integer that fits the four-digit ErrorCode#### key", () => {
    assertInvalid(
      "apiError",
      changed(error, (draft) => {
        draft.ErrorCode = "0042";
      }),
      { at: "/ErrorCode", keyword: "type" },
    );
    assertInvalid(
      "apiError",
      changed(error, (draft) => {
        draft.ErrorCode = 10000;
      }),
      { at: "/ErrorCode", keyword: "maximum" },
    );
    assertInvalid(
      "apiError",
      changed(error, (draft) => {
        draft.ErrorCode = 4.2;
      }),
      { at: "/ErrorCode", keyword: "type" },
    );
  });

  test("a missing message and extra fields such as a stack trace are rejected", () => {
    assertInvalid(
      "apiError",
      changed(error, (draft) => {
        delete draft.Message;
      }),
      { at: "", keyword: "required" },
    );
    assertInvalid(
      "apiError",
      changed(error, (draft) => {
        draft.StackTrace = "at Upstream.Handle()";
      }),
      { at: "", keyword: "additionalProperties" },
    );
  });
});
