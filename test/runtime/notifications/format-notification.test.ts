import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import Ajv from "ajv";
import i18next from "i18next";
import {
  type DisplayedNotification,
  findNotificationVariant,
  formatNotification,
  type NotificationTranslate,
} from "../../../runtime/notifications/format-notification.ts";
import { type DialogsManifest, dialogRegistryProblems } from "../../../schemas/dialogs.ts";
import {
  displayedNotificationSchema,
  type NotificationsManifest,
  notificationTemplateProblems,
} from "../../../schemas/notifications.ts";
import {
  NOTIFICATION_CODES,
  type NotificationRecord,
} from "../../../schemas/payloads/notification-record.ts";

const root = new URL("../../../", import.meta.url);
const readJson = (path: string): unknown => JSON.parse(readFileSync(new URL(path, root), "utf8"));

const notificationsManifest = readJson("manifests/notifications.json") as NotificationsManifest;
const dialogsManifest = readJson("manifests/dialogs.json") as DialogsManifest;
const notificationTexts = readJson("locales/en.json") as Record<string, string>;
const dialogTexts = notificationTexts;

/** Every code of SPEC §4.3 (the list the manifest checker enforces). */
const SPEC_CODES = NOTIFICATION_CODES;

/** A real i18next instance with the English texts, left at its default escapeValue: true. */
const i18n = i18next.createInstance();
await i18n.init({
  lng: "en",
  initAsync: false,
  resources: {
    en: { translation: { ...notificationTexts, ...dialogTexts, SubscriptionType_Premium: "Premium" } },
  },
});
// i18next's overloaded TFunction type cannot be matched by a plain signature; the call itself is i18next's.
const translate = i18n.t as unknown as (key: string, options: object) => string;
const t: NotificationTranslate = (key, options) => translate(key, options ?? {});

const PNG_A =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const PNG_B = "iVBORw0KGgo=";

function record(code: string, fields: Partial<NotificationRecord> = {}): NotificationRecord {
  return { Date: "2024-05-01T10:00:00Z", IsNew: true, RecId: 501, Code: code, ...fields };
}

const ada = { AuthorFullName: "Ada Lovelace", AuthorUserUID: "u-ada" } as const;
const adaPicture = { kind: "userAvatar", userUID: "u-ada", webservicesPath: "user/avatar/u-ada" } as const;

interface Case {
  name: string;
  /** The template variant the record must select (every variant of the manifest has a case). */
  variant: string;
  record: NotificationRecord;
  isAdmin?: boolean;
  /** Displayed fields asserted exactly; absent optional fields (link, thumbnail…) must be absent. */
  expect: Partial<DisplayedNotification> &
    Pick<DisplayedNotification, "sourceName" | "sourceIcon" | "description" | "status">;
}

const schedule = {
  ScheduleName: "Nightly refresh",
  ScheduleRecId: 77,
  ScheduleTaskName: "Send report",
} as const;
const openSchedule = {
  linkText: "Open schedule",
  link: { type: "dialog", dialogId: "scheduleSettings", params: { recId: 77 } },
} as const;

