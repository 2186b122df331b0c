/**
 * Helpers of the content-*.test.ts suites (folders, library objects, media, tickets, tasks and the
 * account screens): finding seeded folders and objects over HTTP, multipart uploads, and the
 * "another tenant's record answers exactly like a missing one" assertion.
 */
import assert from "node:assert/strict";
import type { Client, Json, Reply } from "./upstream-fixture.ts";

/** The caller's five roots of an area, by type. */
export async function roots(client: Client, area: string): Promise<Record<string, Json>> {
  const reply = await client.get(`/api/Content/${area}/Folders`);
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return Object.fromEntries((reply.body as Json[]).map((root) => [root.Type, root]));
}

/** The RecId of a live folder named `name` anywhere in the caller's tree of `area`. */
export async function folderId(client: Client, area: string, name: string): Promise<number> {
  const find = (folders: Json[]): Json | undefined => {
    for (const folder of folders) {
      if (folder.Name === name) return folder;
      const inner = find(folder.Children ?? []);
      if (inner) return inner;
    }
    return undefined;
  };
  const found = find(Object.values(await roots(client, area)).filter((root) => root.Type !== "Deleted"));
  if (!found) throw new Error(`no folder ${name} in ${area}`);
  return found.RecId;
}

/** A page of the area's objects (query string without the leading ?). */
export async function listObjects(
  client: Client,
  area: string,
  query = "",
): Promise<{ items: Json[]; total: number }> {
  const paging = query.includes("pageSize=") ? "" : "pageSize=200&";
  const reply = await client.get(`/api/Content/${area}/Objects?${paging}${query}`);
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return reply.body;
}

/** The RecId of the caller's visible live object named `name` in `area`. */
export async function libraryId(client: Client, area: string, name: string): Promise<number> {
  const page = await listObjects(client, area, `search=${encodeURIComponent(name)}`);
  const found = page.items.find((item) => item.Name === name);
  if (!found) throw new Error(`no object ${name} in ${area}`);
  return found.RecId;
}

/** A multipart form with files in the repeated field file[] (§7 uploads) and text fields. */
export function filesForm(
  files: { name: string; data: Buffer; type?: string }[],
  fields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) {
    form.append(
      "file[]",
      new Blob([new Uint8Array(file.data)], { type: file.type ?? "application/octet-stream" }),
      file.name,
    );
  }
  return form;
}

/** The other tenant's record answers exactly like a record that does not exist: same 404, same body. */
export function assertIndistinguishable(foreign: Reply, missing: Reply, what: string): void {
  assert.equal(foreign.status, 404, `${what}: ${JSON.stringify(foreign.body)}`);
  assert.equal(missing.status, 404, `${what} (missing): ${JSON.stringify(missing.body)}`);
  assert.deepEqual(foreign.body, missing.body, `${what}: the body must not reveal existence`);
}

/** The codes of the caller's notifications, newest first. */
export async function notificationCodes(client: Client): Promise<string[]> {
  const reply = await client.get("/api/Notifications/");
  return (reply.body as Json[]).map((notification) => notification.Code);
}

/** A record id no account has. */
export const MISSING_ID = 987_654;
