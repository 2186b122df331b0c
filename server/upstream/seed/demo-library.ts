/**
 * Demo library content (DESIGN.md §5 demo seed): folders under Team and Personal, objects of every
 * library type in Northwind (the ones seed/demo-content.ts made are filed into folders), media files,
 * a favourite, a personal dashboard shared with a team, a deleted folder, comments; a few folders
 * and objects in Contoso. Tickets, tasks, history, an API key and projects follow in
 * demo-tickets-tasks-projects.ts. Everything goes through the store families, as the routes do.
 */
import { Readable } from "node:stream";
import type { UpstreamContext } from "../context.ts";
import { CONTENT_AREAS, type ContentArea } from "../folders/areas.ts";
import type { UserRecord } from "../store/records.ts";
import type { ContentScope, LibraryObject } from "../store/types/library.ts";
import { demoUser } from "./demo-accounts.ts";
import { type DemoContent, demoThumbnail } from "./demo-content.ts";
import { seedDemoWork } from "./demo-tickets-tasks-projects.ts";

/** Library helpers bound to one user of one account. */
function libraryOf(context: UpstreamContext, user: UserRecord) {
  const { folders, library, media } = context.store.content;
  const now = context.now();
  const scope = (area: ContentArea): ContentScope => ({
    accountId: user.accountId,
    userId: user.recId,
    area,
    types: CONTENT_AREAS[area],
  });
  const roots = (area: ContentArea) => folders.ensureRoots(scope(area), now);
  const folder = async (area: ContentArea, parentId: number, name: string) => {
    const created = await folders.create(scope(area), { parentId, name }, now);
    if (typeof created === "string") throw new Error(`demo seed: folder ${name}: ${created}`);
    return created.recId;
  };
  const object = async (
    area: ContentArea,
    type: string,
    name: string,
    folderId: number,
    properties: Record<string, unknown> = {},
  ): Promise<LibraryObject> => {
    const created = await library.create(scope(area), { type, name, folderId, properties }, now);
    if (typeof created === "string") throw new Error(`demo seed: ${type} ${name}: ${created}`);
    return created;
  };
  const file = async (folderId: number, name: string, contentType: string, data: Buffer) => {
    const staged = await media.stage(Readable.from([data]), name, contentType, data.length);
    const created = await media.commit(scope("MediaManager"), folderId, [staged], now);
    if (typeof created === "string") throw new Error(`demo seed: media ${name}: ${created}`);
    return created[0] as LibraryObject;
  };
  return { scope, roots, folder, object, file, now };
}

