/**
 * Restarting the upstream keeps every member-side record (the store is real and durable): folders,
 * objects with their favourites and shares, comments, media files (their bytes included), tickets,
 * tasks, API keys and projects — and the seed does not run again over them.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { filesForm, folderId, libraryId, roots } from "./content-fixture.ts";
import { signIn, startUpstream } from "./upstream-fixture.ts";

test("a restart keeps folders, objects, media bytes, tickets, tasks, keys and projects", async () => {
  const first = await startUpstream();
  const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 10, 13]);
  let mediaId: number;
  let folder: number;
  let board: number;
  let ticket: number;
  let keyId: number;
  try {
    const owner = await signIn(first, "owner");
    const team = (await roots(owner, "Dashboards")).Team.RecId;
    folder = (await owner.post("/api/Content/Dashboards/Folders", { Name: "Durable", ParentRecId: team }))
      .body.RecId;
    board = (
      await owner.post("/api/Content/Dashboards/Objects", {
        Type: "Dashboard",
        Name: "Durable board",
        FolderRecId: folder,
        Properties: { Layout: [1, 2, 3] },
      })
    ).body.RecId;
    await owner.put(`/api/Content/Dashboards/Objects/${board}/Favourite`);
    await owner.post(`/api/Content/Dashboards/Objects/${board}/Comments`, {
      Text: "Still here after a restart?",
    });
    mediaId = (await owner.post("/api/Media/Upload", filesForm([{ name: "durable.bin", data: bytes }]))).body
      .items[0].RecId;
    ticket = (await owner.post("/api/SupportTickets", { Title: "Durable ticket", Description: "d" })).body
      .RecId;
    await owner.post(`/api/SupportTickets/${ticket}/Close`);
    keyId = (await owner.post("/api/ApiKeys", { Name: "Durable key" })).body.RecId;
    await owner.post("/api/Projects", { Name: "Durable project", Status: "OnHold" });
  } finally {
    await first.stop();
  }

  const second = await startUpstream({ dataDir: first.dataDir });
  try {
    const owner = await signIn(second, "owner");
    assert.equal(await folderId(owner, "Dashboards", "Durable"), folder);
    const detail = (await owner.get(`/api/Content/Dashboards/Objects/${board}`)).body;
    assert.equal(detail.Name, "Durable board");
    assert.equal(detail.FolderRecId, folder);
    assert.equal(detail.IsFavourite, true);
    assert.deepEqual(detail.Properties, { Layout: [1, 2, 3] });
    const comments = (await owner.get(`/api/Content/Dashboards/Objects/${board}/Comments`)).body;
    assert.equal(comments.at(-1).Text, "Still here after a restart?");
    const download = await owner.get(`/api/Media/${mediaId}/Download`);
    assert.equal(download.status, 200);
    assert.ok(Buffer.compare(download.body, bytes) === 0);
    assert.equal((await owner.get(`/api/SupportTickets/${ticket}`)).body.Status, "Closed");
    assert.ok((await owner.get("/api/ApiKeys")).body.some((key: { RecId: number }) => key.RecId === keyId));
    const projects = (await owner.get("/api/Projects?search=Durable")).body.items;
    assert.deepEqual(
      projects.map((p: { Status: string }) => p.Status),
      ["OnHold"],
    );
    const tasks = (await owner.get("/api/Tasks?search=Orders%202024")).body.items;
    assert.deepEqual(tasks.map((t: { Name: string }) => t.Name).sort(), [
      "Import of Orders 2024",
      "Refresh of Orders 2024",
    ]);
    // The seed did not run again: the seeded dashboard exists once.
    assert.ok(await libraryId(owner, "Dashboards", "Spring campaign funnel"));
    const spring = (await owner.get("/api/Content/Dashboards/Objects?search=Spring")).body;
    assert.equal(spring.total, 1);
  } finally {
    await second.close();
  }
});
