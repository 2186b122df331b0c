/**
 * Demo content: objects the notifications point at (dashboards, data, connections of both reference
 * connectors, schedules…), export files, invoices, widget themes, a login announcement and two
 * archived support chats. Folders and the remaining object screens follow with the resource step.
 */
import type { UpstreamContext } from "../context.ts";
import { encodePng } from "../files/png.ts";
import { generateUid } from "../identity/secrets.ts";
import type { AccountRecord, UserRecord } from "../store/records.ts";
import type { FileRecord, ObjectRecord } from "../store/records-content.ts";
import { DEMO_WIDGET_THEMES, widgetThemeValue } from "./demo-analytics-themes.ts";

/** What the notification seed refers to. */
export interface DemoContent {
  dashboards: ObjectRecord[];
  binder: ObjectRecord;
  table: ObjectRecord;
  crmConnection: ObjectRecord;
  retailConnection: ObjectRecord;
  loader: ObjectRecord;
  schedule: ObjectRecord;
  alert: ObjectRecord;
  ticket: ObjectRecord;
  importTask: ObjectRecord;
  exportFile: FileRecord;
  /** A deleted dashboard whose export has expired (the notification's expired variant). */
  deletedDashboard: ObjectRecord;
  thumbnail: string;
  invoiceNumbers: { ready: string; failed: string };
}

/** A small bar-chart thumbnail, base64 PNG (§3: thumbnail is a base64 png). */
export function demoThumbnail(): string {
  const bars = [0.45, 0.7, 0.55, 0.9, 0.65];
  const png = encodePng(60, 40, (x, y) => {
    const bar = Math.floor(x / 12);
    const inBar = x % 12 >= 2 && x % 12 <= 9 && 40 - y <= (bars[bar] ?? 0) * 36;
    return inBar ? [37, 99, 235, 255] : [241, 245, 249, 255];
  });
  return png.toString("base64");
}