const cases: Case[] = [
  {
    name: "ReAuthConnector: warning linking to the connection settings",
    variant: "default",
    record: record("ReAuthConnector", { DataConnectionName: "Sales DB", DataConnectionRecId: 12 }),
    expect: {
      sourceName: "Sales DB",
      sourceIcon: "plug-circle-exclamation",
      description:
        "The connection Sales DB needs to be re-authorized. Sign in again in its settings so that its data keeps refreshing.",
      status: "warning",
      linkText: "Open connection settings",
      link: { type: "dialog", dialogId: "connectionSettings", params: { connectionRecId: 12 } },
    },
  },
  {
    name: "DeprecatedConnector: warning linking to /connection",
    variant: "default",
    record: record("DeprecatedConnector", { DataConnectionName: "Old FTP" }),
    expect: {
      sourceName: "Old FTP",
      sourceIcon: "plug-circle-xmark",
      description:
        "The connection Old FTP uses a deprecated connector that will stop working. Replace it with a connection that uses a supported connector.",
      status: "warning",
      linkText: "View connections",
      link: { type: "route", to: "/connection" },
    },
  },
  {
    name: "AddedToTeam: author and team",
    variant: "default",
    record: record("AddedToTeam", { ...ada, TeamName: "Finance" }),
    expect: {
      sourceName: "Ada Lovelace",
      sourcePicture: adaPicture,
      sourceIcon: "user-plus",
      description: "Ada Lovelace added you to the team Finance.",
      status: "info",
    },
  },
  {
    name: "RemovedFromTeam: author and team",
    variant: "default",
    record: record("RemovedFromTeam", { ...ada, TeamName: "Finance", IsRelatedObjectDeleted: false }),
    expect: {
      sourceName: "Ada Lovelace",
      sourcePicture: adaPicture,
      sourceIcon: "user-minus",
      description: "Ada Lovelace removed you from the team Finance.",
      status: "info",
    },
  },
  {
    name: "RemovedFromTeam: deleted team",
    variant: "teamDeleted",
    record: record("RemovedFromTeam", { ...ada, TeamName: "Finance", IsRelatedObjectDeleted: true }),
    expect: {
      sourceName: "Ada Lovelace",
      sourcePicture: adaPicture,
      sourceIcon: "user-minus",
      description: "Ada Lovelace deleted the team Finance, so you are no longer a member of it.",
      status: "info",
    },
  },
  {
    name: "RemovedFromTeam: deleted team whose name is no longer sent",
    variant: "unnamedTeamDeleted",
    record: record("RemovedFromTeam", { ...ada, TeamName: null, IsRelatedObjectDeleted: true }),
    expect: {
      sourceName: "Ada Lovelace",
      sourcePicture: adaPicture,
      sourceIcon: "user-minus",
      description: "Ada Lovelace deleted a team you were a member of.",
      status: "info",
    },
  },
  {
    name: "AlertTriggered: alert name, message and the first dashboard thumbnail",
    variant: "withMessage",
    record: record("AlertTriggered", {
      AlertName: "Low stock",
      Message: "Stock < 10 & falling",
      Dashboards: [
        { DashboardThumbnail: null },
        { DashboardThumbnail: PNG_A },
        { DashboardThumbnail: PNG_B },
      ],
    }),
    expect: {
      sourceName: "Low stock",
      sourceIcon: "bell",
      description: "The alert Low stock was triggered: Stock &lt; 10 &amp; falling",
      status: "warning",
      thumbnail: PNG_A,
    },
  },
  {
    name: "AlertTriggered: without a message",
    variant: "default",
    record: record("AlertTriggered", {
      AlertName: "Low stock",
      Message: "  ",
      Dashboards: [{ DashboardThumbnail: PNG_B }],
    }),
    expect: {
      sourceName: "Low stock",
      sourceIcon: "bell",
      description: "The alert Low stock was triggered.",
      status: "warning",
      thumbnail: PNG_B,
    },
  },
  {
    name: "BackgroundDataImportFailed: failure linking to the task log",
    variant: "default",
    record: record("BackgroundDataImportFailed", {
      DataCloneName: "Orders",
      DataCloneRecId: 3,
      WorkerTaskHistoryRecId: 901,
    }),
    expect: {
      sourceName: "Orders",
      sourceIcon: "file-import",
      description: "The background import of Orders failed.",
      status: "failure",
      isFailure: true,
      linkText: "View task log",
      link: { type: "dialog", dialogId: "taskLogViewer", params: { recId: 901 } },
    },
  },
  {
    name: "BackgroundDataImportSucceeded: success linking to the data",
    variant: "default",
    record: record("BackgroundDataImportSucceeded", { DataCloneName: "Orders", DataCloneRecId: 3 }),
    expect: {
      sourceName: "Orders",
      sourceIcon: "file-import",
      description: "The background import of Orders has finished.",
      status: "success",
      isSuccess: true,
      linkText: "View data",
      link: { type: "dialog", dialogId: "dataViewer", params: { id: 3 } },
    },
  },
  {
    name: "DashboardCommented: the comment, a link to the dashboard and its thumbnail",
    variant: "default",
    record: record("DashboardCommented", {
      ...ada,
      DashboardName: "Q3 sales",
      DashboardRecId: 44,
      DashboardThumbnail: `data:image/png;base64,${PNG_A}`,
      CommentText: "Looks good <b>now</b>",
    }),
    expect: {
      sourceName: "Ada Lovelace",
      sourcePicture: adaPicture,
      sourceIcon: "comment",
      description: "Ada Lovelace commented on the dashboard Q3 sales: Looks good &lt;b&gt;now&lt;/b&gt;",
      status: "info",
      thumbnail: PNG_A,
      linkText: "View dashboard",
      link: { type: "dialog", dialogId: "dashboardViewDialog", params: { dashboardRecId: 44 } },
    },
  },
  {
    name: "DashboardShared",
    variant: "default",
    record: record("DashboardShared", { ...ada, DashboardName: "Q3 sales", DashboardThumbnail: PNG_A }),
    expect: {
      sourceName: "Ada Lovelace",
      sourcePicture: adaPicture,
      sourceIcon: "share-nodes",
      description: "Ada Lovelace shared the dashboard Q3 sales with you.",
      status: "info",
      thumbnail: PNG_A,
    },
  },
  {
    name: "DashboardUnshared",
    variant: "default",
    record: record("DashboardUnshared", { ...ada, DashboardName: "Q3 sales" }),
    expect: {
      sourceName: "Ada Lovelace",
      sourcePicture: adaPicture,
      sourceIcon: "link-slash",
      description: "Ada Lovelace stopped sharing the dashboard Q3 sales with you.",
      status: "info",
    },
  },
  {
    name: "DashboardDuplicated",
    variant: "default",
    record: record("DashboardDuplicated", { ...ada, DashboardName: "Q3 sales", DashboardThumbnail: PNG_B }),
    expect: {
      sourceName: "Ada Lovelace",
      sourcePicture: adaPicture,
      sourceIcon: "clone",
      description: "Ada Lovelace duplicated the dashboard Q3 sales.",
      status: "info",
      thumbnail: PNG_B,
    },
  },
  {
    name: "BinderDuplicated",
    variant: "default",
    record: record("BinderDuplicated", { ...ada, BinderName: "Board pack" }),
    expect: {
      sourceName: "Ada Lovelace",
      sourcePicture: adaPicture,
      sourceIcon: "clone",
      description: "Ada Lovelace duplicated the binder Board pack.",
      status: "info",
    },
  },
  {
    name: "DatabaseMigrationFailed",
    variant: "default",
    record: record("DatabaseMigrationFailed"),
    expect: {
      sourceName: "Database",
      sourceIcon: "database",
      description: "The migration of your account's database failed. Please contact support.",
      status: "failure",
      isFailure: true,
    },
  },
  {
    name: "DataCommented",
    variant: "default",
    record: record("DataCommented", {
      ...ada,
      DataCloneName: "Orders",
      DataCloneRecId: 3,
      CommentText: "Check row 4",
    }),
    expect: {
      sourceName: "Ada Lovelace",
      sourcePicture: adaPicture,
      sourceIcon: "comment",
      description: "Ada Lovelace commented on the data Orders: Check row 4",
      status: "info",
    },
  },
  {
    name: "DataUnshared",
    variant: "default",
    record: record("DataUnshared", { ...ada, DataCloneName: "Orders" }),
    expect: {
      sourceName: "Ada Lovelace",
      sourcePicture: adaPicture,
      sourceIcon: "link-slash",
      description: "Ada Lovelace stopped sharing the data Orders with you.",
      status: "info",
    },
  },
  {
    name: "DataShared: normal, with a link to the data",
    variant: "default",
    record: record("DataShared", {
      ...ada,
      DataCloneName: "Orders",
      DataCloneRecId: 3,
      IsDataCloneTrashed: false,
    }),
    expect: {
      sourceName: "Ada Lovelace",
      sourcePicture: adaPicture,
      sourceIcon: "share-nodes",
      description: "Ada Lovelace shared the data Orders with you.",
      status: "info",
      linkText: "View data",
      link: { type: "dialog", dialogId: "dataViewer", params: { id: 3 } },
    },
  },
  {
    name: "DataShared: trashed, no link",
    variant: "trashed",
    record: record("DataShared", {
      ...ada,
      DataCloneName: "Orders",
      DataCloneRecId: 3,
      IsDataCloneTrashed: true,
    }),
    expect: {
      sourceName: "Ada Lovelace",
      sourcePicture: adaPicture,
      sourceIcon: "share-nodes",
      description: "Ada Lovelace shared the data Orders with you, but it is now in the trash.",
      status: "info",
    },
  },
  {
    name: "DataShared: deleted (wins over trashed), no link",
    variant: "deleted",
    record: record("DataShared", {
      ...ada,
      DataCloneName: "Orders",
      DataCloneRecId: 3,
      IsDataCloneTrashed: true,
      IsRelatedObjectDeleted: true,
    }),
    expect: {
      sourceName: "Ada Lovelace",
      sourcePicture: adaPicture,
      sourceIcon: "share-nodes",
      description: "Ada Lovelace shared the data Orders with you, but it has since been deleted.",
      status: "info",
    },
  },
  {
    name: "DataLoaderShared",
    variant: "default",
    record: record("DataLoaderShared", { ...ada, DataLoaderName: "CRM sync" }),
    expect: {
      sourceName: "Ada Lovelace",
      sourcePicture: adaPicture,
      sourceIcon: "share-nodes",
      description: "Ada Lovelace shared the data loader CRM sync with you.",
      status: "info",
    },
  },
  {
    name: "DataLoaderUnshared",
    variant: "default",
    record: record("DataLoaderUnshared", { ...ada, DataLoaderName: "CRM sync" }),
    expect: {
      sourceName: "Ada Lovelace",
      sourcePicture: adaPicture,
      sourceIcon: "link-slash",
      description: "Ada Lovelace stopped sharing the data loader CRM sync with you.",
      status: "info",
    },
  },
  {
    name: "ExportFailed",
    variant: "default",
    record: record("ExportFailed", { ExportName: "Monthly CSV", ExportRecId: 8 }),
    expect: {
      sourceName: "Monthly CSV",
      sourceIcon: "file-export",
      description: "The export Monthly CSV failed.",
      status: "failure",
      isFailure: true,
    },
  },
  {
    name: "ExportFailed: expired",
    variant: "expired",
    record: record("ExportFailed", { ExportName: "Monthly CSV", IsRelatedObjectDeleted: true }),
    expect: {
      sourceName: "Monthly CSV",
      sourceIcon: "file-export",
      description: "The export Monthly CSV failed and has since expired.",
      status: "failure",
      isFailure: true,
    },
  },
  {
    name: "ExportSucceeded: links to the file download",
    variant: "default",
    record: record("ExportSucceeded", {
      ExportName: "Monthly CSV",
      FileUID: "f-1a2b",
      IsRelatedObjectDeleted: false,
    }),
    expect: {
      sourceName: "Monthly CSV",
      sourceIcon: "file-export",
      description: "The export Monthly CSV is ready to download.",
      status: "success",
      isSuccess: true,
      linkText: "Download",
      link: {
        type: "download",
        fileSystemItemType: "Export",
        fileUID: "f-1a2b",
        webservicesPath: "File/Export/f-1a2b",
      },
    },
  },
  {
    name: "ExportSucceeded: expired, no download",
    variant: "expired",
    record: record("ExportSucceeded", {
      ExportName: "Monthly CSV",
      FileUID: "f-1a2b",
      IsRelatedObjectDeleted: true,
    }),
    expect: {
      sourceName: "Monthly CSV",
      sourceIcon: "file-export",
      description: "The export Monthly CSV has expired and can no longer be downloaded.",
      status: "success",
      isSuccess: true,
    },
  },
  ...(
    [
      [
        "UserImportFailed",
        "User import",
        "The import of users failed. See the task log for details.",
        "failure",
      ],
      ["UserImportSucceeded", "User import", "The import of users has finished.", "success"],
      [
        "TeamImportFailed",
        "Team import",
        "The import of teams failed. See the task log for details.",
        "failure",
      ],
      ["TeamImportSucceeded", "Team import", "The import of teams has finished.", "success"],
    ] as const
  ).map(
    ([code, sourceName, description, status]): Case => ({
      name: `${code}: links to the task log`,
      variant: "default",
      record: record(code, { WorkerTaskHistoryRecId: 902 }),
      expect: {
        sourceName,
        sourceIcon: "file-import",
        description,
        status,
        ...(status === "failure" ? { isFailure: true } : { isSuccess: true }),
        linkText: "View task log",
        link: { type: "dialog", dialogId: "taskLogViewer", params: { recId: 902 } },
      },
    }),
  ),
  {
    name: "InvoiceReady: link to download the invoice",
    variant: "default",
    record: record("InvoiceReady", { InvoiceNumber: "INV-2024-07" }),
    expect: {
      sourceName: "Billing",
      sourceIcon: "file-invoice",
      description: "Your invoice INV-2024-07 is ready.",
      status: "info",
      linkText: "Download invoice",
      link: { type: "invoice", invoiceNumber: "INV-2024-07", domainPath: "invoice/INV-2024-07" },
    },
  },
  {
    name: "PaymentFailed: failure with the invoice number",
    variant: "default",
    record: record("PaymentFailed", { InvoiceNumber: "INV-2024-07" }),
    expect: {
      sourceName: "Billing",
      sourceIcon: "credit-card",
      description:
        "The payment of invoice INV-2024-07 failed. Please check your payment details in Billing and subscription.",
      status: "failure",
      isFailure: true,
    },
  },
  ...(
    [
      [
        "ScheduleDisabled",
        "warning",
        "The schedule Nightly refresh has been disabled.",
        "The schedule Nightly refresh was disabled and has since been deleted.",
      ],
      [
        "ScheduleTaskDisabledBySystem",
        "warning",
        "The system disabled the task Send report of the schedule Nightly refresh.",
        "The system disabled the task Send report of the schedule Nightly refresh. The schedule has since been deleted.",
      ],
      [
        "ScheduleTaskDisabled",
        "warning",
        "The task Send report of the schedule Nightly refresh has been disabled.",
        "The task Send report of the schedule Nightly refresh was disabled. The schedule has since been deleted.",
      ],
      [
        "ScheduleTriggered",
        "info",
        "The schedule Nightly refresh has started.",
        "The schedule Nightly refresh started and has since been deleted.",
      ],
      [
        "ScheduleError",
        "failure",
        "The schedule Nightly refresh ran into an error.",
        "The schedule Nightly refresh ran into an error. It has since been deleted.",
      ],
      [
        "ScheduleCompleted",
        "success",
        "The schedule Nightly refresh has completed.",
        "The schedule Nightly refresh completed and has since been deleted.",
      ],
    ] as const
  ).flatMap(([code, status, description, deletedDescription]): Case[] => {
    const flags =
      status === "failure" ? { isFailure: true } : status === "success" ? { isSuccess: true } : {};
    return [
      {
        name: `${code}: links to the schedule`,
        variant: "default",
        record: record(code, { ...schedule, IsRelatedObjectDeleted: false }),
        expect: {
          sourceName: "Nightly refresh",
          sourceIcon: "calendar-days",
          description,
          status,
          ...flags,
          ...openSchedule,
        },
      },
      {
        name: `${code}: deleted schedule, no link`,
        variant: "deleted",
        record: record(code, { ...schedule, IsRelatedObjectDeleted: true }),
        expect: {
          sourceName: "Nightly refresh",
          sourceIcon: "calendar-days",
          description: deletedDescription,
          status,
          ...flags,
        },
      },
    ];
  }),
  {
    name: "SubscriptionDowngradeReminder: the subscription type from SubscriptionType_{type}",
    variant: "default",
    record: record("SubscriptionDowngradeReminder", { SubscriptionType: "Premium" }),
    expect: {
      sourceName: "Subscription",
      sourceIcon: "arrow-trend-down",
      description:
        "Reminder: your subscription will be downgraded to Premium. Review it in Billing and subscription.",
      status: "warning",
    },
  },
  {
    name: "SupportTicketUpdated: an admin goes to /admin/support?id=",
    variant: "default",
    isAdmin: true,
    record: record("SupportTicketUpdated", { SupportTicketName: "Export stuck", SupportTicketRecId: 1234 }),
    expect: {
      sourceName: "Support",
      sourceIcon: "life-ring",
      description: "The support ticket Export stuck has been updated.",
      status: "info",
      linkText: "View ticket",
      link: { type: "route", to: "/admin/support?id=1234" },
    },
  },
  {
    name: "SupportTicketUpdated: a member opens the support ticket settings dialog",
    variant: "default",
    isAdmin: false,
    record: record("SupportTicketUpdated", { SupportTicketName: "Export stuck", SupportTicketRecId: 1234 }),
    expect: {
      sourceName: "Support",
      sourceIcon: "life-ring",
      description: "The support ticket Export stuck has been updated.",
      status: "info",
      linkText: "View ticket",
      link: { type: "dialog", dialogId: "supportTicketSettings", params: { recId: 1234 } },
    },
  },
  {
    name: "SupportTicketUpdated: HTML in the ticket name is escaped (once, although i18next escapes by default)",
    variant: "default",
    record: record("SupportTicketUpdated", {
      SupportTicketName: `<img src=x onerror="alert('x')"> & co`,
      SupportTicketRecId: 1234,
    }),
    expect: {
      sourceName: "Support",
      sourceIcon: "life-ring",
      description:
        "The support ticket &lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt; &amp; co has been updated.",
      status: "info",
      linkText: "View ticket",
      link: { type: "dialog", dialogId: "supportTicketSettings", params: { recId: 1234 } },
    },
  },
  {
    name: "Custom: Title and Body as sent, flagged as raw HTML",
    variant: "default",
    record: record("Custom", {
      Title: "<b>Maintenance</b>",
      Body: "Tonight <i>22:00</i> – <a href='/x'>details</a>",
    }),
    expect: {
      sourceName: "<b>Maintenance</b>",
      sourceIcon: "bullhorn",
      description: "Tonight <i>22:00</i> – <a href='/x'>details</a>",
      status: "info",
      rawHtml: { sourceName: true, description: true },
    },
  },
];