/** Seeds the library content and then the work records; the caller runs it once, after demo-content. */
export async function seedDemoLibrary(context: UpstreamContext, content: DemoContent): Promise<void> {
  const { library, comments, folders } = context.store.content;
  const owner = await demoUser(context, "owner");
  const analyst = await demoUser(context, "analyst");
  const nw = libraryOf(context, owner);
  const thumbnail = demoThumbnail();

  // Dashboards: Team/Sales, Team/Marketing/Campaigns, Personal/Drafts, and an archive in Deleted.
  const dashboards = await nw.roots("Dashboards");
  const sales = await nw.folder("Dashboards", dashboards.Team.recId, "Sales");
  const marketing = await nw.folder("Dashboards", dashboards.Team.recId, "Marketing");
  const campaigns = await nw.folder("Dashboards", marketing, "Campaigns");
  const drafts = await nw.folder("Dashboards", dashboards.Personal.recId, "Drafts");
  const [salesOverview, marketingKpis] = content.dashboards;
  if (salesOverview) await library.move(nw.scope("Dashboards"), salesOverview.recId, sales, nw.now);
  if (marketingKpis) await library.move(nw.scope("Dashboards"), marketingKpis.recId, marketing, nw.now);
  await nw.object("Dashboards", "Dashboard", "Spring campaign funnel", campaigns, { Thumbnail: thumbnail });
  const draft = await nw.object("Dashboards", "Dashboard", "Board pack (draft)", drafts, {
    Thumbnail: thumbnail,
  });
  const leadership = (await context.store.teams.list(owner.accountId)).find((t) => t.name === "Leadership");
  if (leadership) await library.share(nw.scope("Dashboards"), draft.recId, leadership.recId, true, nw.now);
  if (salesOverview) await library.setFavourite(nw.scope("Dashboards"), salesOverview.recId, true, nw.now);
  const archive = await nw.folder("Dashboards", dashboards.Team.recId, "Archive 2022");
  await nw.object("Dashboards", "Dashboard", "Pipeline 2022", archive);
  await folders.trash(nw.scope("Dashboards"), archive, nw.now);

  // One object of every other library type, in the Team root of its area (data in a folder).
  const team = async (area: ContentArea) => (await nw.roots(area)).Team.recId;
  const finance = await nw.folder("TableAndViews", await team("TableAndViews"), "Finance");
  if (content.table) await library.move(nw.scope("TableAndViews"), content.table.recId, finance, nw.now);
  await nw.object("TableAndViews", "DataFusion", "Orders + customers", finance);
  await nw.object("TableAndViews", "DataMerge", "Orders 2023–2024", finance);
  await nw.object("TableAndViews", "DataView", "Revenue by region", finance, {
    Query: "SELECT region, SUM(revenue)",
  });
  await nw.object("Binders", "Binder", "Board meeting binder", await team("Binders"));
  await nw.object("LiveDocs", "LiveDoc", "Monthly commentary", await team("LiveDocs"));
  await nw.object("DataHooks", "DataHook", "Stripe webhook", await team("DataHooks"));
  await nw.object("DataStreams", "DataStream", "Web clickstream", await team("DataStreams"));
  await nw.object("Connections", "ConnectionBroker", "On-premises broker", await team("Connections"));
  await nw.object("DataFlows", "DataFlow", "Clean orders", await team("DataFlows"));
  await nw.object("DataScripts", "DataScript", "Currency conversion", await team("DataScripts"));
  await nw.object("Insights", "Insight", "Churn drivers", await team("Insights"));
  await nw.object("Reports", "Report", "Quarterly sales report", await team("Reports"));
  await nw.object("Alerts", "Alert", "Stock below threshold", await team("Alerts"));
  await nw.object("Schedules", "Schedule", "Weekly KPI digest", await team("Schedules"), {
    Cron: "0 8 * * 1",
  });
  await nw.object("ExternalAddOns", "AddOn", "Map visual", await team("ExternalAddOns"));

  // Documents and media: a folder with a logo and a price list.
  const brand = await nw.folder("MediaManager", await team("MediaManager"), "Brand assets");
  await nw.file(brand, "logo-mark.png", "image/png", Buffer.from(thumbnail, "base64"));
  await nw.file(
    brand,
    "price-list.csv",
    "text/csv",
    Buffer.from("Plan,Monthly EUR\nStarter,99\nBusiness,499\n"),
  );

  // A conversation on the sales dashboard.
  if (salesOverview) {
    const say = (author: UserRecord, text: string) =>
      comments.add(
        owner.accountId,
        salesOverview.recId,
        { authorUserId: author.recId, title: "", text, imageUrl: null, isInternal: false, attachments: [] },
        nw.now,
      );
    await say(analyst, "EMEA numbers now include the March corrections.");
    await say(owner, "Thanks — can we add a year-over-year column?");
  }

  // Contoso: a folder and a dashboard, to show isolation on the same calls.
  const contoso = libraryOf(context, await demoUser(context, "contoso"));
  const regional = await contoso.folder(
    "Dashboards",
    (await contoso.roots("Dashboards")).Team.recId,
    "Regional",
  );
  await contoso.object("Dashboards", "Dashboard", "Contoso KPIs", regional, { Thumbnail: thumbnail });
  await contoso.object(
    "Reports",
    "Report",
    "Contoso board report",
    (await contoso.roots("Reports")).Team.recId,
  );

  await seedDemoWork(context, content);
}