/** Seeds the content; returns what notifications refer to. */
export async function seedDemoContent(
  context: UpstreamContext,
  people: {
    northwind: AccountRecord;
    owner: UserRecord;
    analyst: UserRecord;
    contoso: AccountRecord;
    contosoOwner: UserRecord;
    agent: UserRecord;
  },
): Promise<DemoContent> {
  const { store } = context;
  const now = context.now();
  const nw = people.northwind.recId;
  const thumbnail = demoThumbnail();
  const object = (type: string, name: string, owner: UserRecord, properties: Record<string, unknown> = {}) =>
    store.objects.create(nw, { type, name, ownerUserId: owner.recId, properties }, now);

  const dashboards = [
    await object("Dashboard", "Sales overview", people.owner, { Thumbnail: thumbnail }),
    await object("Dashboard", "Marketing KPIs", people.analyst, { Thumbnail: thumbnail }),
  ];
  const binder = await object("Binder", "Quarterly review", people.owner);
  const table = await object("DataTable", "Orders 2024", people.analyst);
  const retailConnection = await object("DataConnection", "Retail warehouse (sample)", people.analyst, {
    ConnectorCode: "SampleRetail",
  });
  await object("DataConnection", "Orders document store (sample)", people.analyst, {
    ConnectorCode: "SampleDocuments",
  });
  const crmConnection = await object("DataConnection", "CRM (OAuth)", people.owner, {
    ConnectorCode: "LegacyCrm",
  });
  const loader = await object("DataLoader", "Nightly CSV loader", people.analyst);
  const schedule = await object("Schedule", "Daily sales e-mail", people.owner);
  const alert = await object("Alert", "Revenue drop", people.owner);
  const ticket = await object("SupportTicket", "Export fails & times out", people.owner);
  const importTask = await object("Task", "Import of Orders 2024", people.analyst);
  const deletedDashboard = await object("Dashboard", "Old pipeline", people.owner);
  await store.objects.markDeleted(nw, deletedDashboard.recId, now);
  const exportFile = await store.files.create(
    nw,
    {
      ownerUserId: people.owner.recId,
      itemType: "Export",
      name: "Sales overview.csv",
      contentType: "text/csv; charset=utf-8",
      data: Buffer.from("Region,Revenue\nEMEA,125000\nAmericas,98000\nAPAC,64000\n", "utf8"),
      relatedObjectId: dashboards[0]?.recId ?? null,
    },
    now,
  );
  // A Contoso connection, so isolation can be shown on the same calls.
  await store.objects.create(
    people.contoso.recId,
    {
      type: "DataConnection",
      name: "Contoso warehouse",
      ownerUserId: people.contosoOwner.recId,
      properties: { ConnectorCode: "SampleRetail" },
    },
    now,
  );

  const day = 86_400_000;
  const lines = (plan: string, seats: number) => [
    { Description: `${plan} subscription, monthly`, Quantity: 1, UnitPriceCents: 49_900 },
    { Description: "Additional seats", Quantity: seats, UnitPriceCents: 2_500 },
  ];
  await store.invoices.create(nw, {
    number: "INV-2024-0001",
    issuedAt: now - 62 * day,
    dueAt: now - 48 * day,
    status: "Paid",
    currency: "EUR",
    lines: lines("Business", 4),
  });
  await store.invoices.create(nw, {
    number: "INV-2024-0002",
    issuedAt: now - 31 * day,
    dueAt: now - 17 * day,
    status: "Paid",
    currency: "EUR",
    lines: lines("Business", 5),
  });
  await store.invoices.create(nw, {
    number: "INV-2024-0003",
    issuedAt: now - day,
    dueAt: now + 13 * day,
    status: "Failed",
    currency: "EUR",
    lines: lines("Business", 5),
  });
  await store.invoices.create(people.contoso.recId, {
    number: "INV-2024-0101",
    issuedAt: now - 3 * day,
    dueAt: now + 11 * day,
    status: "Due",
    currency: "USD",
    lines: lines("Enterprise", 20),
  });

  for (const theme of DEMO_WIDGET_THEMES) {
    const account = theme.account === "contoso" ? people.contoso.recId : null;
    await store.widgetThemes.put(account, { Key: theme.key, Value: widgetThemeValue(theme) });
  }

  await store.announcements.create(
    {
      title: "New: document-database connectors",
      body: "Connect MongoDB-style sources and pick columns from a row scan.",
      startsAt: now - day,
      endsAt: null,
    },
    now,
  );

  // Two archived chats of the owner with the agent: one rated, one waiting for its rating.
  for (const rated of [true, false]) {
    const session = await store.chat.ensureOpenSession(
      nw,
      people.owner.recId,
      "/dashboards",
      now - (rated ? 9 : 2) * day,
    );
    await store.chat.assignStaff(nw, session.recId, people.agent.recId);
    const say = (
      author: UserRecord | null,
      type: Parameters<typeof store.chat.addMessage>[2]["type"],
      text: string,
    ) =>
      store.chat.addMessage(
        nw,
        session.recId,
        {
          uid: generateUid(),
          authorUserId: author?.recId ?? null,
          isInternal: author === people.agent,
          type,
          text,
        },
        now,
      );
    await say(null, "PrivacyDisclaimer", "Chats are recorded to improve our support.");
    await say(
      people.owner,
      "Message",
      rated ? "How do I share a dashboard with a team?" : "My export is stuck at 90%.",
    );
    await say(people.agent, "InternalUserStartTalking", "");
    await say(
      people.agent,
      "Message",
      rated
        ? "Open the dashboard, choose Share, then pick the team."
        : "I restarted the export task; it finished now.",
    );
    await say(people.agent, "SessionArchived", "");
    await store.chat.archive(nw, session.recId, now);
    if (rated)
      await store.chat.saveRating(
        nw,
        people.owner.recId,
        session.recId,
        { rating: 5, feedback: "Quick and clear." },
        now,
      );
  }

  return {
    dashboards,
    binder,
    table,
    crmConnection,
    retailConnection,
    loader,
    schedule,
    alert,
    ticket,
    importTask,
    exportFile,
    deletedDashboard,
    thumbnail,
    invoiceNumbers: { ready: "INV-2024-0002", failed: "INV-2024-0003" },
  };
}