/** Every displayed field, with the defaults of a plain entry, overridden by the case. */
function expectedEntry(c: Case): DisplayedNotification {
  return {
    recId: c.record.RecId,
    code: c.record.Code,
    isNew: c.record.IsNew,
    date: c.record.Date,
    isSuccess: false,
    isFailure: false,
    rawHtml: { sourceName: false, description: false },
    ...c.expect,
  };
}

const validateDisplayed = new Ajv({ strict: true, allErrors: true }).compile(displayedNotificationSchema);

describe("§4.3 notification codes, one case per code and variant", () => {
  for (const c of cases) {
    test(c.name, () => {
      const variant = findNotificationVariant(c.record, notificationsManifest);
      assert.equal(variant?.name, c.variant, "selected variant");
      const displayed = formatNotification(c.record, notificationsManifest, {
        isAdmin: c.isAdmin ?? false,
        t,
      });
      assert.deepEqual(displayed, expectedEntry(c));
      assert.ok(validateDisplayed(displayed), JSON.stringify(validateDisplayed.errors));
    });
  }

  test("every variant of every template has a case", () => {
    const covered = new Set(cases.map((c) => `${c.record.Code}/${c.variant}`));
    const missing = notificationsManifest.templates
      .flatMap((template) => template.variants.map((variant) => `${template.code}/${variant.name}`))
      .filter((id) => !covered.has(id));
    assert.deepEqual(missing, []);
  });
});

