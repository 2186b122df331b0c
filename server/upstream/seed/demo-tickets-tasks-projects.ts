/**
 * Demo work records (DESIGN.md §5 demo seed): support tickets with comments — one of them an
 * internal staff note members never see — tasks with logs in every state, schedule and alert
 * history, an API key and projects, for Northwind; a ticket and a project for Contoso.
 */
import type { UpstreamContext } from "../context.ts";
import { generateToken, hashToken } from "../identity/secrets.ts";
import type { UserRecord } from "../store/records.ts";
import type { NewComment } from "../store/types/comments.ts";
import type { TaskStatus } from "../store/types/tasks.ts";
import { demoUser } from "./demo-accounts.ts";
import type { DemoContent } from "./demo-content.ts";

type Attachment = NewComment["attachments"][number];

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Seeds tickets, tasks, history, an API key and projects. */
export async function seedDemoWork(context: UpstreamContext, content: DemoContent): Promise<void> {
  const { tickets, comments, tasks, history, apiKeys, projects } = context.store.content;
  const now = context.now();
  const owner = await demoUser(context, "owner");
  const analyst = await demoUser(context, "analyst");
  const agent = await demoUser(context, "supportAgent");
  const contoso = await demoUser(context, "contoso");
  const nw = owner.accountId;

  // The ticket the notifications point at, with a conversation and an internal staff note.
  const ticketId = content.ticket.recId;
  await tickets.update(
    nw,
    ticketId,
    { description: "Exporting «Sales overview» to Excel stops at 90% and times out.", priority: "High" },
    now - 3 * DAY,
  );
  const comment = (
    author: UserRecord,
    text: string,
    isInternal = false,
    at = now,
    attachments: Attachment[] = [],
  ) =>
    comments.add(
      nw,
      ticketId,
      { authorUserId: author.recId, title: "", text, imageUrl: null, isInternal, attachments },
      at,
    );
  const exportLog = Buffer.from("12:01:07 export started\n12:03:07 timeout after 120 s\n", "utf8");
  await comment(owner, "It happens with every export larger than 50,000 rows.", false, now - 3 * DAY, [
    { fileName: "export-log.txt", contentType: "text/plain", data: exportLog },
  ]);
  await comment(
    agent,
    "Customer on Business plan; export worker logs show a timeout at 120 s.",
    true,
    now - 2 * DAY,
  );
  await comment(
    agent,
    "Thanks — we raised the export time limit. Could you try again?",
    false,
    now - 2 * DAY,
  );
  const closed = await tickets.create(
    nw,
    {
      title: "Add SSO for our team",
      description: "We would like SAML sign-in.",
      priority: "Normal",
      category: "FeatureRequest",
    },
    analyst.recId,
    now - 20 * DAY,
  );
  await tickets.close(nw, closed.recId, owner.recId, now - 10 * DAY);
  await tickets.create(
    contoso.accountId,
    {
      title: "White-label favicon",
      description: "Can the favicon follow our logo?",
      priority: "Low",
      category: "Question",
    },
    contoso.recId,
    now - DAY,
  );

  // Tasks in each state, with their logs.
  const task = async (
    input: { name: string; kind: string; owner: UserRecord; related?: number; objectId?: number },
    status: TaskStatus,
    progress: number,
    lines: [1 | 2 | 3, string][],
    startedAt: number,
  ) => {
    const created = await tasks.create(
      nw,
      {
        name: input.name,
        kind: input.kind,
        ownerUserId: input.owner.recId,
        relatedObjectId: input.related ?? null,
        ...(input.objectId !== undefined && { objectId: input.objectId }),
      },
      startedAt - MINUTE,
    );
    await tasks.report(nw, created.recId, { status: "Running", progress: 0 }, null, startedAt);
    for (const [index, [severity, message]] of lines.entries()) {
      await tasks.report(nw, created.recId, {}, { severity, message }, startedAt + (index + 1) * MINUTE);
    }
    const end = startedAt + (lines.length + 1) * MINUTE;
    const message = lines.at(-1)?.[1] ?? "";
    await tasks.report(nw, created.recId, { status, progress, message }, null, end);
    return created.recId;
  };
  await task(
    {
      name: content.importTask.name,
      kind: "DataImport",
      owner: analyst,
      related: content.table.recId,
      objectId: content.importTask.recId,
    },
    "Succeeded",
    100,
    [
      [1, "Reading orders_2024.csv (48,210 rows)."],
      [2, "12 rows skipped: the order date is empty."],
      [1, "Import finished: 48,198 rows."],
    ],
    now - 2 * DAY,
  );
  const failed = await task(
    { name: "Weekly KPI digest run", kind: "Schedule", owner: owner, related: content.schedule.recId },
    "Failed",
    60,
    [
      [1, "Rendering 3 dashboards."],
      [3, "The mail server refused the recipient list."],
    ],
    now - DAY,
  );
  await task(
    { name: "Refresh of Orders 2024", kind: "DataRefresh", owner: analyst, related: content.table.recId },
    "Running",
    40,
    [[1, "Refreshing from Retail warehouse (sample)."]],
    now - 10 * MINUTE,
  );

  // Schedule runs and alert evaluations.
  for (const [days, status, message, taskId] of [
    [8, "Succeeded", "Sent to 4 recipients.", null],
    [1, "Failed", "The mail server refused the recipient list.", failed],
  ] as const) {
    const startedAt = now - days * DAY;
    await history.record(nw, content.schedule.recId, {
      status,
      startedAt,
      finishedAt: startedAt + 3 * MINUTE,
      message,
      taskId,
    });
  }
  for (const [days, status, message] of [
    [3, "Skipped", "Revenue within range."],
    [2, "Triggered", "Revenue dropped 18% below the 7-day average."],
  ] as const) {
    const startedAt = now - days * DAY;
    await history.record(nw, content.alert.recId, {
      status,
      startedAt,
      finishedAt: startedAt,
      message,
      taskId: null,
    });
  }

  // An API key (its secret is not kept anywhere: it would only have been shown to its creator).
  const secret = `tsk_${generateToken()}`;
  await apiKeys.create(
    nw,
    {
      name: "BI sync",
      prefix: secret.slice(0, 10),
      secretHash: hashToken(secret),
      createdByUserId: owner.recId,
      expiresAt: null,
    },
    now - 30 * DAY,
  );

  // Projects.
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  await projects.create(
    nw,
    {
      name: "Q3 revenue dashboard rollout",
      description: "Roll the new revenue dashboards out to every region.",
      status: "Active",
      startDate: iso(now - 14 * DAY),
      dueDate: iso(now + 30 * DAY),
    },
    owner.recId,
    now - 14 * DAY,
  );
  await projects.create(
    nw,
    {
      name: "Data warehouse migration",
      description: "Move the loaders to the new warehouse.",
      status: "Planned",
      startDate: null,
      dueDate: null,
    },
    analyst.recId,
    now - 5 * DAY,
  );
  await projects.create(
    contoso.accountId,
    { name: "Contoso regional KPIs", description: "", status: "Active", startDate: iso(now), dueDate: null },
    contoso.recId,
    now,
  );
}