describe("unknown codes", () => {
  const unknownEntry = (r: NotificationRecord): DisplayedNotification => ({
    recId: r.RecId,
    code: r.Code,
    isNew: r.IsNew,
    date: r.Date,
    sourceName: "System",
    sourceIcon: "circle-exclamation",
    description: "Unknown notification code!",
    status: "failure",
    isSuccess: false,
    isFailure: true,
    rawHtml: { sourceName: false, description: false },
  });

  test("a code without a template gives the error-like entry", () => {
    const r = record("SomethingNew", { ...ada, IsNew: false });
    assert.deepEqual(formatNotification(r, notificationsManifest, { isAdmin: false, t }), unknownEntry(r));
  });

  test("inherited property names are not codes", () => {
    for (const code of ["constructor", "__proto__", "toString"]) {
      const r = record(code);
      assert.deepEqual(formatNotification(r, notificationsManifest, { isAdmin: false, t }), unknownEntry(r));
    }
  });

  test("a template whose variants all fail to match gives the error-like entry", () => {
    const broken: NotificationsManifest = {
      ...notificationsManifest,
      templates: [
        {
          code: "DataShared",
          variants: [
            {
              ...notificationsManifest.templates[0]!.variants[0]!,
              when: [{ field: "IsNew", equals: false }],
            },
          ],
        },
      ],
    };
    const r = record("DataShared", { IsNew: true });
    assert.deepEqual(formatNotification(r, broken, { isAdmin: false, t }), unknownEntry(r));
  });
});

describe("fallbacks and defensive formatting", () => {
  const format = (r: NotificationRecord, isAdmin = false) =>
    formatNotification(r, notificationsManifest, { isAdmin, t });

  test("a missing author shows 'Someone' and no avatar; a missing name shows (unnamed)", () => {
    const displayed = format(record("AddedToTeam", {}));
    assert.equal(displayed.sourceName, "Someone");
    assert.equal(displayed.sourcePicture, undefined);
    assert.equal(displayed.description, "Someone added you to the team (unnamed).");
  });

  test("an author name is shown as text in sourceName and escaped in the description", () => {
    const displayed = format(record("AddedToTeam", { AuthorFullName: "Tom & <Jerry>", TeamName: "R&D" }));
    assert.equal(displayed.sourceName, "Tom & <Jerry>");
    assert.equal(displayed.description, "Tom &amp; &lt;Jerry&gt; added you to the team R&amp;D.");
  });

  test("a link whose field is absent is left out, text and action together", () => {
    for (const r of [
      record("ReAuthConnector", { DataConnectionName: "Sales DB" }),
      record("ExportSucceeded", { ExportName: "Monthly CSV", FileUID: null }),
      record("InvoiceReady", {}),
      record("SupportTicketUpdated", { SupportTicketName: "Export stuck" }),
    ]) {
      for (const isAdmin of [false, true]) {
        const displayed = format(r, isAdmin);
        assert.equal(displayed.link, undefined, r.Code);
        assert.equal(displayed.linkText, undefined, r.Code);
      }
    }
  });

  test("values are URI-encoded in links", () => {
    const download = format(record("ExportSucceeded", { ExportName: "x", FileUID: "a/b?c" }));
    assert.deepEqual(download.link, {
      type: "download",
      fileSystemItemType: "Export",
      fileUID: "a/b?c",
      webservicesPath: "File/Export/a%2Fb%3Fc",
    });
    const avatar = format(record("AddedToTeam", { AuthorUserUID: "../x" }));
    assert.equal(avatar.sourcePicture?.webservicesPath, "user/avatar/..%2Fx");
  });

  test("a thumbnail that is not base64 is dropped", () => {
    const displayed = format(record("DashboardShared", { DashboardThumbnail: 'x" onerror="alert(1)' }));
    assert.equal(displayed.thumbnail, undefined);
  });

  test("an unknown subscription type shows its raw value", () => {
    const displayed = format(record("SubscriptionDowngradeReminder", { SubscriptionType: "Enterprise_2" }));
    assert.equal(
      displayed.description,
      "Reminder: your subscription will be downgraded to Enterprise_2. Review it in Billing and subscription.",
    );
  });

  test("Custom without a title falls back to 'Announcement'; without a body the description is empty", () => {
    const displayed = format(record("Custom", {}));
    assert.equal(displayed.sourceName, "Announcement");
    assert.equal(displayed.description, "");
  });

  test("IsNew is reported as the new flag", () => {
    assert.equal(format(record("AddedToTeam", { IsNew: false })).isNew, false);
    assert.equal(format(record("AddedToTeam", { IsNew: true })).isNew, true);
  });
});

describe("manifests", () => {
  test("every code of §4.3 has exactly one template, and no template is for another code", () => {
    const codes = notificationsManifest.templates.map((template) => template.code);
    assert.deepEqual([...codes].sort(), [...SPEC_CODES].sort());
  });

  test("both manifests validate against their generated validators", async () => {
    const { validatorsById } = await import("../../../schemas/generated/validators-by-id.js");
    for (const [id, manifest] of [
      ["notifications", notificationsManifest],
      ["dialogs", dialogsManifest],
    ] as const) {
      const validate = validatorsById[id];
      assert.ok(validate, `validator ${id}`);
      assert.ok(validate(manifest), `${id}: ${JSON.stringify(validate.errors)}`);
    }
  });

  test("cross checks pass on the manifests and catch a broken one", () => {
    assert.deepEqual(notificationTemplateProblems(notificationsManifest, dialogsManifest), []);
    assert.deepEqual(dialogRegistryProblems(dialogsManifest), []);

    const withoutScheduleDialog: DialogsManifest = {
      ...dialogsManifest,
      dialogs: dialogsManifest.dialogs.filter((dialog) => dialog.id !== "scheduleSettings"),
    };
    assert.equal(
      notificationTemplateProblems(notificationsManifest, withoutScheduleDialog).length,
      6,
      "the six schedule codes link to scheduleSettings",
    );
    const stringRecId: DialogsManifest = {
      ...dialogsManifest,
      dialogs: dialogsManifest.dialogs.map((dialog) =>
        dialog.id === "taskLogViewer"
          ? { ...dialog, params: [{ name: "recId", type: "boolean", required: true }] }
          : dialog,
      ),
    };
    assert.ok(
      notificationTemplateProblems(notificationsManifest, stringRecId).some(
        (p) => p.rule === "VariantParamType" && p.params.field === "WorkerTaskHistoryRecId",
      ),
    );
    const duplicated: DialogsManifest = {
      ...dialogsManifest,
      dialogs: [...dialogsManifest.dialogs, dialogsManifest.dialogs[0]!],
    };
    assert.equal(dialogRegistryProblems(duplicated).length, 2);
  });

  test("every text key of both manifests has English text", () => {
    const used = new Set<string>();
    JSON.stringify([notificationsManifest, dialogsManifest], (name, value) => {
      if (/Key$/.test(name) && typeof value === "string") used.add(value);
      return value;
    });
    const known = new Set([...Object.keys(notificationTexts), ...Object.keys(dialogTexts)]);
    assert.deepEqual(
      [...used].filter((key) => !known.has(key)),
      [],
      "keys without text",
    );
  });

  test("each description interpolates exactly the values its variant provides", () => {
    for (const template of notificationsManifest.templates) {
      for (const variant of template.variants) {
        if (!variant.descriptionKey) continue;
        const text = notificationTexts[variant.descriptionKey] ?? "";
        const used = [...text.matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g)].map((m) => m[1]).sort();
        assert.deepEqual(used, Object.keys(variant.params ?? {}).sort(), `${template.code}/${variant.name}`);
      }
    }
  });

  test("the dialog registry holds every dialog of §2.5 with the parameters notifications need", () => {
    const byId = new Map(dialogsManifest.dialogs.map((dialog) => [dialog.id, dialog]));
    const menu = ["mySettings", "exports", "newSupportTicket", "welcome", "customerEffortRating"];
    for (const id of menu) assert.equal(byId.get(id)?.origin, "menu", id);
    const notificationParams: Record<string, [string, string]> = {
      connectionSettings: ["connectionRecId", "integer"],
      taskLogViewer: ["recId", "integer"],
      dataViewer: ["id", "integer"],
      dashboardViewDialog: ["dashboardRecId", "integer"],
      scheduleSettings: ["recId", "integer"],
      supportTicketSettings: ["recId", "integer"],
    };
    for (const [id, [name, type]] of Object.entries(notificationParams)) {
      assert.deepEqual(byId.get(id)?.params, [{ name, type, required: true }], id);
      assert.equal(byId.get(id)?.origin, "notification", id);
    }
    const registry = [
      "alertSettings",
      "dashboardSettings",
      "newDashboard",
      "dashboardCustomPeriod",
      "dashboardTrackingTable",
      "dashboardAskAi",
      "chartWidgetSettings",
      "tableWidgetSettings",
      "textWidgetSettings",
      "dataSettings",
      "queryBuilder",
      "connectorSyntaxValidation",
      "newConnection",
      "connectionBroker",
      "dataFlowSettings",
      "dataStreamSettings",
      "exportSettings",
      "simpleDialog",
      "insightSettings",
      "reportSettings",
      "binderPicker",
      "dashboardPicker",
      "dataFlowPicker",
      "dataPicker",
      "dataStreamPicker",
      "fileStoragePicker",
      "schedulePicker",
      "palettePicker",
      "rebindPicker",
      "codeEditor",
      "teamFolderSecurity",
      "schemaMigration",
    ];
    for (const id of registry) assert.equal(byId.get(id)?.origin, "registry", id);
    assert.equal(
      dialogsManifest.dialogs.length,
      menu.length + Object.keys(notificationParams).length + registry.length,
    );
  });
});
